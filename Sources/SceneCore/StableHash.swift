/// FNV-1a over bytes, unseeded: the same value on every machine and every
/// run, for names written into files (an imported id's ending, a
/// picture's image symbol). Not for hash tables fed by input
/// (``NameTable`` seeds its own).
///
///     let ending = String(StableHash.fnv1a32("x-1".utf8), radix: 16)  // the same in every run
package enum StableHash {
    /// The 32-bit FNV-1a hash of `bytes`.
    package static func fnv1a32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var value: UInt32 = 0x811C_9DC5
        for byte in bytes { value = (value ^ UInt32(truncatingIfNeeded: byte)) &* 0x0100_0193 }
        return value
    }

    /// The 64-bit FNV-1a hash of `bytes`.
    package static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { value = (value ^ UInt64(truncatingIfNeeded: byte)) &* 0x0000_0100_0000_01B3 }
        return value
    }
}
