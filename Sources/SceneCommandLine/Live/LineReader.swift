import SceneCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines from a descriptor as they come, waiting at most a given time.
///
/// A line ends where a scene file's line would: at a line feed, a carriage
/// return (CR LF is one break), NEL (U+0085), LS (U+2028) or PS (U+2029).
/// Each part is a line of its own, numbered in turn, so that nothing typed
/// is dropped and a diagnostic's line is the one YAML would give.
struct LineReader {
    enum Line: Equatable {
        case text(String)
        /// A line longer than the limit, dropped.
        case tooLong
    }

    let descriptor: Int32
    let maximumLineBytes: Int
    private var pending: [UInt8] = []
    private var isDiscarding = false
    private(set) var isAtEnd = false

    init(descriptor: Int32, maximumLineBytes: Int) {
        self.descriptor = descriptor
        self.maximumLineBytes = maximumLineBytes
    }

    /// Waits up to `timeout` for input and returns the whole lines read (a
    /// last line without a line break at the end of input included). At
    /// the end of input it only sleeps for `timeout`.
    mutating func waitForLines(upTo timeout: Duration) -> [Line] {
        guard !isAtEnd else {
            _ = RealTimeDriver.waitForInput(on: nil, upTo: timeout)
            return []
        }
        let ready = RealTimeDriver.waitForInput(on: descriptor, upTo: timeout)
        guard ready else { return [] }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return [] }
            isAtEnd = true
        } else if count == 0 {
            isAtEnd = true
        }
        var lines: [Line] = []
        for byte in chunk.prefix(max(0, count)) {
            if byte == UInt8(ascii: "\n") {
                lines += finishLine()
            } else if !isDiscarding {
                if pending.count >= maximumLineBytes {
                    isDiscarding = true
                    pending.removeAll(keepingCapacity: true)
                } else {
                    pending.append(byte)
                }
            }
        }
        if isAtEnd && (!pending.isEmpty || isDiscarding) { lines += finishLine() }
        return lines
    }

    private mutating func finishLine() -> [Line] {
        defer {
            pending.removeAll(keepingCapacity: true)
            isDiscarding = false
        }
        if isDiscarding { return [.tooLong] }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        return Self.split(String(decoding: pending, as: UTF8.self)).map(Line.text)
    }

    /// `text` cut at every line break YAML knows besides the line feed: CR
    /// (CR LF counts once), NEL, LS and PS.
    static func split(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = scalar == "\r"
            switch scalar.value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                lines.append(String(current))
                current = String.UnicodeScalarView()
            default:
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }
}
