import NIOCore
import ScenePreview
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the server does with connections that try to hold it, over real
/// sockets on 127.0.0.1: a request trickled a byte at a time, the
/// connection limit taken by connections without the token, a page that
/// sends and never reads, and frames RFC 6455 says to fail.
@Suite(.serialized) struct PreviewServerLimitsTests {
    private let token = PreviewAccess.newToken()

    private func withServer(
        requestTimeout: TimeAmount = .seconds(10), maximumConnections: Int = 64,
        _ body: (PreviewServer) throws -> Void
    ) throws {
        let hub = PreviewHub(clock: .monotonic())
        let server = try PreviewServer.start(
            port: 0, token: token, hub: hub, page: Array("<p>page</p>".utf8), requestTimeout: requestTimeout,
            maximumConnections: maximumConnections)
        defer { server.stop() }
        try body(server)
    }

    @Test func aRequestTrickledAByteAtATimeIsClosedAtItsDeadline() throws {
        try withServer(requestTimeout: .milliseconds(400)) { server in
            let socket = try #require(TestSocket(port: server.port))
            let clock = ContinuousClock()
            let start = clock.now
            // A byte every 100 ms, each well within the timeout: the
            // connection must still be closed once 400 ms have passed.
            var closed = false
            for byte in Array("GET /?token=\(token) HTTP/1.1\r\n".utf8) {
                guard socket.send([byte]) else {
                    closed = true
                    break
                }
                if socket.isClosed(waiting: .milliseconds(100)) {
                    closed = true
                    break
                }
                if clock.now - start > .seconds(3) { break }
            }
            #expect(closed, "a trickled request was still open after \(clock.now - start)")
            #expect(clock.now - start < .seconds(2))
        }
    }

    @Test func atTheLimitConnectionsWithoutTheTokenMakeWayForTheUser() throws {
        try withServer(maximumConnections: 3) { server in
            // Three connections that send part of a request without the
            // token hold every place...
            var holders: [TestSocket] = []
            for _ in 0..<3 {
                let socket = try #require(TestSocket(port: server.port))
                #expect(socket.send(Array("GET / HTT".utf8)))
                holders.append(socket)
            }
            // (once the server has them all)...
            #expect(waitUntil { server.openConnections == 3 }, "the server has \(server.openConnections)")
            // ...and the user's request with the token is answered.
            let user = try #require(TestSocket(port: server.port))
            #expect(user.send(Array("GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)))
            let answer = user.readAll(quietFor: .seconds(2))
            #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            #expect(holders.contains { $0.isClosed(waiting: .milliseconds(500)) }, "a holder made way")
        }
    }

    @Test func aPageThatSendsAndNeverReadsDoesNotGrowTheServersQueue() throws {
        let hub = PreviewHub(clock: .monotonic())
        let server = try PreviewServer.start(port: 0, token: token, hub: hub, page: [])
        defer { server.stop() }
        // A receive buffer the notices cannot fill: one that overflows
        // drops the server's window updates too, and the page's own
        // messages then stall in TCP for minutes (seen under load).
        let socket = try #require(TestSocket(port: server.port, receiveBuffer: 1 << 20))
        #expect(socket.upgrade(token: token, port: server.port))
        // 150,000 messages the server drops with a notice (a line break),
        // nothing read: 14 MB of notices if each were sent or queued.
        let frame = TestSocket.frame(opcode: 0x1, payload: Array("\n".utf8))
        var batch: [UInt8] = []
        for _ in 0..<1000 { batch += frame }
        for _ in 0..<150 where socket.send(batch) {}
        // Then a message the hub queues: once it is there, the server has
        // read every frame before it. (Alone this takes some 10 s of a
        // debug build; on a machine busy with other builds over 30 s, so
        // the wait is long.)
        #expect(socket.send(TestSocket.frame(opcode: 0x1, payload: Array(#"{"kind":"inspect","id":"end"}"#.utf8))))
        var arrived = false
        let clock = ContinuousClock()
        let start = clock.now
        while !arrived, clock.now - start < .seconds(300) {
            arrived = hub.next(waitingUpTo: .milliseconds(100)).contains(.inspect(id: "end"))
        }
        #expect(arrived)
        let received = socket.readAll(quietFor: .seconds(1))
        // A burst of notices and then one a second, some 100 bytes each:
        // not one a message.
        #expect(received.count < 64 << 10, "\(received.count) bytes of notices for a page that never read")
    }

    @Test func binaryMessagesCloseTheSocketWith1003() throws {
        try withServer { server in
            let socket = try #require(TestSocket(port: server.port))
            #expect(socket.upgrade(token: token, port: server.port))
            #expect(socket.send(TestSocket.frame(opcode: 0x2, payload: [])))
            #expect(TestSocket.closeCode(in: socket.readAll(quietFor: .seconds(2))) == 1003)
        }
    }

    @Test(arguments: [
        ("unmasked", TestSocket.frame(opcode: 0x1, payload: Array("{}".utf8), masked: false), 1002),
        ("a reserved bit", TestSocket.frame(opcode: 0x1, payload: Array("{}".utf8), reserved: 0x40), 1002),
        ("invalid UTF-8", TestSocket.frame(opcode: 0x1, payload: [0x7B, 0xFF, 0xFE, 0x7D]), 1007),
        (
            "invalid UTF-8 across fragments",
            TestSocket.frame(opcode: 0x1, payload: [0x22, 0xE2, 0x82], final: false)
                + TestSocket.frame(opcode: 0x0, payload: [0x28, 0x22]), 1007
        ),
    ])
    func framesTheRFCSaysToFailCloseTheConnection(name: String, bytes: [UInt8], code: Int) throws {
        try withServer { server in
            let socket = try #require(TestSocket(port: server.port))
            #expect(socket.upgrade(token: token, port: server.port))
            #expect(socket.send(bytes))
            let answer = socket.readAll(quietFor: .seconds(2))
            #expect(TestSocket.closeCode(in: answer) == code, "\(name): \(answer)")
            #expect(socket.isClosed(waiting: .seconds(2)), "\(name)")
        }
    }
}

/// A client socket on 127.0.0.1, read with time-outs, that speaks enough
/// WebSocket to upgrade and send frames as a page (or an attacker) would.
final class TestSocket {
    let descriptor: Int32

    init?(port: Int, receiveBuffer: Int32? = nil) {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
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
    }

    deinit { close(descriptor) }

    /// Sends all of `bytes`; false when the server has closed.
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        // Until all is sent or the connection fails: each turn sends some.
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    private func setTimeout(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Whether the server closes within `waiting` (a read sees the end or
    /// a reset); what it sends meanwhile is read and dropped.
    func isClosed(waiting: Duration) -> Bool {
        setTimeout(waiting)
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Until the end, a reset or a read that times out; 4 MiB at most.
        for _ in 0..<1024 {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
            if count < 0 { return false }
        }
        return false
    }

    /// Everything the server sends until it closes or says nothing for
    /// `quietFor` (64 MiB at most).
    func readAll(quietFor: Duration) -> [UInt8] {
        setTimeout(quietFor)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while answer.count < 64 << 20 {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        return answer
    }

    /// Upgrades to the page's WebSocket; whether the server agreed.
    func upgrade(token: String, port: Int) -> Bool {
        let request =
            "GET /socket?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        guard send(Array(request.utf8)) else { return false }
        setTimeout(.seconds(5))
        var head: [UInt8] = []
        var byte: UInt8 = 0
        // One byte at a time up to the end of the headers (the frames the
        // hub sends on connecting stay unread); 16 KiB at most.
        while head.count < 1 << 14, recv(descriptor, &byte, 1, 0) == 1 {
            head.append(byte)
            if head.suffix(4) == [13, 10, 13, 10] { break }
        }
        return String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101")
    }

    /// A client frame: masked (unless told otherwise), final unless told.
    static func frame(
        opcode: UInt8, payload: [UInt8], masked: Bool = true, final: Bool = true, reserved: UInt8 = 0
    ) -> [UInt8] {
        var bytes: [UInt8] = [(final ? 0x80 : 0) | reserved | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else {
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        guard masked else { return bytes + payload }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        bytes += mask
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index % 4]) }
        return bytes
    }

    /// The code of the first close frame among the server's frames in
    /// `bytes`, or `nil`.
    static func closeCode(in bytes: [UInt8]) -> Int? {
        var index = 0
        // Frame by frame: each turn moves past one frame.
        while index + 2 <= bytes.count {
            let opcode = bytes[index] & 0x0F
            var length = Int(bytes[index + 1] & 0x7F)
            var start = index + 2
            if length == 126 {
                guard start + 2 <= bytes.count else { return nil }
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                guard start + 8 <= bytes.count else { return nil }
                length = bytes[start..<(start + 8)].reduce(0) { $0 << 8 | Int($1) }
                start += 8
            }
            if opcode == 0x8 {
                guard length >= 2, start + 2 <= bytes.count else { return nil }
                return Int(bytes[start]) << 8 | Int(bytes[start + 1])
            }
            index = start + length
        }
        return nil
    }
}

/// `send(2)`, without SIGPIPE where the system allows it.
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
        send(descriptor, bytes, count, 0)
    #endif
}
