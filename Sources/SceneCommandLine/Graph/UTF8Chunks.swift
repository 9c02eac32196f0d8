/// Turns bytes that arrive in pieces into text, keeping a character split
/// between two pieces until its last byte arrives.
struct UTF8Chunks {
    private var pending: [UInt8] = []

    /// The text of `bytes` after what was pending, up to the last whole character.
    mutating func decode(_ bytes: ArraySlice<UInt8>) -> String {
        pending.append(contentsOf: bytes)
        // A character is at most 4 bytes: look back at most 3 for the lead
        // byte of one that is not complete.
        var cut = pending.count
        var back = 1
        while back <= min(3, pending.count) {
            let byte = pending[pending.count - back]
            if byte & 0xC0 != 0x80 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                if length > back { cut = pending.count - back }
                break
            }
            back += 1
        }
        let text = String(decoding: pending[0..<cut], as: UTF8.self)
        pending.removeFirst(cut)
        return text
    }

    /// What is left, invalid bytes replaced.
    mutating func finish() -> String {
        defer { pending = [] }
        return String(decoding: pending, as: UTF8.self)
    }
}
