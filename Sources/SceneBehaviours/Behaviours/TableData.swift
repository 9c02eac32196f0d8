import SceneCore

/// One section of a ``TableData``: a title and its rows, written in a scene
/// as a record `{title: String, rows: [String], details: [String]?,
/// images: [String]?}` (`title` and `rows` required).
///
///     - { title: Network, rows: [Wi-Fi, Bluetooth], details: [Home, "On"], images: [wifi, bluetooth] }
///
/// `details` are the rows' second texts, drawn at the right of each row as
/// a UIKit cell of style value1 draws its detail text; `images` name an
/// image drawn at the left of each row (an ``ImageView``'s placeholder).
/// Either list may be shorter than `rows` (the rows past its end have
/// none), and an empty text or name is no detail or image. A section
/// without them is written, printed and compared as it was before the two
/// fields existed: its value has only `title` and `rows`.
public struct TableSection: SceneValueConvertible, Hashable, Sendable {
    /// The section's header.
    public var title: String
    /// The rows' texts, in order.
    public var rows: [String]
    /// The rows' detail texts, in order, or `nil` for none.
    public var details: [String]?
    /// The names of the rows' images, in order, or `nil` for none.
    public var images: [String]?

    /// A section titled `title` with `rows`, without details or images.
    public init(title: String, rows: [String] = []) {
        self.init(title: title, rows: rows, details: nil, images: nil)
    }

    /// A section titled `title` with `rows`, and the rows' `details` and
    /// `images` (`nil` for none).
    public init(title: String, rows: [String] = [], details: [String]?, images: [String]? = nil) {
        self.title = title
        self.rows = rows
        self.details = details
        self.images = images
    }

    /// The detail text of the row at `index`, or `nil` for none.
    public func detail(at index: Int) -> String? {
        guard let details, details.indices.contains(index), !details[index].isEmpty else { return nil }
        return details[index]
    }

    /// The image name of the row at `index`, or `nil` for none.
    public func image(at index: Int) -> String? {
        guard let images, images.indices.contains(index), !images[index].isEmpty else { return nil }
        return images[index]
    }

    /// A record named `Section` with the fields `title: String`,
    /// `rows: [String]`, `details: [String]?` and `images: [String]?`.
    public static var sceneValueType: ValueType {
        .record(
            name: "Section",
            fields: [
                RecordField("title", .string), RecordField("rows", .list(.string)),
                RecordField("details", .optional(.list(.string))), RecordField("images", .optional(.list(.string))),
            ])
    }

    /// Converts a mapping with a `title` and `rows`, and `details` and
    /// `images` left out, `null` or lists of strings; `nil` for any other
    /// shape.
    public init?(sceneValue: SceneValue) {
        guard case .map(let pairs) = sceneValue,
            let title = pairs.first(where: { $0.key == "title" }).flatMap({ String(sceneValue: $0.value) }),
            let rows = pairs.first(where: { $0.key == "rows" }).flatMap({ [String](sceneValue: $0.value) })
        else { return nil }
        func texts(_ key: String) -> [String]?? {
            guard let value = pairs.first(where: { $0.key == key })?.value, value != .null else { return .some(nil) }
            return [String](sceneValue: value).map { .some($0) }
        }
        guard let details = texts("details"), let images = texts("images") else { return nil }
        self.init(title: title, rows: rows, details: details, images: images)
    }

    /// The section as a mapping, `title` first; `details` and `images`
    /// only when the section has them, so that a section without them has
    /// the value (and the printed form) it had before they existed.
    public var sceneValue: SceneValue {
        var pairs = [SceneValue.Pair("title", title.sceneValue), SceneValue.Pair("rows", rows.sceneValue)]
        if let details { pairs.append(SceneValue.Pair("details", details.sceneValue)) }
        if let images { pairs.append(SceneValue.Pair("images", images.sceneValue)) }
        return .map(pairs)
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
                doc:
                    "The sections in order, each {title, rows} and the rows' details and images if any; a PageController shows one per page."
            )
        }
    }
}
