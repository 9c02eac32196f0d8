/// "Did you mean" hints: the candidate closest to a misspelt name by edit
/// distance, if it is close enough to be a plausible typo.
package enum Suggestions {
    /// The longest name, in Unicode scalars, that a suggestion is looked
    /// for or offered for: a typo is made in a name one could type, and the
    /// edit distance costs the product of the two lengths.
    package static let maxNameLength = 100

    /// The best candidate for `name`, or `nil` when none is close.
    ///
    /// - Complexity: O(*c* × 100²) at most for *c* candidates; names and
    ///   candidates longer than ``maxNameLength`` are skipped after O(1).
    package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        guard name.utf8.count <= maxNameLength * 4 else { return nil }
        let loweredName = name.lowercased()
        let target = Array(loweredName.unicodeScalars)
        guard target.count <= maxNameLength else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name && candidate.utf8.count <= maxNameLength * 4 {
            let lowered = candidate.lowercased()
            let scalars = Array(lowered.unicodeScalars)
            guard scalars.count <= maxNameLength else { continue }
            let shorter = min(target.count, scalars.count)
            let allowed = max(1, shorter / 3)
            // A name that extends or shortens another ("tapped" for "tap") is a likely slip.
            let extends = shorter >= 3 && (lowered.hasPrefix(loweredName) || loweredName.hasPrefix(lowered))
            // The distance is at least the difference in length.
            guard extends || abs(target.count - scalars.count) <= allowed else { continue }
            let distance = extends && scalars.count != target.count ? 1 : editDistance(target, scalars)
            if distance <= allowed && distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `did you mean 'x'?` for the closest candidate, else `fallback`.
    package static func hint(for name: String, in candidates: some Sequence<String>, fallback: String? = nil) -> String?
    {
        closest(to: name, in: candidates).map { "did you mean '\($0)'?" } ?? fallback
    }

    /// Levenshtein distance, with a swap of two neighbours counting one.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
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

    /// `a, b, c` (or `a, b, c and 4 more` past `limit`), for a list of
    /// `total` names of which `names` are the first (all of them by default).
    package static func list(_ names: [String], total: Int? = nil, limit: Int = 8) -> String {
        let total = max(total ?? names.count, names.count)
        if total <= limit && names.count == total { return names.joined(separator: ", ") }
        let shown = min(limit, names.count)
        return names.prefix(shown).joined(separator: ", ") + " and \(total - shown) more"
    }
}
