import Behaviours
import SceneCore

/// A portable ``Behaviours/TableSection`` as a scene writes it: a record
/// `{title: String, rows: [String], details: [String]?, images: [String]?}`
/// (`title` and `rows` required).
///
///     - { title: Network, rows: [Wi-Fi, Bluetooth], details: [Home, "On"], images: [wifi, bluetooth] }
///
/// `details` are drawn at the right of each row as a UIKit cell of style
/// value1 draws its detail text; `images` name an image drawn at the left
/// of each row (an ``ImageView``'s placeholder). A section without them is
/// written, printed and compared as it was before the two fields existed:
/// its value has only `title` and `rows`.
extension TableSection: SceneValueConvertible {
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

/// The portable `TableData` in a scene: shown by a ``TableView`` and paged
/// through by a ``PageController``, its `@Reported` sections reach the
/// transcript.
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
/// Its ``Behaviours/TableData/changed`` is a Swift-only event, not a scene one.
extension TableData: SceneObject, PropertyNotifying {
    /// Needs nothing from the scene.
    public func awake(in scene: Scene) {}

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
