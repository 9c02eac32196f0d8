extension Duration {
    /// The duration in seconds as a `Double`.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    /// How scene files and transcripts write a duration: `0s`, `250ms`,
    /// `3s`, `1.5s`, `1m30s`, `1h`, `1h2m3.5s`.
    public var sceneDescription: String {
        let (whole, attoseconds) = components
        if whole < 0 || attoseconds < 0 { return "-" + (Duration.zero - self).sceneDescription }
        if whole == 0 && attoseconds != 0 && attoseconds % 1_000_000_000_000_000 == 0 {
            return "\(attoseconds / 1_000_000_000_000_000)ms"
        }
        var text = ""
        let hours = whole / 3600
        let minutes = (whole % 3600) / 60
        let secs = whole % 60
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if secs > 0 || attoseconds > 0 || text.isEmpty {
            text += "\(secs)"
            if attoseconds > 0 {
                // Milliseconds at most three digits, trailing zeros dropped.
                var fraction = String(attoseconds / 1_000_000_000_000_000)
                if attoseconds % 1_000_000_000_000_000 != 0 {
                    fraction = String(attoseconds / 1_000_000_000)
                    while fraction.count < 9 { fraction = "0" + fraction }
                } else {
                    while fraction.count < 3 { fraction = "0" + fraction }
                }
                while fraction.hasSuffix("0") { fraction.removeLast() }
                text += "." + fraction
            }
            text += "s"
        }
        return text
    }
}
