/// The line breaks YAML counts (LF, CR, CR LF, NEL U+0085, LS U+2028 and
/// PS U+2029), in one place: where lines start, and where one ends, for
/// positions and for the source lines that diagnostics show.
package enum LineBreaks {
    /// The start of each line, counting every line break libyaml counts
    /// (LF, CR, CRLF, NEL, LS, PS), after a byte order mark.
    package static func starts(of text: [UInt8]) -> [UInt32] {
        var starts = [firstStart(of: text)]
        starts.reserveCapacity(text.count / 16)
        _ = scan(text, from: 0, to: text.count, appendingTo: &starts)
        return starts
    }

    /// Where the first line starts: after a byte order mark, if any.
    static func firstStart(of text: [UInt8]) -> UInt32 {
        text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Appends to `starts` the start of each line that begins after a line
    /// break found from byte `start` of `text` on, until at least byte
    /// `limit`, and returns where the scan stopped: at or after `limit`
    /// (and at most at the end of the text), never inside a line break. So
    /// a scan resumed where it stopped finds what one scan would, and every
    /// line starting at or before the returned offset has been appended.
    static func scan(_ text: [UInt8], from start: Int, to limit: Int, appendingTo starts: inout [UInt32]) -> Int {
        text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            let count = buffer.count
            let limit = min(limit, count)
            var index = max(0, start)
            while index < limit {
                // Eight bytes at a time, skipping to the first that is a line
                // break (below 0x0E) or the lead of a multi-byte one (0x80 and
                // above). `word - 0x0E0E...` sets the high bit of a byte below
                // 0x0E where it was clear in `word`; the borrow can mark bytes
                // after it too, never one before, so the lowest mark is exact.
                if index + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    let highs: UInt64 = 0x8080_8080_8080_8080
                    let marks = (word & highs) | ((word &- ones &* 0x0E) & ~word & highs)
                    if marks == 0 {
                        index += 8
                        continue
                    }
                    index += marks.trailingZeroBitCount >> 3
                }
                let byte = buffer[index]
                index += 1
                // Most bytes are printable ASCII: one comparison lets them pass.
                if byte > 0x0D && byte < 0xC2 { continue }
                switch byte {
                case 0x0A:
                    starts.append(UInt32(truncatingIfNeeded: index))
                case 0x0D:
                    if index < count && buffer[index] == 0x0A { index += 1 }
                    starts.append(UInt32(truncatingIfNeeded: index))
                case 0xC2 where index < count && buffer[index] == 0x85:
                    index += 1
                    starts.append(UInt32(truncatingIfNeeded: index))
                case 0xE2
                where index + 1 < count && buffer[index] == 0x80
                    && (buffer[index + 1] == 0xA8 || buffer[index + 1] == 0xA9):
                    index += 2
                    starts.append(UInt32(truncatingIfNeeded: index))
                default:
                    break
                }
            }
            return min(index, count)
        }
    }

    /// The length in bytes of the line break at `index` of `bytes`, or 0.
    package static func length(in bytes: [UInt8], at index: Int) -> Int {
        guard index >= 0, index < bytes.count else { return 0 }
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return 2
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
            return 3
        default: return 0
        }
    }

    /// Whether a line break ends just before `index` of `bytes`.
    package static func endsBefore(_ index: Int, in bytes: [UInt8]) -> Bool {
        guard index > 0, index <= bytes.count else { return false }
        switch bytes[index - 1] {
        case 0x0A, 0x0D: return true
        case 0x85: return index >= 2 && bytes[index - 2] == 0xC2
        case 0xA8, 0xA9: return index >= 3 && bytes[index - 3] == 0xE2 && bytes[index - 2] == 0x80
        default: return false
        }
    }
}
