import SceneCore

/// One section of a ``TableData``: a title and its rows, written in a scene
/// as a record `{title: String, rows: [String]}` (both fields required).
public struct TableSection: SceneValueConvertible, Hashable, Sendable {
    /// The section's header.
    public var title: String
    /// The rows' texts, in order.
    public var rows: [String]

    /// A section titled `title` with `rows`.
    public init(title: String, rows: [String] = []) {
        self.title = title
        self.rows = rows
    }

    /// A record named `Section` with the fields `title: String` and
    /// `rows: [String]`.
    public static var sceneValueType: ValueType {
        .record(name: "Section", fields: [RecordField("title", .string), RecordField("rows", .list(.string))])
    }

    /// Converts a mapping with a `title` and `rows`; `nil` for any other shape.
    public init?(sceneValue: SceneValue) {
        guard case .map(let pairs) = sceneValue,
            let title = pairs.first(where: { $0.key == "title" }).flatMap({ String(sceneValue: $0.value) }),
            let rows = pairs.first(where: { $0.key == "rows" }).flatMap({ [String](sceneValue: $0.value) })
        else { return nil }
        self.init(title: title, rows: rows)
    }

    /// The section as a mapping, `title` first.
    public var sceneValue: SceneValue {
        .map([SceneValue.Pair("title", title.sceneValue), SceneValue.Pair("rows", rows.sceneValue)])
    }
}

/// A table's model: titled sections of rows, shown by a ``TableView`` and
/// paged through by a ``PageController``: one model for a paged and an
/// unpaged view of the same content.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types TableData`.
///
///     objects:
///       latin:
///         type: TableData
///         sections:
///           - { title: Lorem, rows: [ipsum, dolor] }
///           - { title: Sit, rows: [amet] }
///
/// Every change of `sections` is sent to ``changed`` (a Swift-only event,
/// not a scene one), which is how a ``PageController`` keeps its page count
/// and the indicator up to date when a scene sets new sections.
public final class TableData: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    public final var propertyObservers: PropertyObservers?
    /// The sections, in order; each one is a page to a ``PageController``.
    public var sections: [TableSection] = [] {
        didSet {
            changed.send()
            propertyDidChange(\.sections, from: oldValue, to: sections)
        }
    }

    /// Sent after every change of ``sections``.
    public private(set) lazy var changed = SceneEvent<Void>()

    /// A model with no sections.
    public init() {}

    /// A model with `sections`.
    public init(sections: [TableSection]) {
        self.sections = sections
    }

    /// Needs nothing from the scene.
    public func awake(in scene: Scene) {}

    // MARK: Registration

    /// Registers `TableData` with its `sections`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "TableData", summary: "A table's model: titled sections of rows.", make: { TableData() }
        ) { type in
            type.property(
                "sections", \.sections, changeEvent: true,
                doc: "The sections in order, each {title, rows}; a PageController shows one per page.")
        }
    }
}
