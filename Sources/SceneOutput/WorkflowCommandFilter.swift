/// The one rule that keeps text from becoming a GitHub Actions workflow
/// command in a CI log: applied, a piece at a time, to every byte a
/// command writes to standard output or error while annotations are on.
///
/// The runner reads its step's output line by line (a line ends at a line
/// feed, a carriage return or both) and takes a line as a command when,
/// after its leading white space (Unicode's, as .NET's `TrimStart` reads
/// it), it starts with `::` (`::warning::`, `::add-mask::`,
/// `::stop-commands::`), or when it holds `##[` anywhere (the older form).
/// The filter breaks both, and nothing else:
///
/// - the first `:` of a line's leading `::` is written by its code;
/// - the second `#` of every `##[` is written by its code.
///
/// The code depends on what is being written (``Dialect``), so that the
/// text keeps its meaning: `\u{3A}` in plain text, `\u003A` in JSON,
/// `&#58;` in XML, HTML and SVG. Bytes whose fate depends on what follows
/// (a `:` at a line's start, a `#`, a white space character split between
/// writes) are held until it comes, so a command split across writes is
/// caught as one written whole; ``finish(into:)`` lets them go.
///
///     var filter = WorkflowCommandFilter()
///     var bytes: [UInt8] = []
///     filter.append("  ::warning::x\n".utf8, as: .text, into: &bytes)
///     // bytes: "  \u{3A}:warning::x\n"
///
/// The runner's own commands go through ``command(_:into:)``, which writes
/// them as they are, on a line of their own.
package struct WorkflowCommandFilter: Sendable {
    /// How an escaped character is written.
    package enum Dialect: Sendable {
        /// `\u{3A}`, as the text output shows a hidden character.
        case text
        /// `\u003A`, which a JSON string reads as the character.
        case json
        /// `&#58;`, which XML, HTML and SVG read as the character.
        case markup

        /// `character` (a `:` or a `#`) written by its code.
        func code(_ character: UInt8) -> String {
            let hex = String(character, radix: 16, uppercase: true)
            switch self {
            case .text: return "\\u{\(hex)}"
            case .json: return "\\u00\(hex)"
            case .markup: return "&#\(character);"
            }
        }
    }

    /// Whether the bytes since the last line break are all white space.
    private var isInLeadingBlanks = true
    /// Whether anything has been written since the last line break.
    private var isLineEmpty = true
    /// Bytes held until what follows them decides how they are written.
    private var pending: [UInt8] = []

    /// A filter at the start of a line.
    package init() {}

    /// Adds `bytes` to `output`, escaped.
    package mutating func append(_ bytes: some Sequence<UInt8>, as dialect: Dialect, into output: inout [UInt8]) {
        for byte in bytes {
            pending.append(byte)
            resolve(isFinal: false, dialect: dialect, into: &output)
        }
    }

    /// Writes what is held as it is: nothing more follows.
    package mutating func finish(into output: inout [UInt8]) {
        // What is still held once nothing follows is written as it is.
        resolve(isFinal: true, dialect: .text, into: &output)
    }

    /// Writes one of the runner's own commands (a line, ending in a line
    /// feed) as it is: what is held first, and a line feed when the line
    /// so far is not empty, so that the command starts a line.
    package mutating func command(_ line: some Sequence<UInt8>, into output: inout [UInt8]) {
        finish(into: &output)
        if !isLineEmpty { emit(0x0A, into: &output) }
        for byte in line { emit(byte, into: &output) }
    }

    private static let colon: UInt8 = 0x3A
    private static let hash: UInt8 = 0x23
    private static let bracket: UInt8 = 0x5B

    /// Decides what it can of the held bytes, in order.
    private mutating func resolve(isFinal: Bool, dialect: Dialect, into output: inout [UInt8]) {
        var start = 0
        defer { pending.removeFirst(start) }
        // Each turn writes at least one held byte or stops.
        while start < pending.count {
            let byte = pending[start]
            let following = pending.count - start - 1
            if isInLeadingBlanks {
                if byte == Self.colon {
                    guard following >= 1 else {
                        if isFinal { break } else { return }
                    }
                    isInLeadingBlanks = false
                    if pending[start + 1] == Self.colon {
                        output.append(contentsOf: dialect.code(Self.colon).utf8)
                        isLineEmpty = false
                        start += 1
                    }
                    continue
                }
                if byte >= 0x80 {
                    let length = Self.sequenceLength(byte)
                    guard following + 1 >= length else {
                        if isFinal { break } else { return }
                    }
                    if Self.isBlank(pending[start..<(start + length)]) {
                        for index in start..<(start + length) { emit(pending[index], into: &output) }
                        start += length
                        continue
                    }
                    isInLeadingBlanks = false
                } else if !Self.isASCIIBlank(byte) && byte != 0x0A && byte != 0x0D {
                    isInLeadingBlanks = false
                }
            }
            if byte == Self.hash && !isInLeadingBlanks {
                // `##[`: the second `#` by its code.
                if following >= 2 {
                    if pending[start + 1] == Self.hash && pending[start + 2] == Self.bracket {
                        emit(Self.hash, into: &output)
                        output.append(contentsOf: dialect.code(Self.hash).utf8)
                        start += 2
                        continue
                    }
                } else if !isFinal && (following == 0 || pending[start + 1] == Self.hash) {
                    return
                }
            }
            emit(byte, into: &output)
            start += 1
        }
        // Only when final: whatever is still held goes as it is.
        while start < pending.count {
            emit(pending[start], into: &output)
            start += 1
        }
    }

    /// Writes `byte`, following where lines begin.
    private mutating func emit(_ byte: UInt8, into output: inout [UInt8]) {
        output.append(byte)
        if byte == 0x0A || byte == 0x0D {
            isInLeadingBlanks = true
            isLineEmpty = true
        } else {
            isLineEmpty = false
        }
    }

    /// Space, tab, vertical tab, form feed.
    private static func isASCIIBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    /// How many bytes the UTF-8 sequence that `lead` starts has (1 for a
    /// byte that starts none).
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }

    /// Whether `bytes` (one UTF-8 sequence) is a white space character the
    /// runner skips before a command: U+0085, U+00A0, U+1680, U+2000 to
    /// U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
    private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        let value = bytes.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        switch value {
        case 0xC285, 0xC2A0, 0xE19A80, 0xE280A8, 0xE280A9, 0xE280AF, 0xE2819F, 0xE38080: return true
        case 0xE28080...0xE2808A: return true
        default: return false
        }
    }
}
