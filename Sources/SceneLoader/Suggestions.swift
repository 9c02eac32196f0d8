/// "Did you mean" hints: the candidate closest to a misspelt name by edit
/// distance, if it is close enough to be a plausible typo.
enum Suggestions {
    /// The best candidate for `name`, or `nil` when none is close.
    static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let lowered = candidate.lowercased()
            var distance = editDistance(target, Array(lowered.unicodeScalars))
            // A name that extends or shortens another ("tapped" for "tap") is a likely slip.
            let shorter = min(target.count, lowered.unicodeScalars.count)
            if shorter >= 3 && (lowered.hasPrefix(name.lowercased()) || name.lowercased().hasPrefix(lowered)) {
                distance = min(distance, 1)
            }
            let allowed = max(1, shorter / 3)
            if distance <= allowed && distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `did you mean 'x'?` for the closest candidate, else `fallback`.
    static func hint(for name: String, in candidates: some Sequence<String>, fallback: String? = nil) -> String? {
        closest(to: name, in: candidates).map { "did you mean '\($0)'?" } ?? fallback
    }

    /// Levenshtein distance, with a swap of two neighbours counting one.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow = [Int](0...b.count)
        var beforePrevious = previousRow
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previousRow
            previousRow = row
        }
        return previousRow[b.count]
    }

    /// `a, b, c` (or `a, b, c and 4 more` past `limit`).
    static func list(_ names: [String], limit: Int = 8) -> String {
        if names.count <= limit { return names.joined(separator: ", ") }
        return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
    }
}
