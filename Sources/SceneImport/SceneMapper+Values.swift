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
        count("colors", .attributeNotImported, at: color) {
            "\($0) other colour(s) (such as a shadow's or a title's) are not carried over"
        }
    }

    /// The largest coordinate or length a scene takes.
    static let maxLength = SceneGeometry.maxPoints

    /// A number as the scene format reads it back to the same `Double`:
    /// a whole number as digits, any other as Swift's shortest text that
    /// reads back exactly (`0.1`, `1e+20`). `value` is finite.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }

    /// A length or coordinate as a scene writes it: rounded to a thousandth
    /// of a point, which no picture can tell apart.
    static func length(_ value: Double) -> String {
        number((value * 1000).rounded() / 1000)
    }

    /// `value` (finite, at least 0) as a decimal without an exponent, for a
    /// duration in seconds (`0.00001`, not `1e-05`).
    static func decimal(_ value: Double) -> String {
        let text = number(value)
        guard let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: exponentIndex)...])
        else { return text }
        let mantissa = text[..<exponentIndex]
        let isNegative = mantissa.hasPrefix("-")
        let unsigned = isNegative ? mantissa.dropFirst() : mantissa
        let point = unsigned.firstIndex(of: ".").map { unsigned.distance(from: unsigned.startIndex, to: $0) }
        let digits = unsigned.filter { $0 != "." }
        let wholeDigits = (point ?? digits.count) + exponent
        let written: String
        if wholeDigits <= 0 {
            written = "0." + String(repeating: "0", count: -wholeDigits) + digits
        } else if wholeDigits >= digits.count {
            written = digits + String(repeating: "0", count: wholeDigits - digits.count)
        } else {
            written = String(digits.prefix(wholeDigits)) + "." + String(digits.dropFirst(wholeDigits))
        }
        return (isNegative ? "-" : "") + written
    }

    /// What the text of a number attribute holds.
    enum NumberReading: Equatable {
        /// A decimal number, as a scene reads one.
        case number(Double)
        /// Not a decimal number (`nan`, `abc`, `1,5`, `0x10`).
        case notANumber
        /// A decimal number beyond what a `Double` holds (`1e400`).
        case outOfRange
    }

    /// `text` read as the scene format reads a number: decimal, no `inf`,
    /// `nan` or hexadecimal.
    static func reading(_ text: String) -> NumberReading {
        if let value = ScalarSyntax.double(text) { return .number(value) }
        let isDecimal = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("+-.eE".utf8).contains(byte)
        }
        return isDecimal && Double(text)?.isInfinite == true ? .outOfRange : .notANumber
    }

    /// The number of the attribute `name` of `element`, or `nil` with a
    /// warning saying what is done instead (`instead`: "0 is used", "it is
    /// not carried over") when it holds something else. `label` names the
    /// attribute for the message (default `'name'`); `code` is the
    /// warning's (`value-changed` when a value is used instead).
    mutating func number(
        _ name: String, of element: IBElement, label: String? = nil, instead: String = "it is not carried over",
        code: DiagnosticCode = .attributeNotImported
    ) -> Double? {
        guard let text = element[name] else { return nil }
        let label = label ?? "'\(name)'"
        switch Self.reading(text) {
        case .number(let value): return value
        case .notANumber: warn(code, "\(label) is '\(Self.shown(text))', not a number; \(instead)", at: element)
        case .outOfRange:
            warn(code, "\(label) is \(Self.shown(text)), beyond any number a scene holds; \(instead)", at: element)
        }
        return nil
    }

    /// `text` for a warning: on one line, at most 64 characters.
    static func shown(_ text: String) -> String { XMLReader.shown(text) }

    /// `{x: 36, y: 348, width: 664, height: 50}` from a `<rect>`; a value
    /// that is not a number, or beyond the scene format's limits, is
    /// warned about and replaced (by 0, or the nearest limit).
    mutating func frame(_ rect: IBElement) -> String {
        func read(_ key: String, _ range: ClosedRange<Double>) -> String {
            let label = "the frame's '\(key)'"
            guard rect[key] != nil else {
                warn(.valueChanged, "\(label) is missing; 0 is used", at: rect)
                return "0"
            }
            guard let value = number(key, of: rect, label: label, instead: "0 is used", code: .valueChanged) else {
                return "0"
            }
            guard range.contains(value) else {
                let used = min(max(value, range.lowerBound), range.upperBound)
                let why =
                    value < 0 && range.lowerBound == 0
                    ? "a negative size"
                    : "beyond what a scene takes (\(Self.number(range.lowerBound)) to \(Self.number(range.upperBound)))"
                warn(.valueChanged, "\(label) is \(Self.number(value)), \(why); \(Self.number(used)) is used", at: rect)
                return Self.length(used)
            }
            return Self.length(value)
        }
        let (x, y) = (read("x", SceneGeometry.coordinates), read("y", SceneGeometry.coordinates))
        let (width, height) = (read("width", SceneGeometry.lengths), read("height", SceneGeometry.lengths))
        return "{x: \(x), y: \(y), width: \(width), height: \(height)}"
    }

    /// Sets `name` on `object` when its type has a settable property of
    /// that name that `value` fits; otherwise warns at `element`.
    mutating func set(_ object: inout ImportedObject, _ name: String, _ value: ImportValue, at element: IBElement) {
        guard let property = object.type.property(named: name) else {
            warn(
                .attributeNotImported, "\(object.type.name) has no property '\(name)'; the value is not carried over",
                at: element)
            return
        }
        if property.isReadOnly {
            warn(
                .attributeNotImported, "'\(name)' of \(object.type.name) is read-only; the value is not carried over",
                at: element)
            return
        }
        guard let text = Self.text(value, for: property.type, range: property.range) else {
            if case .number(let number) = value, let range = property.range, !range.contains(number) {
                warn(
                    .attributeNotImported,
                    "\(Self.number(number)) is outside the range of '\(name)' of \(object.type.name) (\(Self.number(range.lowerBound)) to \(Self.number(range.upperBound))); it is not carried over",
                    at: element)
            } else {
                warn(
                    .attributeNotImported,
                    "the value does not fit '\(name)' of \(object.type.name) (\(property.type)); it is not carried over",
                    at: element)
            }
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
            return Self.decimal(number) + "s"
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
            warn(.attributeNotImported, "\(reason); the colour is not carried over", at: element)
            return nil
        case .clamped(let hex, let reason):
            warn(.valueChanged, reason, at: element)
            return .color(hex)
        }
    }

    // MARK: - A view's attributes

    /// What a view's element holds that its type takes: colours, hidden,
    /// alpha, and each control's own values.
    mutating func viewProperties(of element: IBElement, into object: inout ImportedObject) {
        if element["hidden"] == "YES" { set(&object, "hidden", .bool(true), at: element) }
        if let alpha = number("alpha", of: element), alpha != 1 {
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
                    count("tint", .attributeNotImported, at: color) {
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
                    count("images", .attributeNotImported, at: normal) { "\($0) asset image(s) are not carried over" }
                }
            }
            for state in element.children(named: "state") {
                if state["key"] != "normal", state["title"] != nil || state.child("string") != nil {
                    count("states", .attributeNotImported, at: state) {
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
        case "tableView":
            if let style = element["style"], style != "plain" { set(&object, "style", .string(style), at: element) }
        case "tabBar":
            tabBarItems(of: element, into: &object)
        default:
            break
        }
    }

    private mutating func numbers(
        _ element: IBElement, _ pairs: [(attribute: String, property: String)], _ object: inout ImportedObject
    ) {
        for pair in pairs {
            guard let value = number(pair.attribute, of: element) else { continue }
            set(&object, pair.property, .number(value), at: element)
        }
    }

    /// A stack view's axis, spacing, alignment and distribution as `layout:`.
    private mutating func stackLayout(_ element: IBElement, _ object: inout ImportedObject) {
        var fields = ["axis: \(element["axis"] == "vertical" ? "vertical" : "horizontal")"]
        var spacing = number("spacing", of: element, instead: "0 is used", code: .valueChanged) ?? 0
        if !SceneGeometry.lengths.contains(spacing) {
            let used = min(max(spacing, 0), Self.maxLength)
            warn(
                .valueChanged,
                "'spacing' is \(Self.number(spacing)), outside what a scene takes (0 to \(Self.number(Self.maxLength))); \(Self.number(used)) is used",
                at: element)
            spacing = used
        }
        fields.append("spacing: \(Self.length(spacing))")
        let alignment: String
        switch element["alignment"] {
        case nil, "fill": alignment = "fill"
        case "top", "leading": alignment = "leading"
        case "center": alignment = "center"
        case "bottom", "trailing": alignment = "trailing"
        default:
            alignment = "fill"
            warn(
                .valueChanged, "the stack's alignment '\(Self.shown(element["alignment"] ?? ""))' is imported as fill",
                at: element)
        }
        fields.append("alignment: \(alignment)")
        // Interface Builder leaves out its default, fill, which the views
        // of a stack without a distribution are laid out close to.
        switch element["distribution"] {
        case nil, "fill"?: break
        case let distribution?
        where ["fillEqually", "fillProportionally", "equalSpacing", "equalCentering"].contains(distribution):
            fields.append("distribution: \(distribution)")
        case let distribution?:
            warn(
                .attributeNotImported,
                "the stack's distribution '\(Self.shown(distribution))' is not carried over; views take their own size",
                at: element
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
                warn(.attributeNotImported, "the layer key path '\(keyPath)' is not carried over", at: attribute)
                continue
            }
            let value: ImportValue?
            switch attribute["type"] {
            case "boolean": value = .bool(attribute["value"] == "YES")
            case "number":
                let holder = attribute["value"] != nil ? attribute : attribute.children.first ?? attribute
                guard holder["value"] != nil else {
                    value = nil
                    break
                }
                guard let number = number("value", of: holder, label: "the value of '\(keyPath)'") else { continue }
                value = .number(number)
            case "string": value = (attribute["value"] ?? attribute.child("string")?.text).map(ImportValue.string)
            case "color": value = attribute.children.first { $0.name == "color" }.flatMap { color($0) }
            default:
                warn(
                    .attributeNotImported,
                    "the runtime attribute '\(keyPath)' of type \(attribute["type"] ?? "?") is not carried over",
                    at: attribute, hint: "number, boolean, string and colour attributes are")
                continue
            }
            guard let value else {
                warn(
                    .attributeNotImported, "the runtime attribute '\(keyPath)' has no value the importer reads",
                    at: attribute)
                continue
            }
            set(&object, entry.properties[keyPath] ?? keyPath, value, at: attribute)
        }
    }
}
