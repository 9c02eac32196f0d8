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
        let lineStarts = lines.starts(through: offset)
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
        let blocks = lines.continuationBlocks(through: end)
        let continuations = continuationsBefore(end, blocks) - continuationsBefore(lineStart, blocks)
        return SourcePosition(line: low + 1, column: end - lineStart - continuations + 1, offset: offset)
    }

    /// The UTF-8 continuation bytes before byte `offset`, from `blocks`
    /// that reach at least the block after the one holding it (or the last).
    private func continuationsBefore(_ offset: Int, _ blocks: [UInt32]) -> Int {
        let block = offset >> LineStarts.blockShift
        var count = Int(blocks[block])
        // None in the block (all of ASCII text): nothing to count in it.
        if block + 1 < blocks.count && blocks[block + 1] == blocks[block] { return count }
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
/// worked out on first use as far as a position needs it, and then kept:
/// loading a valid scene never needs a position, so it never pays for the
/// scan, and the diagnostics a large file shows (the first 50) need only its
/// first lines, so a position costs what comes before it, not the whole file.
final class LineStarts: Sendable {
    private let text: [UInt8]

    /// What has been worked out so far.
    private struct Progress {
        /// The starts of the lines found so far: every one at or before `scanned`.
        var starts: [UInt32]
        /// How far the text has been scanned for line breaks.
        var scanned: Int
        /// For each block of 2^blockShift bytes from the first on, the UTF-8
        /// continuation bytes before it, for the blocks counted so far.
        var blocks: [UInt32] = []
        /// The continuation bytes before block `blocks.count`.
        var continuations: UInt32 = 0
    }

    /// Positions may be asked for from several threads.
    private let progress: Mutex<Progress>

    /// How far beyond what is asked for a scan goes, so that positions
    /// asked for one after another through a file scan it in few steps.
    static let scanAhead = 64 << 10

    /// The line starts of `text`; `starts`, when given, are all of them.
    init(text: [UInt8], starts: [UInt32]? = nil) {
        self.text = text
        progress = Mutex(
            Progress(
                starts: starts ?? [LineBreaks.firstStart(of: text)], scanned: starts == nil ? 0 : text.count))
    }

    /// The starts of the lines of the text, in order: every one at or
    /// before byte `offset`, and perhaps more.
    func starts(through offset: Int) -> [UInt32] {
        progress.withLock { state in
            let needed = min(max(offset, 0), text.count)
            if state.scanned < needed {
                state.scanned = LineBreaks.scan(
                    text, from: state.scanned, to: max(needed, state.scanned + Self.scanAhead),
                    appendingTo: &state.starts)
            }
            return state.starts
        }
    }

    /// Blocks of 2^blockShift bytes for ``continuationBlocks(through:)``.
    static let blockShift = 8

    /// For each block of 256 bytes, how many UTF-8 continuation bytes come
    /// before it: at least up to the block after the one holding byte
    /// `offset` (or the last block, which starts at or before the end).
    func continuationBlocks(through offset: Int) -> [UInt32] {
        progress.withLock { state in
            let lastBlock = text.count >> Self.blockShift
            let needed = min(lastBlock, (min(max(offset, 0), text.count) >> Self.blockShift) + 1)
            if state.blocks.count <= needed {
                let through = min(lastBlock, max(needed, state.blocks.count + (Self.scanAhead >> Self.blockShift)))
                countContinuations(&state, through: through)
            }
            return state.blocks
        }
    }

    /// Counts the continuation bytes of the blocks after those counted, up
    /// to block `last`.
    private func countContinuations(_ state: inout Progress, through last: Int) {
        text.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else {
                if state.blocks.isEmpty { state.blocks = [0] }
                return
            }
            let blockSize = 1 << Self.blockShift
            var count = state.continuations
            while state.blocks.count <= last {
                let start = state.blocks.count << Self.blockShift
                state.blocks.append(count)
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
            }
            state.continuations = count
        }
    }
}
