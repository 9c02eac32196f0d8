#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory of the current process, as the kernel counts it.
///
/// On Linux the peak is the kernel's high-water mark of the resident set
/// (`VmHWM`), which ``resetPeak()`` brings down to the current resident
/// set (`echo 5 > /proc/self/clear_refs`), so that a peak can be measured
/// from a chosen moment. Elsewhere, or when that file cannot be written,
/// the peak is `getrusage`'s `ru_maxrss`, which counts from the start of
/// the process (and, in a child process, may include the parent's).
enum ProcessMemory {
    /// How the peak was measured.
    enum PeakSource: String {
        /// `VmHWM` after resetting it.
        case highWaterMark = "VmHWM"
        /// `ru_maxrss`, never reset.
        case maxRSS = "ru_maxrss"
    }

    /// The resident set size now, in bytes (`/proc/self/statm`), or the
    /// `ru_maxrss` peak where there is no `/proc`.
    static func residentBytes() -> Int {
        if let statm = readFile("/proc/self/statm") {
            let fields = statm.split(separator: " ")
            if fields.count > 1, let pages = Int(fields[1]) { return pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
        }
        return maxRSSBytes()
    }

    /// `getrusage(RUSAGE_SELF).ru_maxrss` in bytes.
    static func maxRSSBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)  // bytes on macOS
        #endif
    }

    /// Resets the peak to the current resident set; the source later peaks
    /// will be measured with.
    static func resetPeak() -> PeakSource {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return .maxRSS }
        defer { close(descriptor) }
        let written = write(descriptor, "5", 1)
        return written == 1 && highWaterMarkBytes() != nil ? .highWaterMark : .maxRSS
    }

    /// The peak resident set in bytes, by `source`.
    static func peakBytes(_ source: PeakSource) -> Int {
        switch source {
        case .highWaterMark: highWaterMarkBytes() ?? maxRSSBytes()
        case .maxRSS: maxRSSBytes()
        }
    }

    /// `VmHWM` from `/proc/self/status`, in bytes.
    static func highWaterMarkBytes() -> Int? {
        guard let status = readFile("/proc/self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let number = line.dropFirst(6).filter { $0.isNumber }
            return Int(number).map { $0 * 1024 }
        }
        return nil
    }

    /// Returns freed heap memory to the system (glibc's `malloc_trim`, looked
    /// up at run time), so that a baseline taken after it is not inflated by
    /// pages the next allocations would reuse.
    static func trimHeap() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            guard let handle = dlopen(nil, RTLD_NOW) else { return }
            defer { dlclose(handle) }
            guard let symbol = dlsym(handle, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// The text of a small file such as `/proc/self/status`.
    static func readFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
