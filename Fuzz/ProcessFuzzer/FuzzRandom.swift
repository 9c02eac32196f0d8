import SceneCore

/// The fuzzers' choices, from SceneCore's seeded generator: an input is a
/// function of the seed and its index, the same on every machine.
extension SplitMix64 {
    /// The generator of input `index` of a campaign seeded with `seed`.
    static func forInput(_ index: Int, seed: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
        return SplitMix64(seed: mixer.next())
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One of `choices`, or `fallback` when there is none.
    mutating func pick<T>(_ choices: [T], or fallback: T) -> T { choices.randomElement(using: &self) ?? fallback }

    /// A number in `0..<bound` (0 for an empty range).
    mutating func below(_ bound: Int) -> Int { bound > 0 ? Int.random(in: 0..<bound, using: &self) : 0 }
}
