extension Duration {
    /// The duration as the behaviours write it in what they say (an
    /// ignored action's reason) and scene files write it: `0s`, `250ms`,
    /// `3s`, `1.5s`, `1m30s`, `1h`, `1h2m3.5s`, exact for any duration
    /// (on systems older than Swift 6's standard library, for any of less
    /// than 2^63 seconds either way).
    ///
    ///     Duration.milliseconds(1500).compactText   // "1.5s"
    ///     Duration.seconds(90).compactText          // "1m30s"
    public var compactText: String {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            let attoseconds = self.attoseconds
            // The magnitude, so that the most negative duration has one too.
            let magnitude = attoseconds.magnitude
            let perSecond: UInt128 = 1_000_000_000_000_000_000
            return Self.compactText(
                negative: attoseconds < 0, whole: magnitude / perSecond, fraction: UInt64(magnitude % perSecond))
        }
        // `components` traps past Int64's seconds; nothing a behaviour times reaches them.
        guard self < .seconds(Int64.max), self > .seconds(Int64.min) else { return "\(self / .seconds(1))s" }
        let (seconds, attoseconds) = components
        return Self.compactText(
            negative: seconds < 0 || attoseconds < 0, whole: seconds.magnitude, fraction: attoseconds.magnitude)
    }

    /// The text of a duration of `whole` seconds and `fraction`
    /// attoseconds (less than a second), negative or not.
    private static func compactText<Whole: UnsignedInteger>(negative: Bool, whole: Whole, fraction: UInt64) -> String {
        let sign = negative ? "-" : ""
        let perMillisecond: UInt64 = 1_000_000_000_000_000
        if whole == 0 && fraction != 0 && fraction % perMillisecond == 0 {
            return sign + "\(fraction / perMillisecond)ms"
        }
        var text = sign
        let hours = whole / 3600
        let minutes = (whole % 3600) / 60
        let secs = whole % 60
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if secs > 0 || fraction > 0 || text.count == sign.count {
            text += "\(secs)"
            if fraction > 0 {
                // Milliseconds at most three digits, trailing zeros dropped;
                // nanoseconds when there is less than a millisecond in it.
                var digits: String
                if fraction % perMillisecond == 0 {
                    digits = String(fraction / perMillisecond)
                    while digits.count < 3 { digits = "0" + digits }
                } else {
                    digits = String(fraction / 1_000_000_000)
                    while digits.count < 9 { digits = "0" + digits }
                }
                while digits.hasSuffix("0") { digits.removeLast() }
                text += "." + digits
            }
            text += "s"
        }
        return text
    }
}
