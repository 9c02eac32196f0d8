import SceneOutput

/// A JSON text that is not valid, with the byte offset where reading stopped.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    /// What is wrong, for the message's reader.
    public let reason: String
    /// The 0-based byte offset of the mistake.
    public let offset: Int
}

extension JSONValue {
    /// The most levels of arrays and objects a message may nest.
    package static let maxParsingDepth = 64

    /// Reads `bytes` as one JSON value (RFC 8259), bounded: at most
    /// ``maxParsingDepth`` levels of nesting; a number that does not fit a
    /// double (`1e999`), a string with an unpaired surrogate or invalid
    /// UTF-8 are refused, not read as something else.
    ///
    ///     let value = try JSONValue(parsing: Array(#"{"id": 1}"#.utf8))
    ///
    /// - Complexity: O(n) in the bytes.
    package init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        var reader = JSONReader(bytes: bytes)
        reader.skipSpace()
        self = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.offset == bytes.count else { throw reader.error("text after the value") }
    }

    /// The value of `key` in an object; `nil` for another value or a missing key.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }

    /// The string, when the value is one.
    package var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The integer, when the value is one (a number with no fraction that fits).
    package var intValue: Int? {
        switch self {
        case .int(let value): value
        case .number(let value) where value.rounded() == value && abs(value) < 9e15: Int(value)
        default: nil
        }
    }

    /// The Boolean, when the value is one.
    package var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The elements, when the value is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let values) = self { values } else { nil }
    }

    /// Whether the value is `null`.
    package var isNull: Bool {
        if case .null = self { true } else { false }
    }
}

/// A cursor over JSON text.
private struct JSONReader {
    let bytes: [UInt8]
    var offset = 0

    func error(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(reason: reason, offset: offset) }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("the text ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < JSONValue.maxParsingDepth else {
                throw error("values nest more than \(JSONValue.maxParsingDepth) levels deep")
            }
            return try object(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < JSONValue.maxParsingDepth else {
                throw error("values nest more than \(JSONValue.maxParsingDepth) levels deep")
            }
            return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("'\(Unicode.Scalar(byte))' cannot start a value")
        }
    }

    mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw error("the text ends inside a literal") }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
        }
        guard matches else { throw error("not a literal (true, false or null)") }
        offset += count
        return value
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        offset += 1
        var fields: [(key: String, value: JSONValue)] = []
        skipSpace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw error("an object's key must be a string") }
            let key = try string()
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after an object's key") }
            offset += 1
            skipSpace()
            fields.append((key, try value(depth: depth)))
            skipSpace()
            switch current {
            case UInt8(ascii: ",")?: offset += 1
            case UInt8(ascii: "}")?:
                offset += 1
                return .object(fields)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        offset += 1
        var values: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(values)
        }
        while true {
            skipSpace()
            values.append(try value(depth: depth))
            skipSpace()
            switch current {
            case UInt8(ascii: ",")?: offset += 1
            case UInt8(ascii: "]")?:
                offset += 1
                return .array(values)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        var isInteger = true
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw error("a number needs a digit")
        }
        if first == UInt8(ascii: "0") {
            offset += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard skipDigits() > 0 else { throw error("a number needs a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw error("a number needs a digit in its exponent") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw error("the number \(text.prefix(40)) is too large")
        }
        return .number(value)
    }

    @discardableResult
    mutating func skipDigits() -> Int {
        let start = offset
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flush(_ end: Int) throws(JSONSyntaxError) {
            guard runStart < end else { return }
            guard let run = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw JSONSyntaxError(reason: "a string is not valid UTF-8", offset: runStart)
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                try flush(offset)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(offset)
                offset += 1
                scalars.append(try escape())
                runStart = offset
            case 0..<0x20:
                throw error("a string holds a control character; write it as an escape")
            default:
                offset += 1
            }
        }
        throw error("the text ends inside a string")
    }

    mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("the text ends inside an escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hexQuad()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
                else { throw error("a high surrogate without its low one") }
                offset += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else { throw error("a high surrogate without its low one") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("a low surrogate on its own") }
            return scalar
        default: throw error("'\\\(Unicode.Scalar(byte))' is not an escape")
        }
    }

    mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("the text ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }
}
