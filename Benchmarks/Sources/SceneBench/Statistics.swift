/// Medians and durations as numbers.
///
///     Statistics.median([3, 1, 2])   // 2
enum Statistics {
    /// The median of `values` (the mean of the middle two for an even
    /// count; 0 for none).
    ///
    /// - Complexity: O(n log n) in the number of values.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The median of `durations` in nanoseconds.
    static func median(_ durations: [Duration]) -> Double {
        median(durations.map(nanoseconds))
    }

    /// `duration` in nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        nanoseconds(duration) / 1e9
    }
}

/// Number formatting without Foundation.
enum Format {
    /// `value` with exactly `decimals` digits after the point.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let unit = Int(scale)
        let whole = scaled / unit
        guard decimals > 0 else { return "\(sign)\(whole)" }
        let fraction = "\(scaled % unit)"
        return "\(sign)\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// A whole number with a comma every three digits: `5,367,037,331`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// Bytes in megabytes (10^6), one decimal: `8.1 MB`.
    static func megabytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1e6, 1) + " MB"
    }
}
