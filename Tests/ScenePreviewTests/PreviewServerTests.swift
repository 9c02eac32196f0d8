import NIOCore
import SceneCommandLine
import ScenePreview
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server itself, over a real socket on 127.0.0.1, without a browser:
/// what it answers to requests with and without the token, another Host,
/// another page's Origin, and a port already taken.
@Suite(.serialized) struct PreviewServerTests {
    private let token = PreviewAccess.newToken()

    private func withServer(_ body: (PreviewServer) throws -> Void) throws {
        let hub = PreviewHub(clock: .monotonic())
        let server = try PreviewServer.start(port: 0, token: token, hub: hub, page: Array("<p>page</p>".utf8))
        defer { server.stop() }
        #expect(server.port > 0)
        try body(server)
    }

    @Test func thePageIsServedOnlyWithTheTokenAndTheRightHost() throws {
        try withServer { server in
            let host = "127.0.0.1:\(server.port)"
            let page = try #require(
                request(port: server.port, "GET /?token=\(token) HTTP/1.1\r\nHost: \(host)\r\n\r\n"))
            #expect(page.hasPrefix("HTTP/1.1 200"))
            #expect(page.hasSuffix("<p>page</p>"))
            #expect(page.contains("Content-Security-Policy: default-src 'none'"))
            let noToken = try #require(request(port: server.port, "GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n"))
            #expect(noToken.hasPrefix("HTTP/1.1 403"))
            #expect(noToken.contains("token"))
            let rebound = try #require(
                request(port: server.port, "GET /?token=\(token) HTTP/1.1\r\nHost: evil.example:\(server.port)\r\n\r\n")
            )
            #expect(rebound.hasPrefix("HTTP/1.1 421"))
            let other = try #require(
                request(port: server.port, "GET /etc/passwd?token=\(token) HTTP/1.1\r\nHost: \(host)\r\n\r\n"))
            #expect(other.hasPrefix("HTTP/1.1 404"))
        }
    }

    @Test func theSocketRefusesAnotherPagesOrigin() throws {
        try withServer { server in
            let host = "127.0.0.1:\(server.port)"
            func upgrade(_ target: String) -> String {
                "GET \(target) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            }
            let withToken = upgrade("/socket?token=\(token)")
            let accepted = try #require(
                request(port: server.port, withToken + "Origin: http://\(host)\r\n\r\n", untilHeadersEnd: true))
            #expect(accepted.hasPrefix("HTTP/1.1 101"), "\(accepted)")
            let refused = try #require(request(port: server.port, withToken + "Origin: https://evil.example\r\n\r\n"))
            #expect(refused.hasPrefix("HTTP/1.1 403"), "\(refused)")
            let noToken = try #require(
                request(port: server.port, upgrade("/socket") + "\r\n"))
            #expect(noToken.hasPrefix("HTTP/1.1 403"), "\(noToken)")
        }
    }

    @Test func aPortInUseIsAClearError() throws {
        try withServer { server in
            let hub = PreviewHub(clock: .monotonic())
            #expect {
                _ = try PreviewServer.start(port: server.port, token: token, hub: hub, page: [])
            } throws: { error in
                guard let failure = error as? PreviewServer.StartFailure else { return false }
                return failure.message.contains("127.0.0.1:\(server.port)") && failure.message.contains("in use")
                    && failure.message.contains("--port")
            }
        }
    }

    @Test func aSilentConnectionIsClosedAndConnectionsBeyondTheLimitAreRefused() throws {
        let hub = PreviewHub(clock: .monotonic())
        let server = try PreviewServer.start(
            port: 0, token: token, hub: hub, page: Array("<p>page</p>".utf8), requestTimeout: .milliseconds(300),
            maximumConnections: 2)
        defer { server.stop() }
        let clock = ContinuousClock()
        // Two silent connections hold the two places: a third is closed at
        // once, before the silent ones time out.
        let first = try #require(connection(port: server.port))
        defer { close(first) }
        let second = try #require(connection(port: server.port))
        defer { close(second) }
        let start = clock.now
        let third = try #require(connection(port: server.port))
        defer { close(third) }
        #expect(readUntilClosed(third))
        // The silent ones are closed once they have said nothing for the timeout.
        #expect(readUntilClosed(first))
        #expect(readUntilClosed(second))
        #expect(clock.now - start >= .milliseconds(250))
        // Their places are free again: a request is answered.
        let answered = waitUntil {
            request(port: server.port, "GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")?
                .hasPrefix("HTTP/1.1 200") == true
        }
        #expect(answered)
    }

    /// A connection to 127.0.0.1:`port` that reads with a 10 s time-out.
    private func connection(port: Int) -> Int32? {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Whether the server closes `descriptor` (a read sees its end, or a
    /// reset) before the read time-out, with nothing sent.
    private func readUntilClosed(_ descriptor: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// Sends `text` to 127.0.0.1:`port` and reads the answer until the
    /// server closes (or, for an upgrade, until the headers end).
    private func request(port: Int, _ text: String, untilHeadersEnd: Bool = false) -> String? {
        guard let descriptor = connection(port: port) else { return nil }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            return nil
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Until the server closes, the headers end or 1 MiB: a bound.
        while answer.count < 1 << 20 {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[..<count]
            if untilHeadersEnd, String(decoding: answer, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
