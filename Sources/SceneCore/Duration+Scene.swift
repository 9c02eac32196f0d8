extension Duration {
    /// The duration in seconds as a `Double` (to the nearest a `Double`
    /// holds, for any duration).
    public var seconds: Double {
        let (whole, fraction) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000_000_000_000)
        return Double(whole) + Double(fraction) / 1e18
    }

    /// How scene files and transcripts write a duration: `0s`, `250ms`,
    /// `3s`, `1.5s`, `1m30s`, `1h`, `1h2m3.5s`, exact for any duration.
    public var sceneText: String {
        let attoseconds = self.attoseconds
        let sign = attoseconds < 0 ? "-" : ""
        // The magnitude, so that the most negative duration has one too.
        let magnitude = attoseconds.magnitude
        let perSecond: UInt128 = 1_000_000_000_000_000_000
        let perMillisecond: UInt128 = 1_000_000_000_000_000
        let whole = magnitude / perSecond
        let fraction = magnitude % perSecond
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
