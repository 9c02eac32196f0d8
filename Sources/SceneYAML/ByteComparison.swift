#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether two byte buffers hold the same bytes.
@inlinable
func memoryEquals(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
    guard first.count == second.count else { return false }
    guard let a = first.baseAddress, let b = second.baseAddress else { return true }
    return memcmp(a, b, first.count) == 0
}

/// Whether `count` bytes at `first` and `second` are equal.
@inlinable
func memoryEquals(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    memcmp(first, second, count) == 0
}
