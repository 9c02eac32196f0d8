extension Int {
    /// `value` rounded by `rule` and clamped to the integers: the one way
    /// the drawing and the layout turn a number a scene wrote (a height, a
    /// size divided by a row's) into a count. `Int(value)` traps on a value
    /// that is not a number or is beyond `Int`'s range; this gives 0 for
    /// the first and `Int.min` or `Int.max` for the second.
    ///
    ///     Int(clamping: (1e21 / 44).rounded(.up))   // Int.max
    ///     Int(clamping: .nan)                        // 0
    ///     Int(clamping: 2.5, rounding: .up)          // 3
    ///
    /// `SourceRulesTests` keeps every other conversion of a
    /// number out of the drawing code.
    package init(clamping value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        let rounded = value.rounded(rule)
        if rounded.isNaN {
            self = 0
        } else if rounded >= Double(Int.max) {
            // Double(Int.max) is 2^63, one more than Int.max.
            self = .max
        } else if rounded <= Double(Int.min) {
            self = .min
        } else {
            self.init(rounded)
        }
    }
}

extension Int64 {
    /// `value` rounded by `rule` and clamped to `Int64`, as
    /// ``Swift/Int/init(clamping:rounding:)``: 0 for a value that is not a
    /// number, the bounds beyond them.
    package init(clamping value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        self.init(clamping: Int(clamping: value, rounding: rule))
    }
}
