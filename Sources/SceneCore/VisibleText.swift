/// User text made safe to print on a terminal: every character that a
/// terminal would act on or hide instead of showing (C0 controls but tab
/// and line feed, DEL, the C1 controls with NEL and CSI, the line and
/// paragraph separators, the byte order mark, the bidirectional
/// overrides) is written by its code, `\u{1B}`, so that a scene's title
/// or note can neither erase a FAILED line nor hide itself.
///
///     VisibleText.lines("a\u{1B}[2Kb\n")  // "a\u{1B}[2Kb\n", with `\u{1B}` spelled out
package enum VisibleText {
    /// Whether `scalar` is written by its code.
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x2028, 0x2029, 0xFEFF, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `\u{1B}`: how a hidden scalar is shown.
    package static func code(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with every hidden scalar shown by its code; tabs and line
    /// feeds kept.
    package static func lines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                result.append(contentsOf: code(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The most bytes of a message quoted whole by ``bounded(_:)``.
    package static let maxMessageBytes = 1_000

    /// `text` whole when it is at most ``maxMessageBytes`` bytes of UTF-8;
    /// else its start and its end, whole scalars, around a note of the
    /// bytes left out, so that a message quoting a 200 KB value stays one
    /// short line and still says what it is about at both ends. Cut by
    /// bytes, not characters: one `e` with 100,000 combining accents is
    /// one character.
    ///
    ///     VisibleText.bounded("'value' takes a number, not '" + long + "'")
    ///     // "'value' takes a number, not 'xxxx…(198,900 bytes left out)…xxxx'"
    package static func bounded(_ text: String) -> String {
        let count = text.utf8.count
        guard count > maxMessageBytes else { return text }
        let scalars = text.unicodeScalars
        var head = scalars.startIndex
        var headBytes = 0
        while head != scalars.endIndex, headBytes + UTF8.width(scalars[head]) <= maxMessageBytes * 6 / 10 {
            headBytes += UTF8.width(scalars[head])
            head = scalars.index(after: head)
        }
        var tail = scalars.endIndex
        var tailBytes = 0
        while tail > head {
            let before = scalars.index(before: tail)
            guard tailBytes + UTF8.width(scalars[before]) <= maxMessageBytes * 3 / 10 else { break }
            tailBytes += UTF8.width(scalars[before])
            tail = before
        }
        let omitted = count - headBytes - tailBytes
        return String(scalars[..<head]) + "…(\(grouped(omitted)) bytes left out)…" + String(scalars[tail...])
    }

    /// `number` with commas between groups of three digits.
    package static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// `text` on one line: as ``lines(_:)``, with line feeds shown by their code too.
    package static func line(_ text: String) -> String {
        lines(text).replacingLineFeeds()
    }
}

extension String {
    fileprivate func replacingLineFeeds() -> String {
        guard contains("\n") else { return self }
        return split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\u{A}")
    }
}
