import Behaviours

extension Duration {
    /// The duration in seconds as a `Double` (to the nearest a `Double`
    /// holds, for any duration).
    public var seconds: Double {
        let (whole, fraction) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000_000_000_000)
        return Double(whole) + Double(fraction) / 1e18
    }

    /// How scene files and transcripts write a duration: `0s`, `250ms`,
    /// `3s`, `1.5s`, `1m30s`, `1h`, `1h2m3.5s`, exact for any duration
    /// (the portable library's ``Behaviours/Swift/Duration/compactText``, which
    /// the behaviours' reasons use).
    public var sceneText: String { compactText }
}
