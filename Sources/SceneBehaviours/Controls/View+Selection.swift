import SceneCore

extension View {
    /// The `select` input of a row of choices (a segmented control's
    /// segments, a tab bar's items): a tap of the one at `index` of
    /// `count`, then `select(index)` unless it is `selected` already (that
    /// is still a tap, which is taken). Ignored for an index outside the
    /// choices, named `noun` in the reason, and whenever the tap is.
    func tapToSelect(
        _ index: Int, of count: Int, named noun: String, selected: Int, select: (Int) -> Void
    ) -> ActionOutcome {
        guard (0..<count).contains(index) else {
            return .ignored(because: "there is no \(noun) \(index) (it has \(count))")
        }
        let tapped = tap()
        guard tapped == .handled else { return tapped }
        if index != selected { select(index) }
        return .handled
    }

    /// What `explore` tries for a `select` input of `count` choices: each
    /// (the first 64), and one index past each end, which is ignored.
    static func selectArguments(count: Int) -> [SceneValue] {
        (-1...min(count, 64)).map { .int($0) }
    }
}
