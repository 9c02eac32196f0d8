import SceneCore
import SceneYAML

/// Resolves YAML nodes to ``SceneValue``s by the destination's declared
/// ``ValueType``, never by YAML 1.1 implicit typing: `no` is the string "no"
/// for a String and an error for a Bool.
struct ValueResolver {
    /// Resolves `node` as `type` for the key called `subject` in messages;
    /// `nil` after adding a diagnostic.
    ///
    /// `subject` is only called to write a message, so that a valid value
    /// costs no string building.
    static func resolve(
        _ node: YAMLDocument.Node, in document: borrowing YAMLDocument, as type: ValueType,
        range: ClosedRange<Double>? = nil,
        subject: () -> String, origin: DiagnosticOrigin?, into diagnostics: inout DiagnosticCollector
    ) -> SceneValue? {
        if document.isNull(node) {
            if type.isOptional { return .null }
            diagnostics.add(
                .nullValue(subject: subject(), isText: type.unwrapped == .string), at: document.span(node), in: origin)
            return nil
        }
        switch type {
        case .optional(let wrapped):
            return resolve(
                node, in: document, as: wrapped, range: range, subject: subject, origin: origin, into: &diagnostics)
        case .list(let element):
            guard document.kind(node) == .sequence else {
                diagnostics.add(
                    .listExpected(subject: subject(), found: document.kindDescription(node)), at: document.span(node),
                    in: origin)
                return nil
            }
            var values: [SceneValue] = []
            values.reserveCapacity(document.count(node))
            var isValid = true
            for (index, item) in document.items(node).enumerated() {
                if let value = resolve(
                    item, in: document, as: element, range: range, subject: { "\(subject())[\(index)]" },
                    origin: origin, into: &diagnostics)
                {
                    values.append(value)
                } else {
                    isValid = false
                }
            }
            return isValid ? .list(values) : nil
        case .stringMap(let valueType):
            guard document.kind(node) == .mapping else {
                diagnostics.add(
                    .mappingExpected(subject: subject(), found: document.kindDescription(node)),
                    at: document.span(node), in: origin
                )
                return nil
            }
            var pairs: [SceneValue.Pair] = []
            var isValid = true
            for entry in document.entries(node) {
                if let value = resolve(
                    entry.value, in: document, as: valueType, range: range,
                    subject: { "\(subject()).\(entry.key)" }, origin: origin, into: &diagnostics)
                {
                    pairs.append(SceneValue.Pair(entry.key, value))
                } else {
                    isValid = false
                }
            }
            return isValid ? .map(pairs) : nil
        case .record(let name, let fields):
            return resolveRecord(
                node, in: document, name: name, fields: fields, subject: subject, origin: origin, into: &diagnostics)
        default:
            // Most values are written plainly and are valid: those are read
            // from their bytes in place, without making a `String`.
            if let value = quickScalar(node, in: document, as: type, range: range) { return value }
            guard let text = document.text(node) else {
                diagnostics.add(
                    .valueExpected(subject: subject(), type: type, found: document.kindDescription(node)),
                    at: document.span(node), in: origin)
                return nil
            }
            return resolveScalar(
                text, span: { document.span(node) }, as: type, range: range, subject: subject, origin: origin,
                into: &diagnostics)
        }
    }

    private static func resolveRecord(
        _ node: YAMLDocument.Node, in document: borrowing YAMLDocument, name: String, fields: [RecordField],
        subject: () -> String, origin: DiagnosticOrigin?, into diagnostics: inout DiagnosticCollector
    ) -> SceneValue? {
        guard document.kind(node) == .mapping else {
            diagnostics.add(
                .recordExpected(subject: subject(), fields: fields.map(\.name), found: document.kindDescription(node)),
                at: document.span(node), in: origin)
            return nil
        }
        // Each key's field, found by its bytes: no string is made of a key
        // unless it names no field. The nodes found are kept on the stack.
        return withUnsafeTemporaryAllocation(of: YAMLDocument.Node?.self, capacity: fields.count) { fieldValues in
            fieldValues.initialize(repeating: nil)
            defer { fieldValues.deinitialize() }
            var isValid = true
            document.forEachEntryNode(node) { keyNode, value in
                var found: Int?
                document.withScalarBytes(keyNode) { found = fieldIndex(named: $0, in: fields) }
                if let found {
                    // A key written twice is refused by the YAML reader.
                    fieldValues[found] = value
                    return
                }
                let key = document.text(keyNode) ?? ""
                // Text beyond ASCII may still be a field's name as Swift compares strings.
                if let index = fields.firstIndex(where: { $0.name == key }) {
                    fieldValues[index] = value
                    return
                }
                diagnostics.add(
                    .unknownField(
                        record: name, field: key, suggestion: Suggestions.closest(to: key, in: fields.map(\.name)),
                        fields: fields.map(\.name)),
                    at: document.writtenSpan(keyNode), in: origin)
                isValid = false
            }
            var pairs: [SceneValue.Pair] = []
            pairs.reserveCapacity(fields.count)
            for index in fields.indices {
                let field = fields[index]
                guard let value = fieldValues[index] else {
                    // An optional field left out stays out of the value, so that a
                    // field added to a record later changes no value written before
                    // it (nor how a transcript prints it).
                    if !field.type.isOptional {
                        diagnostics.add(
                            .missingField(subject: subject(), field: field.name, type: field.type),
                            at: document.span(node), in: origin)
                        isValid = false
                    }
                    continue
                }
                if let value = resolve(
                    value, in: document, as: field.type, range: field.range,
                    subject: { "\(subject()).\(field.name)" }, origin: origin, into: &diagnostics)
                {
                    pairs.append(SceneValue.Pair(field.name, value))
                } else {
                    isValid = false
                }
            }
            return isValid ? .map(pairs) : nil
        }
    }

    /// The index of the field of `fields` whose name's UTF-8 is `bytes`;
    /// `nil` when none is (or a name is not stored contiguously, which
    /// the caller's comparison of strings then settles).
    private static func fieldIndex(named bytes: UnsafeBufferPointer<UInt8>, in fields: [RecordField]) -> Int? {
        for index in fields.indices {
            let matches = fields[index].name.utf8.withContiguousStorageIfAvailable { name in
                guard name.count == bytes.count else { return false }
                for offset in 0..<name.count where name[offset] != bytes[offset] { return false }
                return true
            }
            if matches == true { return index }
        }
        return nil
    }

    /// The value of the scalar `node` as a Bool, an Int, a short decimal
    /// Double or a case of an enumeration, read from its bytes, when it is
    /// valid (within `range`); `nil` for anything else, which
    /// ``resolveScalar(_:span:as:range:subject:into:)`` then resolves (or
    /// reports) from its text, to the same value.
    private static func quickScalar(
        _ node: YAMLDocument.Node, in document: borrowing YAMLDocument, as type: ValueType,
        range: ClosedRange<Double>?
    ) -> SceneValue? {
        switch type {
        case .bool, .int, .double, .enumeration: break
        default: return nil
        }
        var result: SceneValue?
        document.withScalarBytes(node) { bytes in
            switch type {
            case .bool:
                if bytes.elementsEqual("true".utf8) {
                    result = .bool(true)
                } else if bytes.elementsEqual("false".utf8) {
                    result = .bool(false)
                }
            case .int:
                guard let value = ScalarSyntax.integer(bytes), range?.contains(Double(value)) ?? true else { return }
                result = .int(value)
            case .double:
                guard let value = ScalarSyntax.shortDecimal(bytes), range?.contains(value) ?? true else { return }
                result = .double(value)
            case .enumeration(_, let cases):
                if let match = cases.first(where: { $0.utf8.elementsEqual(bytes) }) { result = .enumCase(match) }
            default:
                break
            }
        }
        return result
    }

    /// Resolves the scalar `text`; `span` is only called for a message.
    private static func resolveScalar(
        _ text: String, span: () -> SourceSpan, as type: ValueType, range: ClosedRange<Double>?,
        subject: () -> String, origin: DiagnosticOrigin?, into diagnostics: inout DiagnosticCollector
    ) -> SceneValue? {
        func fail(_ hint: String? = nil) -> SceneValue? {
            diagnostics.add(
                .invalidValue(subject: subject(), type: type, text: text, hint: hint), at: span(), in: origin)
            return nil
        }
        switch type {
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default:
                switch text.lowercased() {
                case "true", "yes", "y", "on": return fail("scene files take booleans literally: write true")
                case "false", "no", "n", "off": return fail("scene files take booleans literally: write false")
                default: return fail()
                }
            }
        case .int:
            guard let value = ScalarSyntax.integer(text) else {
                if ScalarSyntax.isDecimalDigits(text) {
                    diagnostics.add(.integerTooLarge(subject: subject(), text: text), at: span(), in: origin)
                    return nil
                }
                return fail(ScalarSyntax.double(text) != nil ? "write a whole number, without a fraction" : nil)
            }
            return check(.int(value), Double(value), range, subject, span, origin, &diagnostics)
        case .double:
            guard let value = ScalarSyntax.double(text) else { return fail() }
            return check(.double(value), value, range, subject, span, origin, &diagnostics)
        case .string:
            return .string(text)
        case .duration:
            guard let value = ScalarSyntax.duration(text) else {
                return fail("write seconds (3, 0.25) or a number with units: 250ms, 3s, 1m30s, 1h")
            }
            return check(.duration(value), value.seconds, range, subject, span, origin, &diagnostics)
        case .color:
            guard let value = Color(parsing: text) else {
                return fail(
                    Suggestions.hint(
                        for: text, in: Color.named.map(\.name),
                        fallback:
                            "write #RRGGBB, #RRGGBBAA or a name: \(Color.named.map(\.name).joined(separator: ", "))"
                    ))
            }
            return .color(value)
        case .enumeration(_, let cases):
            guard cases.contains(text) else { return fail(Suggestions.hint(for: text, in: cases)) }
            return .enumCase(text)
        default:
            return fail()
        }
    }

    private static func check(
        _ value: SceneValue, _ number: Double, _ range: ClosedRange<Double>?, _ subject: () -> String,
        _ span: () -> SourceSpan, _ origin: DiagnosticOrigin?, _ diagnostics: inout DiagnosticCollector
    ) -> SceneValue? {
        guard let range, !range.contains(number) else { return value }
        var (shown, isDuration) = (value.description, false)
        if case .duration(let duration) = value { (shown, isDuration) = (duration.sceneText, true) }
        diagnostics.add(
            .outOfRange(subject: subject(), value: shown, range: range, isDuration: isDuration), at: span(), in: origin)
        return nil
    }
}

/// The syntax of numbers and durations in scene files.
package enum ScalarSyntax {
    /// Whether `text` is an optional sign followed by decimal digits.
    static func isDecimalDigits(_ text: String) -> Bool {
        var utf8 = Substring(text).utf8[...]
        if let first = utf8.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        return !utf8.isEmpty && utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// A decimal integer with an optional sign; `nil` for anything else or on overflow.
    package static func integer(_ text: String) -> Int? {
        isDecimalDigits(text) ? Int(text) : nil
    }

    /// ``integer(_:)`` of the text whose UTF-8 bytes are `bytes`.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var digits = bytes[...]
        let isNegative = digits.first == UInt8(ascii: "-")
        if isNegative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            // Accumulated negatively, so that Int.min fits.
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, underflow) = times.subtractingReportingOverflow(digit)
            guard !overflow && !underflow else { return nil }
            value = next
        }
        if isNegative { return value }
        return value == .min ? nil : -value
    }

    /// A decimal number (`3`, `-0.5`, `1e-3`, `.5`); no `inf`, `nan` or hex.
    package static func double(_ text: String) -> Double? {
        if let value = shortDecimal(text) { return value }
        var sawDigit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
            default: return nil
            }
        }
        guard sawDigit, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Powers of ten that a Double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// `text` as a Double when it is a short plain decimal (an optional
    /// sign, digits with at most one point, at most 15 digits, no
    /// exponent), worked out directly: the digits as an integer and a
    /// power of ten are both exact, so one division rounds correctly and
    /// gives what `Double(text)` gives, without parsing the text twice.
    /// `nil` for anything else.
    static func shortDecimal(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { shortDecimal($0) }
    }

    /// ``shortDecimal(_:)`` of the text whose UTF-8 bytes are `bytes`.
    static func shortDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        var isNegative = false
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if sawPoint { fractionDigits += 1 }
            case UInt8(ascii: "."):
                guard !sawPoint else { return nil }
                sawPoint = true
            case UInt8(ascii: "-") where offset == 0: isNegative = true
            case UInt8(ascii: "+") where offset == 0: break
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return isNegative ? -magnitude : magnitude
    }

    /// A duration: seconds as a number (`3`, `0.25`), or numbers with units
    /// `h`, `m`, `s`, `ms` (`250ms`, `1.5s`, `1m30s`, `1h`), with an optional
    /// leading `-`. Exact for decimal fractions down to nanoseconds.
    package static func duration(_ text: String) -> Duration? {
        var text = text
        return text.withUTF8 { duration(utf8: $0) }
    }

    private static func duration(utf8 all: UnsafeBufferPointer<UInt8>) -> Duration? {
        var bytes = all[...]
        var isNegative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            isNegative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty else { return nil }
        var total = Duration.zero
        var index = bytes.startIndex
        // Each unit at most once: bits for h, m, s and ms.
        var usedUnits: UInt8 = 0
        while index < bytes.endIndex {
            guard let (amount, next) = decimal(bytes, from: index) else { return nil }
            index = next
            var unitEnd = index
            while unitEnd < bytes.endIndex, bytes[unitEnd] >= UInt8(ascii: "a"), bytes[unitEnd] <= UInt8(ascii: "z") {
                unitEnd += 1
            }
            let unit = bytes[index..<unitEnd]
            index = unitEnd
            if unit.isEmpty {
                // A bare number is seconds, and only on its own.
                guard usedUnits == 0, index == bytes.endIndex else { return nil }
                total = amount
                break
            }
            let (bit, scaled): (UInt8, Duration)
            switch (unit.count, unit.first, unit.last) {
            case (1, UInt8(ascii: "h"), _): (bit, scaled) = (1, amount * 3600)
            case (1, UInt8(ascii: "m"), _): (bit, scaled) = (2, amount * 60)
            case (1, UInt8(ascii: "s"), _): (bit, scaled) = (4, amount)
            case (2, UInt8(ascii: "m"), UInt8(ascii: "s")): (bit, scaled) = (8, amount / 1000)
            default: return nil
            }
            guard usedUnits & bit == 0 else { return nil }
            usedUnits |= bit
            total += scaled
        }
        return isNegative ? .zero - total : total
    }

    /// A non-negative decimal number of seconds starting at `start`, and the
    /// index after it.
    private static func decimal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, from start: Int) -> (Duration, Int)? {
        var index = start
        var whole: Int64 = 0
        var sawDigit = false
        while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (product, overflow) = whole.multipliedReportingOverflow(by: 10)
            guard !overflow, product <= Int64.max / 4000 else { return nil }
            whole = product + Int64(bytes[index] - UInt8(ascii: "0"))
            sawDigit = true
            index += 1
        }
        var attoseconds: Int64 = 0
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale: Int64 = 100_000_000_000_000_000
            while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                attoseconds += Int64(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                sawDigit = true
                index += 1
            }
        }
        guard sawDigit else { return nil }
        return (Duration(secondsComponent: whole, attosecondsComponent: attoseconds), index)
    }
}

extension ValueType {
    /// A value of `type` as a scene writes it, for hints that propose a
    /// step: one `check` accepts wherever no narrower range applies.
    static func exampleText(_ type: ValueType, depth: Int = 0) -> String {
        // Types nest as deep as registrations make them; a bound all the same.
        guard depth < 8 else { return "null" }
        switch type {
        case .bool: return "true"
        case .int, .double: return "0"
        case .string: return "text"
        case .duration: return "1s"
        case .color: return "black"
        case .enumeration(_, let cases): return cases.first ?? "null"
        case .optional: return "null"
        case .list: return "[]"
        case .stringMap: return "{}"
        case .record(_, let fields):
            let written = fields.filter { !$0.type.isOptional }.map {
                "\($0.name): \(exampleText($0.type, depth: depth + 1))"
            }
            return "{ " + written.joined(separator: ", ") + " }"
        }
    }
}
