import SceneCore

/// Text laid out in a box as UIKit's labels lay it out: on one line, or
/// wrapped onto as many lines as the box and the label allow, the last one
/// shown cut or truncated with an ellipsis.
///
/// Widths are ``TextMetrics``'s, kerning included: a line is broken where
/// the next word would take it past the box's width (trailing spaces hang
/// past the edge, as UIKit's do), a word wider than the box is broken
/// between its characters, and each line break in the text (`\n`, `\r\n`,
/// U+2028, U+2029) starts a new line.
///
///     TextLayout.layout("Hello there world", width: 60, height: nil, numberOfLines: 0,
///                       lineBreak: .truncateTail, fontSize: 17, weight: .regular).lines
///     // ["Hello", "there", "world"]
///
/// - Complexity: O(n) in the number of characters of the text, each
///   measured once and each pair kerned once.
package enum TextLayout {
    /// What a line that does not fit becomes: UIKit's `NSLineBreakMode`.
    package enum LineBreak: Sendable, Hashable {
        /// Wrapped between words; the last line shown is cut after a word.
        case wordWrap
        /// Wrapped between characters; the last line shown is cut after a character.
        case charWrap
        /// Cut at the box's edge.
        case clip
        /// The start of the last line shown replaced by `…`.
        case truncateHead
        /// The end of the last line shown replaced by `…`.
        case truncateTail
        /// The middle of the last line shown replaced by `…`.
        case truncateMiddle

        /// Whether text that does not fit ends in an ellipsis.
        package var truncates: Bool {
            switch self {
            case .truncateHead, .truncateTail, .truncateMiddle: true
            case .wordWrap, .charWrap, .clip: false
            }
        }
    }

    /// Text as laid out.
    package struct Lines: Sendable, Hashable {
        /// The lines drawn, top to bottom.
        package var lines: [String]
        /// How many lines the whole text takes at the box's width, wrapped
        /// (1 for a label of one line).
        package var needed: Int
        /// Whether some of the text is not drawn.
        package var isTruncated: Bool
    }

    /// The ellipsis a truncated line ends (or starts) with.
    package static let ellipsis = "\u{2026}"

    /// `text` laid out in a box `width` wide and `height` high (`nil`: as
    /// high as it needs), on `numberOfLines` lines at most (0: as many as
    /// fit), broken as `lineBreak` says, at `fontSize` in `weight`. A
    /// label of one line shows its line breaks as spaces.
    package static func layout(
        _ text: String, width: Double, height: Double?, numberOfLines: Int, lineBreak: LineBreak,
        fontSize: Double, weight: FontWeight
    ) -> Lines {
        let ruler = Ruler(fontSize: fontSize, weight: weight)
        let room = max(0, width)
        if numberOfLines == 1 {
            let flat = oneLine(text)
            if ruler.width(of: flat) <= room + tolerance { return Lines(lines: [flat], needed: 1, isTruncated: false) }
            let shown: String
            switch lineBreak {
            case .truncateHead, .truncateTail, .truncateMiddle:
                shown = truncated(flat, fitting: room, lineBreak, ruler: ruler)
            case .clip: shown = prefix(of: Array(flat), fitting: room, ruler: ruler)
            case .wordWrap, .charWrap:
                shown = wrap(flat, width: room, byCharacters: lineBreak == .charWrap, ruler: ruler).first ?? ""
            }
            return Lines(lines: [shown], needed: 1, isTruncated: true)
        }
        let lineHeight = TextMetrics.lineHeight(fontSize: fontSize)
        var fitting = Int.max
        if let height, lineHeight > 0 {
            fitting = Int(clamping: Int64(exactly: ((height + tolerance) / lineHeight).rounded(.down)) ?? Int64.max)
        }
        let limit = max(1, min(numberOfLines <= 0 ? Int.max : numberOfLines, fitting))
        let all = wrap(text, width: room, byCharacters: lineBreak == .charWrap, ruler: ruler)
        guard all.count > limit else { return Lines(lines: all, needed: all.count, isTruncated: false) }
        var shown = Array(all.prefix(limit - 1))
        if lineBreak.truncates {
            // The last line shown holds the rest of the text, truncated.
            let rest = all[(limit - 1)...].joined(separator: " ")
            shown.append(truncated(rest, fitting: room, lineBreak, ruler: ruler))
        } else {
            shown.append(all[limit - 1])
        }
        return Lines(lines: shown, needed: all.count, isTruncated: true)
    }

    /// The size `text` asks for with no width to fit: its widest line (its
    /// line breaks start new lines unless it has one line) by as many lines
    /// as it has, `numberOfLines` at most (0: no limit).
    package static func naturalSize(of text: String, numberOfLines: Int, fontSize: Double, weight: FontWeight) -> Size {
        let lineHeight = TextMetrics.lineHeight(fontSize: fontSize)
        guard numberOfLines != 1 else {
            return Size(
                width: TextMetrics.width(of: oneLine(text), fontSize: fontSize, weight: weight), height: lineHeight)
        }
        var widest = 0.0
        var count = 0
        for paragraph in paragraphs(of: text) where numberOfLines <= 0 || count < numberOfLines {
            widest = max(widest, TextMetrics.width(of: String(paragraph), fontSize: fontSize, weight: weight))
            count += 1
        }
        return Size(width: widest, height: Double(max(1, count)) * lineHeight)
    }

    /// `text` on one line: each line break a space.
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    /// The paragraphs of `text`, split at its line breaks.
    static func paragraphs(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    // MARK: Wrapping

    /// `text`'s lines at `width`: each paragraph broken between words (a
    /// word wider than `width` between its characters), or between
    /// characters when `byCharacters`. Every line holds a character at
    /// least, so there are never more lines than characters.
    static func wrap(_ text: String, width: Double, byCharacters: Bool, ruler: Ruler) -> [String] {
        var lines: [String] = []
        for paragraph in paragraphs(of: text) {
            var line = LineBuilder(ruler: ruler)
            var pendingSpaces: [Character] = []
            for token in tokens(of: paragraph, byCharacters: byCharacters) {
                if token.allSatisfy(\.isWhitespace) {
                    pendingSpaces.append(contentsOf: token)
                    continue
                }
                if line.isEmpty || line.fits(pendingSpaces + token, within: width) {
                    line.append(pendingSpaces)
                    pendingSpaces = []
                    if line.fits(token, within: width) {
                        line.append(token)
                        continue
                    }
                }
                if !line.isEmpty && !line.isBlank {
                    lines.append(line.text)
                    line = LineBuilder(ruler: ruler)
                }
                pendingSpaces = []
                // A word wider than the line: as many characters a line as fit.
                for character in token {
                    if !line.isEmpty && !line.fits([character], within: width) {
                        lines.append(line.text)
                        line = LineBuilder(ruler: ruler)
                    }
                    line.append([character])
                }
            }
            // Spaces after the last word hang, unless the line is only spaces.
            if line.isEmpty { line.append(pendingSpaces) }
            lines.append(line.text)
        }
        return lines
    }

    /// The words and runs of spaces of `paragraph`, or its characters one by one.
    private static func tokens(of paragraph: Substring, byCharacters: Bool) -> [[Character]] {
        if byCharacters { return paragraph.map { [$0] } }
        var tokens: [[Character]] = []
        var current: [Character] = []
        for character in paragraph {
            if let last = current.last, last.isWhitespace != character.isWhitespace {
                tokens.append(current)
                current = []
            }
            current.append(character)
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    // MARK: Truncating and clipping

    /// `text` with its head, tail or middle replaced by `…` so that it fits
    /// `width`: `…` alone when nothing else fits.
    static func truncated(_ text: String, fitting width: Double, _ lineBreak: LineBreak, ruler: Ruler) -> String {
        let characters = Array(oneLine(text))
        let room = width - ruler.width(of: ellipsis)
        switch lineBreak {
        case .truncateHead:
            return ellipsis + suffix(of: characters[...], fitting: room, ruler: ruler).drop(while: \.isWhitespace)
        case .truncateMiddle:
            let head = prefix(of: characters, fitting: room / 2, ruler: ruler)
            let tail = suffix(of: characters.dropFirst(head.count), fitting: room - ruler.width(of: head), ruler: ruler)
            return trimmedEnd(head) + ellipsis + tail.drop(while: \.isWhitespace)
        default:
            return trimmedEnd(prefix(of: characters, fitting: room, ruler: ruler)) + ellipsis
        }
    }

    /// The longest start of `characters` no wider than `width`.
    package static func prefix(of characters: [Character], fitting width: Double, ruler: Ruler) -> String {
        var line = LineBuilder(ruler: ruler)
        for character in characters {
            guard line.fits([character], within: width) else { break }
            line.append([character])
        }
        return line.text
    }

    /// The longest end of `characters` no wider than `width`.
    static func suffix(of characters: ArraySlice<Character>, fitting width: Double, ruler: Ruler) -> String {
        var units = 0
        var next: Character?
        var start = characters.endIndex
        for index in characters.indices.reversed() {
            let character = characters[index]
            let added = ruler.units(of: character) + (next.map { ruler.kerning(character, $0) } ?? 0)
            guard ruler.width(units: units + added) <= width + tolerance else { break }
            units += added
            next = character
            start = index
        }
        return String(characters[start...])
    }

    private static func trimmedEnd(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }

    /// Widths under a hundredth of a point do not count.
    static let tolerance = 0.01
}

extension TextLayout {
    /// Measures characters and pairs of characters in one font, size and weight.
    package struct Ruler {
        let table: FontTable
        let scale: Double

        /// A ruler for `fontSize` in `weight`.
        package init(fontSize: Double, weight: FontWeight) {
            table = weight.table
            scale = fontSize / Double(FontTable.unitsPerEm)
        }

        /// `character`'s advance, in font units.
        func units(of character: Character) -> Int {
            TextMetrics.units(of: String(character), table: table)
        }

        /// The kerning of `first` followed by `second`, in font units.
        func kerning(_ first: Character, _ second: Character) -> Int {
            TextMetrics.units(of: String([first, second]), table: table) - units(of: first) - units(of: second)
        }

        /// `units` in points.
        func width(units: Int) -> Double { Double(units) * scale }

        /// The width of `text`, in points.
        package func width(of text: String) -> Double { width(units: TextMetrics.units(of: text, table: table)) }
    }

    /// A line being filled, its width kept as characters are added.
    struct LineBuilder {
        let ruler: Ruler
        private(set) var characters: [Character] = []
        private var units = 0

        init(ruler: Ruler) { self.ruler = ruler }

        var isEmpty: Bool { characters.isEmpty }
        /// Whether the line holds spaces only.
        var isBlank: Bool { characters.allSatisfy(\.isWhitespace) }
        var text: String { String(characters) }

        /// The width of `more`, kerned with the line's last character.
        private func units(of more: [Character]) -> Int {
            var total = 0
            var previous = characters.last
            for character in more {
                total += ruler.units(of: character) + (previous.map { ruler.kerning($0, character) } ?? 0)
                previous = character
            }
            return total
        }

        /// Whether the line with `more` after it is no wider than `width`.
        func fits(_ more: [Character], within width: Double) -> Bool {
            ruler.width(units: self.units + units(of: more)) <= width + TextLayout.tolerance
        }

        mutating func append(_ more: [Character]) {
            units += units(of: more)
            characters.append(contentsOf: more)
        }
    }
}
