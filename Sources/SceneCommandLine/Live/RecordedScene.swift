import SceneLoader
import SceneYAML

/// The part of a recording that is the scene's own text: the scene as
/// written, read as YAML, with its top-level `script` entry taken out by
/// its parsed range (however its key is written: quoted, with an anchor,
/// as `? script`; whatever the other values hold, a description's line
/// that starts with `script:` included) and each relative `include:` of
/// its objects rewritten for the recording's folder. What is left ends
/// where the top-level mapping ends (a `...` or comments after it are
/// dropped), with a line break, so that a `script:` key written at the
/// top level's indentation follows it as the mapping's last entry.
///
/// Taking whole lines out is exact in a block mapping: each of its entries
/// starts on a line of its own at the same indentation, and everything
/// from one entry's line to the next entry's belongs to the first (its
/// value, comments). Only a top level written as a flow mapping (`{...}`)
/// is refused, and a scene whose other keys use an anchor defined in its
/// script (the alias would be left naming nothing, or another node).
package struct RecordedScene {
    /// The scene's text, without its script, ending with a line break.
    package let text: [UInt8]
    /// The indentation of the top level's keys, in spaces.
    package let indentation: Int

    /// Why a scene cannot be recorded.
    package enum Refusal: Error, Equatable {
        /// The text does not read as a YAML mapping: the scene is invalid,
        /// which loading it says better.
        case unreadable
        /// The top level is a flow mapping (`{...}`).
        case flowMapping
        /// An alias outside the script names a node inside it, at `line`.
        case aliasIntoScript(line: Int)
    }

    /// The scene `source` prepared for a recording written at `path`, read
    /// within `limits`.
    package static func make(
        of source: SceneSource, recordedAt path: String, limits: YAMLLimits
    ) -> Result<RecordedScene, Refusal> {
        guard let document = try? YAMLDocumentReader.readDocument(source.bytes, limits: limits, pipelining: .off),
            let root = document.root, document.kind(root) == .mapping
        else { return .failure(.unreadable) }
        let text = document.utf8Text
        let rootRange = document.offsets(root)
        if isFlowMapping(text, at: rootRange.lowerBound) { return .failure(.flowMapping) }
        let entries = document.entries(root)
        guard let first = entries.first else { return .failure(.unreadable) }
        var end = rootRange.upperBound
        for entry in entries {
            end = max(end, document.offsets(entry.keyNode).upperBound, document.offsets(entry.value).upperBound)
        }
        end = min(end, text.count)
        var replacements: [(range: Range<Int>, text: [UInt8])] = []
        if let index = entries.firstIndex(where: { $0.key == "script" }) {
            let start = lineStart(in: text, before: document.offsets(entries[index].keyNode).lowerBound)
            let next =
                entries.indices.contains(index + 1)
                ? lineStart(in: text, before: document.offsets(entries[index + 1].keyNode).lowerBound) : end
            let removed = start..<max(start, next)
            if document.hasAlias(namingNodeIn: removed) {
                return .failure(.aliasIntoScript(line: document.position(ofOffset: start).line))
            }
            replacements.append((removed, []))
        }
        for (range, rewritten) in IncludePaths.replacements(in: document, of: source.name, for: path) {
            var replacement = Array(YAMLWriter.doubleQuoted(rewritten).utf8)
            // A block scalar's text ends with its line break: kept.
            if let last = text[range].last, last == 0x0A || last == 0x0D { replacement.append(0x0A) }
            replacements.append((range, replacement))
        }
        var bytes = Array(text[..<end])
        // From the last to the first, so that earlier offsets stay right.
        for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound })
        where replacement.range.upperBound <= bytes.count {
            bytes.replaceSubrange(replacement.range, with: replacement.text)
        }
        if let last = bytes.last, last != UInt8(ascii: "\n") && last != UInt8(ascii: "\r") {
            bytes.append(UInt8(ascii: "\n"))
        }
        let firstKey = document.offsets(first.keyNode).lowerBound
        let firstLine = lineStart(in: text, before: firstKey)
        let indentation = text[firstLine..<firstKey].prefix { $0 == UInt8(ascii: " ") }.count
        return .success(RecordedScene(text: bytes, indentation: indentation))
    }

    /// Whether the node written at `offset` is a flow mapping: `{`, after
    /// an anchor and the spaces, line breaks and comments after it.
    static func isFlowMapping(_ text: [UInt8], at offset: Int) -> Bool {
        var index = offset
        if index < text.count, text[index] == UInt8(ascii: "&") {
            while index < text.count, ![UInt8(ascii: " "), 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
        }
        var isInComment = false
        while index < text.count {
            let byte = text[index]
            if isInComment {
                if byte == 0x0A || byte == 0x0D { isInComment = false }
            } else if byte == UInt8(ascii: "#") {
                isInComment = true
            } else if ![UInt8(ascii: " "), 0x09, 0x0A, 0x0D].contains(byte) {
                return byte == UInt8(ascii: "{")
            }
            index += 1
        }
        return false
    }

    /// The offset where the line holding `offset` starts: after the line
    /// break before it, whichever YAML knows (LF, CR, NEL, LS, PS).
    static func lineStart(in text: [UInt8], before offset: Int) -> Int {
        var index = min(offset, text.count)
        while index > 0 {
            let byte = text[index - 1]
            if byte == 0x0A || byte == 0x0D { return index }
            // NEL is C2 85; LS and PS are E2 80 A8 and E2 80 A9.
            if byte == 0x85, index >= 2, text[index - 2] == 0xC2 { return index }
            if byte == 0xA8 || byte == 0xA9, index >= 3, text[index - 2] == 0x80, text[index - 3] == 0xE2 {
                return index
            }
            index -= 1
        }
        return 0
    }
}

extension RecordedScene.Refusal {
    /// The sentence a command prints for the refusal of `file`.
    package func message(file: String, option: String) -> String {
        switch self {
        case .unreadable:
            "\(option): \(file) does not read as a scene, so it cannot be recorded"
        case .flowMapping:
            "\(option): \(file) is not written as a block mapping (keys at the start of lines), so a script cannot be added to it; write its top level in block style"
        case .aliasIntoScript(let line):
            "\(option): \(file) uses, outside its script, an anchor defined in the script (line \(line)), which a recording leaves out; define the anchor outside the script"
        }
    }
}
