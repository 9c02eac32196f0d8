#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads Language Server Protocol messages: a header of `Name: value`
/// lines ending with an empty line, whose `Content-Length` says how many
/// bytes of content follow.
///
///     var reader = MessageReader(fileDescriptor: 0)
///     while case .message(let content) = reader.next() { ... }
///
/// Bounded: a header is at most ``maxHeaderBytes``, a content at most
/// `maxContentBytes`; a longer one is refused (``Frame/refused(_:)``)
/// and its bytes read past without being kept, so that the next message
/// is read as usual.
public struct MessageReader {
    /// What ``next()`` read.
    public enum Frame: Equatable, Sendable {
        /// A message's content.
        case message([UInt8])
        /// A message that could not be read, and why; reading goes on after it.
        case refused(String)
        /// The input has ended (or cannot be read).
        case end
    }

    /// The longest header read.
    public static let maxHeaderBytes = 8 << 10
    /// The longest content read by default: 64 MiB.
    public static let defaultMaxContentBytes = 64 << 20

    private let read: (inout [UInt8]) -> Int
    private let maxContentBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false

    /// A reader of `fileDescriptor` (standard input is 0).
    public init(fileDescriptor: Int32, maxContentBytes: Int = defaultMaxContentBytes) {
        self.init(maxContentBytes: maxContentBytes) { chunk in
            chunk.withUnsafeMutableBytes { raw in
                while true {
                    let count = systemRead(fileDescriptor, raw.baseAddress, raw.count)
                    if count < 0 && errno == EINTR { continue }
                    return max(count, 0)
                }
            }
        }
    }

    /// A reader of `bytes`, for tests.
    public init(bytes: [UInt8], maxContentBytes: Int = defaultMaxContentBytes) {
        var remaining = bytes[...]
        self.init(maxContentBytes: maxContentBytes) { chunk in
            let count = min(chunk.count, remaining.count)
            chunk.replaceSubrange(0..<count, with: remaining.prefix(count))
            remaining = remaining.dropFirst(count)
            return count
        }
    }

    /// A reader taking its bytes from `read`, which fills the start of the
    /// chunk given and says how many bytes it put there (0 at the end).
    init(maxContentBytes: Int, read: @escaping (inout [UInt8]) -> Int) {
        self.read = read
        self.maxContentBytes = maxContentBytes
    }

    /// The next message, a refusal, or the end.
    public mutating func next() -> Frame {
        guard let header = readHeader() else { return .end }
        let length: Int
        switch Self.contentLength(header) {
        case .success(let value): length = value
        case .failure(let problem):
            return .refused(problem.reason)
        }
        guard length <= maxContentBytes else {
            guard skip(length) else { return .end }
            return .refused("a message of \(length) bytes is over the limit of \(maxContentBytes) bytes")
        }
        guard let content = take(length) else { return .end }
        return .message(content)
    }

    /// The header's `Content-Length`, or why it has none. A line may hold
    /// what came before the header (the rest of a message whose length
    /// was too short): the length is read after the last
    /// `Content-Length:` of a line, and a line without one is passed over,
    /// so that the messages after a wrong length are read again.
    static func contentLength(_ header: [UInt8]) -> Result<Int, FramingProblem> {
        let text = String(decoding: header, as: UTF8.self)
        var length: Int?
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            let lowered = line.lowercased()
            guard let name = lowered.ranges(of: "content-length:").last else { continue }
            let value = lowered[name.upperBound...].trimmingSpaces
            guard value.count <= 18, let number = Int(value), number >= 0 else {
                return .failure(FramingProblem("the Content-Length '\(value.prefix(40))' is not a number of bytes"))
            }
            length = number
        }
        guard let length else { return .failure(FramingProblem("a header has no Content-Length")) }
        return .success(length)
    }

    /// The bytes up to the next empty line (which is dropped), or `nil` at the end.
    private mutating func readHeader() -> [UInt8]? {
        var searched = start
        while true {
            let end = buffer.count
            if end - start >= 4 {
                var index = max(searched, start + 3)
                while index < end {
                    if buffer[index] == 0x0A, buffer[index - 1] == 0x0D, buffer[index - 2] == 0x0A,
                        buffer[index - 3] == 0x0D
                    {
                        let header = Array(buffer[start..<(index - 3)])
                        start = index + 1
                        return header
                    }
                    index += 1
                }
                searched = end
            }
            if end - start > Self.maxHeaderBytes {
                // No header ends within the limit: what was read is dropped,
                // and the search goes on from here.
                start = end - 3
                searched = start
                compact()
            }
            guard fill() else { return nil }
        }
    }

    /// `count` bytes of content, or `nil` when the input ends first.
    private mutating func take(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let content = Array(buffer[start..<(start + count)])
        start += count
        compact()
        return content
    }

    /// Reads past `count` bytes without keeping them; false when the input ends first.
    private mutating func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            if buffer.count - start == 0 {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                guard fill() else { return false }
            }
            let taken = min(left, buffer.count - start)
            start += taken
            left -= taken
        }
        compact()
        return true
    }

    /// Reads more bytes onto the buffer; false at the end.
    private mutating func fill() -> Bool {
        guard !isAtEnd else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let count = read(&chunk)
        guard count > 0 else {
            isAtEnd = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Drops the bytes already read from the buffer once they are most of it.
    private mutating func compact() {
        guard start > 0, start >= buffer.count / 2 else { return }
        buffer.removeSubrange(0..<start)
        start = 0
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}

/// `read(2)`, named apart from the reader's own `read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Why a header could not be read.
struct FramingProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
