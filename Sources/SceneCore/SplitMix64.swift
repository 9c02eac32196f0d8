/// SplitMix64 (Steele, Lea and Flood): a small generator whose sequence is
/// fixed by its seed on every platform, unlike the system's generator, so
/// that an exploration, a benchmark or a fuzz test repeats itself exactly.
///
///     var random = SplitMix64(seed: 7)
///     let roll = Int.random(in: 1...6, using: &random)
package struct SplitMix64: RandomNumberGenerator {
    @usableFromInline var state: UInt64

    /// A generator that starts from `seed`.
    @inlinable package init(seed: UInt64) { state = seed }

    /// The next number of the sequence.
    @inlinable package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
