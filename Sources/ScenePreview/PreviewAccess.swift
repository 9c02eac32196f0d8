/// Who may talk to a preview server, and what they may send: the checks
/// every request and every message goes through, kept apart from the
/// server so that they are tested without one.
///
/// A request is let in only when it asks for one of the two fixed
/// addresses (the page, `/`, or its socket, `/socket`), carries the
/// session's token in its query (`?token=...`, compared in constant time),
/// names the server itself in `Host` (`127.0.0.1:PORT` or
/// `localhost:PORT`, the port left out on port 80 as browsers do: a page of
/// another site that renamed its host to 127.0.0.1 through DNS sends its
/// own name) and, when it has an `Origin`,
/// comes from the preview's own page.
package enum PreviewAccess {
    /// The largest message the page may send, in bytes.
    package static let maximumMessageBytes = 1 << 16
    /// How many messages a second one page may send; more are dropped.
    package static let maximumMessagesPerSecond = 200

    /// What a request asks for.
    package enum Resource: Equatable, Sendable {
        /// The page (`/`).
        case page
        /// The page's WebSocket (`/socket`).
        case socket
    }

    /// Why a request was refused: the HTTP status and the reason, which
    /// the server writes in its answer.
    package struct Refusal: Error, Equatable, Sendable {
        package let status: Int
        package let reason: String
    }

    /// A new token: 128 random bits from the system's generator, as 32
    /// hexadecimal digits.
    package static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return newToken(using: &generator)
    }

    /// A token from `generator` (a seeded one in tests).
    package static func newToken(using generator: inout some RandomNumberGenerator) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<2 {
            let word = generator.next()
            for shift in stride(from: 60, through: 0, by: -4) {
                bytes.append(digits[Int((word >> UInt64(shift)) & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `given` is `expected`, in a time that depends only on their
    /// lengths (not on where they first differ).
    package static func tokensMatch(_ given: some StringProtocol, _ expected: String) -> Bool {
        let left = Array(given.utf8)
        let right = Array(expected.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<right.count {
            difference |= (index < left.count ? left[index] : 0) ^ right[index]
        }
        return difference == 0
    }

    /// Checks a request: its method, its target (`/` or `/socket` with
    /// only `?token=`), its token and its `Host` and `Origin` headers (each
    /// list holds the values of every header of that name). What it asks
    /// for, or why it is refused.
    package static func check(
        method: String, uri: String, hosts: [String], origins: [String], token: String, port: Int
    ) -> Result<Resource, Refusal> {
        guard hosts.count == 1, let host = hosts.first, isAllowedHost(host, port: port) else {
            return .failure(
                Refusal(status: 421, reason: "the Host header must be 127.0.0.1:\(port) or localhost:\(port)"))
        }
        guard origins.count <= 1, origins.allSatisfy({ isAllowedOrigin($0, port: port) }) else {
            return .failure(Refusal(status: 403, reason: "requests from other pages are refused"))
        }
        guard method == "GET" else {
            return .failure(Refusal(status: 405, reason: "only GET is served"))
        }
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let resource: Resource
        switch parts.first {
        case "/": resource = .page
        case "/socket": resource = .socket
        default: return .failure(Refusal(status: 404, reason: "the preview serves its page and nothing else"))
        }
        guard parts.count == 2, parts[1].hasPrefix("token="), tokensMatch(parts[1].dropFirst(6), token) else {
            return .failure(Refusal(status: 403, reason: "the address needs the session's token, as printed"))
        }
        return .success(resource)
    }

    /// Whether a `Host` header names this server: `127.0.0.1:PORT` or
    /// `localhost:PORT`, in any case; on port 80, HTTP's default, also
    /// without the port, as a browser sends it.
    package static func isAllowedHost(_ host: String, port: Int) -> Bool {
        addresses(port: port).contains(host.lowercased())
    }

    /// Whether an `Origin` header is the preview's own page.
    package static func isAllowedOrigin(_ origin: String, port: Int) -> Bool {
        let lowered = origin.lowercased()
        guard lowered.hasPrefix("http://") else { return false }
        return addresses(port: port).contains(String(lowered.dropFirst(7)))
    }

    /// The names of the server, with its port, and on HTTP's default port
    /// (80) without it too.
    private static func addresses(port: Int) -> [String] {
        let named = ["127.0.0.1:\(port)", "localhost:\(port)"]
        return port == defaultHTTPPort ? named + ["127.0.0.1", "localhost"] : named
    }

    /// HTTP's default port, which a browser leaves out of `Host` and
    /// `Origin`.
    static let defaultHTTPPort = 80

    /// What is wrong with a message from the page, or `nil`: too long, or
    /// holding a line break (each message is one line).
    package static func problem(withMessage message: String) -> String? {
        if message.utf8.count > maximumMessageBytes {
            return "a message longer than \(maximumMessageBytes) bytes was dropped"
        }
        if message.unicodeScalars.contains(where: { [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }) {
            return "a message with a line break was dropped: send one step a message"
        }
        return nil
    }
}

/// Lets through at most a number of messages a second (a token bucket:
/// a burst of `burst`, by default that many, then that many a second).
package struct RateLimit: Sendable {
    private let perSecond: Int
    private let burst: Int
    private var available: Double
    private var last: Duration?

    package init(perSecond: Int, burst: Int? = nil) {
        self.perSecond = max(1, perSecond)
        self.burst = max(1, burst ?? perSecond)
        available = Double(self.burst)
    }

    /// Whether a message arriving at `time` (on any monotonic clock) is let
    /// through.
    package mutating func admit(at time: Duration) -> Bool {
        if let last, time > last {
            let seconds = Double((time - last).components.seconds) + Double((time - last).components.attoseconds) / 1e18
            available = min(Double(burst), available + seconds * Double(perSecond))
        }
        last = max(last ?? time, time)
        guard available >= 1 else { return false }
        available -= 1
        return true
    }
}
