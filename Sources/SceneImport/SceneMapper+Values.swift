import SceneCore
import SceneLoader
import SceneYAML

/// A value read from the file, before it is written for a property's type.
enum ImportValue {
    case bool(Bool)
    case number(Double)
    case string(String)
    case color(String)
    case strings([String])
    /// A record written whole (`{x: 0, y: 0, ...}`, `{axis: vertical}`).
    case record(String)
}

extension SceneMapper {
    /// Counts a colour no scene property takes (a shadow's, a title's in a
    /// state other than normal), reported once for the scene.
    private mutating func countOtherColour(at color: IBElement) {
        count("colors", at: color) { "\($0) other colour(s) (such as a shadow's or a title's) are not carried over" }
    }

    /// The largest coordinate or length a scene takes.
    static let maxLength = 100_000.0

    /// A number as a scene writes it: at most three decimals, no `.0`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// `{x: 36, y: 348, width: 664, height: 50}` from a `<rect>`, each
    /// within the scene format's limits.
    func frame(_ rect: IBElement) -> String {
        func read(_ key: String, low: Double) -> String {
            let value = Double(rect[key] ?? "0") ?? 0
            let clamped = value.isFinite ? min(max(value, low), Self.maxLength) : 0
            return Self.number(clamped)
        }
        let (x, y) = (read("x", low: -Self.maxLength), read("y", low: -Self.maxLength))
        return "{x: \(x), y: \(y), width: \(read("width", low: 0)), height: \(read("height", low: 0))}"
    }

    /// Sets `name` on `object` when its type has a settable property of
    /// that name that `value` fits; otherwise warns at `element`.
    mutating func set(_ object: inout ImportedObject, _ name: String, _ value: ImportValue, at element: IBElement) {
        guard let property = object.type.property(named: name) else {
            warn("\(object.type.name) has no property '\(name)'; the value is not carried over", at: element)
            return
        }
        if property.isReadOnly {
            warn("'\(name)' of \(object.type.name) is read-only; the value is not carried over", at: element)
            return
        }
        guard let text = Self.text(value, for: property.type, range: property.range) else {
            warn(
                "the value does not fit '\(name)' of \(object.type.name) (\(property.type)); it is not carried over",
                at: element)
            return
        }
        object.properties.removeAll { $0.name == name }
        object.properties.append((name, text))
    }

    /// `value` written for a property of `type`, or `nil` when it does not fit.
    static func text(_ value: ImportValue, for type: ValueType, range: ClosedRange<Double>?) -> String? {
        switch (value, type.unwrapped) {
        case (.bool(let flag), .bool): return flag ? "true" : "false"
        case (.number(let number), .double):
            guard number.isFinite, range.map({ $0.contains(number) }) ?? true else { return nil }
            return Self.number(number)
        case (.number(let number), .int):
            guard number.isFinite, number == number.rounded(), abs(number) < 1e15,
                range.map({ $0.contains(number) }) ?? true
            else { return nil }
            return String(Int(number))
        case (.number(let number), .duration):
            guard number.isFinite, number >= 0, number < 1e9 else { return nil }
            return Self.number(number) + "s"
        case (.string(let text), .string): return YAMLWriter.doubleQuoted(text)
        case (.string(let text), .enumeration(_, let cases)): return cases.contains(text) ? text : nil
        case (.color(let hex), .color): return "\"\(hex)\""
        case (.strings(let texts), .list(.string)):
            return "[" + texts.map(YAMLWriter.doubleQuoted).joined(separator: ", ") + "]"
        case (.record(let text), .record): return text
        default: return nil
        }
    }

    /// The colour of a `<color>`, or a warning and `nil`.
    mutating func color(_ element: IBElement) -> ImportValue? {
        switch IBColor.resolve(element, resources: document.systemColors) {
        case .color(let hex): return .color(hex)
        case .unavailable(let reason):
            warn("\(reason); the colour is not carried over", at: element)
            return nil
        }
    }

    // MARK: - A view's attributes

    /// What a view's element holds that its type takes: colours, hidden,
    /// alpha, and each control's own values.
    mutating func viewProperties(of element: IBElement, into object: inout ImportedObject) {
        if element["hidden"] == "YES" { set(&object, "hidden", .bool(true), at: element) }
        if let alpha = element["alpha"].flatMap(Double.init), alpha != 1 {
            set(&object, "alpha", .number(alpha), at: element)
        }
        for color in element.children(named: "color") {
            switch color["key"] {
            case "backgroundColor":
                if let value = self.color(color) { set(&object, "backgroundColor", value, at: color) }
            case "textColor":
                if let value = self.color(color) { set(&object, "textColor", value, at: color) }
            default:
                if styleColor(color, into: &object) { continue }
                if color["key"] == "tintColor" {
                    count("tint", at: color) {
                        "\($0) tint colour(s) are not carried over; the controls draw their own"
                    }
                } else {
                    countOtherColour(at: color)
                }
            }
        }
        styleProperties(of: element, into: &object)
        switch element.name {
        case "label":
            let text = element["text"] ?? element.child("string", key: "text")?.text
            if let text { set(&object, "text", .string(text), at: element) }
            object.title = text
        case "button":
            if let normal = element.children(named: "state").first(where: { $0["key"] == "normal" }) {
                let title = normal["title"] ?? normal.child("string", key: "title")?.text
                if let title, !title.isEmpty {
                    set(&object, "title", .string(title), at: normal)
                    object.title = title
                }
                if normal["image"] != nil || normal["backgroundImage"] != nil {
                    count("images", at: normal) { "\($0) asset image(s) are not carried over" }
                }
            }
            for state in element.children(named: "state") {
                if state["key"] != "normal", state["title"] != nil || state.child("string") != nil {
                    count("states", at: state) {
                        "\($0) title(s) of other states (selected, highlighted, disabled) are not carried over"
                    }
                }
                for color in state.children(named: "color") {
                    countOtherColour(at: color)
                }
            }
            if element["enabled"] == "NO" { set(&object, "enabled", .bool(false), at: element) }
        case "textField":
            if let text = element["text"], !text.isEmpty { set(&object, "text", .string(text), at: element) }
            if let placeholder = element["placeholder"] {
                set(&object, "placeholder", .string(placeholder), at: element)
                object.title = placeholder
            }
            if element.child("textInputTraits")?["secureTextEntry"] == "YES" {
                set(&object, "secure", .bool(true), at: element)
            }
            if element["enabled"] == "NO" { set(&object, "enabled", .bool(false), at: element) }
        case "slider":
            numbers(element, [("minValue", "minimum"), ("maxValue", "maximum"), ("value", "value")], &object)
        case "stepper":
            numbers(
                element,
                [("minimumValue", "minimum"), ("maximumValue", "maximum"), ("stepValue", "step"), ("value", "value")],
                &object)
        case "progressView":
            numbers(element, [("progress", "progress")], &object)
        case "switch":
            set(&object, "isOn", .bool(element["on"] == "YES"), at: element)
        case "pageControl":
            numbers(element, [("numberOfPages", "numberOfPages"), ("currentPage", "currentPage")], &object)
        case "segmentedControl":
            let titles = element.child("segments")?.children(named: "segment").map { $0["title"] ?? "" } ?? []
            set(&object, "segments", .strings(titles), at: element)
            numbers(element, [("selectedSegmentIndex", "selectedIndex")], &object)
        case "imageView":
            if let image = element["image"] { set(&object, "image", .string(image), at: element) }
        case "activityIndicatorView":
            if element["animating"] == "YES" { set(&object, "startsAnimating", .bool(true), at: element) }
        case "stackView":
            stackLayout(element, &object)
        default:
            break
        }
    }

    private mutating func numbers(
        _ element: IBElement, _ pairs: [(attribute: String, property: String)], _ object: inout ImportedObject
    ) {
        for pair in pairs {
            guard let text = element[pair.attribute] else { continue }
            guard let value = Double(text) else {
                warn("'\(pair.attribute)' is not a number; it is not carried over", at: element)
                continue
            }
            set(&object, pair.property, .number(value), at: element)
        }
    }

    /// A stack view's axis, spacing and alignment as `layout:`.
    private mutating func stackLayout(_ element: IBElement, _ object: inout ImportedObject) {
        var fields = ["axis: \(element["axis"] == "vertical" ? "vertical" : "horizontal")"]
        if let spacing = element["spacing"].flatMap(Double.init), spacing.isFinite {
            fields.append("spacing: \(Self.number(min(max(spacing, 0), Self.maxLength)))")
        } else {
            fields.append("spacing: 0")
        }
        let alignment: String
        switch element["alignment"] {
        case nil, "fill": alignment = "fill"
        case "top", "leading": alignment = "leading"
        case "center": alignment = "center"
        case "bottom", "trailing": alignment = "trailing"
        default:
            alignment = "fill"
            warn("the stack's alignment '\(element["alignment"] ?? "")' is imported as fill", at: element)
        }
        fields.append("alignment: \(alignment)")
        if let distribution = element["distribution"], distribution != "fill" {
            warn(
                "the stack's distribution '\(distribution)' is not carried over; views take their own size", at: element
            )
        }
        set(&object, "layout", .record("{" + fields.joined(separator: ", ") + "}"), at: element)
    }

    // MARK: - Runtime attributes

    /// The user defined runtime attributes of `element` as properties, each
    /// renamed by the map and checked against the type.
    mutating func runtimeAttributes(of element: IBElement, into object: inout ImportedObject) {
        let entry = map.entry(object.ibClass, fallback: object.uikitClass)
        for attribute in element.child("userDefinedRuntimeAttributes")?.children ?? [] {
            guard let keyPath = attribute["keyPath"] else { continue }
            if keyPath.hasPrefix("layer.") {
                warn("the layer key path '\(keyPath)' is not carried over", at: attribute)
                continue
            }
            let value: ImportValue?
            switch attribute["type"] {
            case "boolean": value = .bool(attribute["value"] == "YES")
            case "number":
                let text = attribute["value"] ?? attribute.children.first?["value"]
                value = text.flatMap(Double.init).map(ImportValue.number)
            case "string": value = (attribute["value"] ?? attribute.child("string")?.text).map(ImportValue.string)
            case "color": value = attribute.children.first { $0.name == "color" }.flatMap { color($0) }
            default:
                warn(
                    "the runtime attribute '\(keyPath)' of type \(attribute["type"] ?? "?") is not carried over",
                    at: attribute, hint: "number, boolean, string and colour attributes are")
                continue
            }
            guard let value else {
                warn("the runtime attribute '\(keyPath)' has no value the importer reads", at: attribute)
                continue
            }
            set(&object, entry.properties[keyPath] ?? keyPath, value, at: attribute)
        }
    }
}
