import Synchronization

/// Finds line and column positions of byte offsets in a text.
package struct SourceLocator: Sendable {
    let text: [UInt8]
    let lines: LineStarts

    init(text: [UInt8], lines: LineStarts) {
        self.text = text
        self.lines = lines
    }

    init(text: [UInt8], lineStarts: [UInt32]) {
        self.init(text: text, lines: LineStarts(text: text, starts: lineStarts))
    }

    /// The line and column of byte `offset`.
    package func position(ofOffset offset: Int) -> SourcePosition {
        let lineStarts = lines.starts
        let target = UInt32(clamping: offset)
        // The last line that starts at or before the offset.
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= target { low = middle } else { high = middle }
        }
        // Columns count characters: the bytes since the line's start less
        // the UTF-8 continuation bytes among them, counted through the
        // per-block totals so that a long line costs no more than a short one.
        let lineStart = Int(lineStarts[low])
        let end = max(lineStart, min(offset, text.count))
        let blocks = lines.continuationBlocks
        let continuations = continuationsBefore(end, blocks) - continuationsBefore(lineStart, blocks)
        return SourcePosition(line: low + 1, column: end - lineStart - continuations + 1, offset: offset)
    }

    /// The UTF-8 continuation bytes before byte `offset`.
    private func continuationsBefore(_ offset: Int, _ blocks: [UInt32]) -> Int {
        guard !blocks.isEmpty else { return 0 }  // ASCII text
        let block = offset >> LineStarts.blockShift
        var count = Int(blocks[block])
        var index = block << LineStarts.blockShift
        while index < offset {
            if text[index] & 0xC0 == 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// The span of the bytes `offsets`.
    package func span(_ offsets: Range<Int>) -> SourceSpan {
        SourceSpan(start: position(ofOffset: offsets.lowerBound), end: position(ofOffset: offsets.upperBound))
    }
}

/// The byte offset where each line of a text starts (line 1 at index 0),
/// worked out on first use and then kept: loading a valid scene never needs
/// a position, so it never pays for the scan.
final class LineStarts: Sendable {
    private let text: [UInt8]
    /// The starts, and the continuation-byte counts by block, once computed:
    /// positions may be asked for from several threads.
    private let computed: Mutex<(starts: [UInt32]?, continuations: [UInt32]?)>

    init(text: [UInt8], starts: [UInt32]? = nil) {
        self.text = text
        computed = Mutex((starts, nil))
    }

    /// The line starts, computed on the first call.
    var starts: [UInt32] {
        computed.withLock { state in
            if let starts = state.starts { return starts }
            let starts = LineBreaks.starts(of: text)
            state.starts = starts
            return starts
        }
    }

    /// Blocks of 2^blockShift bytes for ``continuationBlocks``.
    static let blockShift = 8

    /// For each block of 256 bytes, how many UTF-8 continuation bytes come
    /// before it; empty for ASCII text. Computed on the first call.
    var continuationBlocks: [UInt32] {
        computed.withLock { state in
            if let blocks = state.continuations { return blocks }
            var blocks = [UInt32](repeating: 0, count: (text.count >> Self.blockShift) + 1)
            var count: UInt32 = 0
            text.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                let blockSize = 1 << Self.blockShift
                var start = 0
                while start < bytes.count {
                    blocks[start >> Self.blockShift] = count
                    let end = min(start + blockSize, bytes.count)
                    var index = start
                    // Eight bytes at a time: a continuation byte (10xxxxxx)
                    // has its high bit set and the next one clear.
                    while index + 8 <= end {
                        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                        count &+= UInt32((word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount)
                        index += 8
                    }
                    while index < end {
                        if bytes[index] & 0xC0 == 0x80 { count += 1 }
                        index += 1
                    }
                    start = end
                }
            }
            // The entry for a block that starts at the very end of the text.
            if text.count & ((1 << Self.blockShift) - 1) == 0 { blocks[text.count >> Self.blockShift] = count }
            if count == 0 { blocks = [] }
            state.continuations = blocks
            return blocks
        }
    }
}
