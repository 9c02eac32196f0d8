import NIOCore
import NIOEmbedded
import NIOWebSocket
import SceneCommandLine
import Testing

@testable import ScenePreview

/// A page's WebSocket handler on an `EmbeddedChannel`: its messages reach
/// the hub, checked and limited on the hub's clock; pings and closes are
/// answered.
@Suite struct SocketHandlerTests {
    private func frame(_ text: String, _ opcode: WebSocketOpcode = .text) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, data: ByteBuffer(string: text))
    }

    @Test func aPagesMessagesReachTheHubWithinTheRate() throws {
        let clock = ManualClock()
        let hub = PreviewHub(clock: clock.live)
        let page = EmbeddedChannel(handler: SocketHandler(hub: hub))
        let burst = PreviewAccess.maximumMessagesPerSecond
        for index in 0..<(burst + 5) {
            try page.writeInbound(frame(#"{"kind":"step","line":"note: \#(index)"}"#))
        }
        #expect(hub.next(waitingUpTo: .zero).count == burst, "a burst of the rate, the rest dropped")
        let notices = try outbound(page)
        #expect(notices.count == 1, "one notice for the first dropped: \(notices)")
        #expect(notices.first?.contains("5 dropped") == false)
        #expect(notices.first?.contains("1 dropped so far") == true)
        clock.advance(by: .seconds(1))
        try page.writeInbound(frame(#"{"kind":"inspect","id":"play"}"#))
        #expect(hub.next(waitingUpTo: .zero) == [.inspect(id: "play")], "a second later there is room again")
    }

    @Test func aMessageWithALineBreakIsRefusedWithANoticeAndABinaryOneClosesTheSocket() throws {
        let hub = PreviewHub(clock: ManualClock().live)
        let page = EmbeddedChannel(handler: SocketHandler(hub: hub))
        try page.writeInbound(frame(#"{"kind":"step","line":"a\nb"}"# + "\n"))
        #expect(hub.next(waitingUpTo: .zero).isEmpty)
        let notices = try outbound(page)
        #expect(notices.count == 1)
        #expect(notices.first?.contains("line break") == true)
        try page.writeInbound(frame("{}", .binary))
        let close = try #require(try page.readOutbound(as: WebSocketFrame.self))
        #expect(close.opcode == .connectionClose)
        var code = close.unmaskedData
        #expect(code.readInteger(as: UInt16.self) == 1003)
        #expect(!page.isActive)
    }

    @Test func pingsAndClosesAreAnswered() throws {
        let hub = PreviewHub(clock: ManualClock().live)
        let page = EmbeddedChannel(handler: SocketHandler(hub: hub))
        try page.writeInbound(frame("hello", .ping))
        let pong = try #require(try page.readOutbound(as: WebSocketFrame.self))
        #expect(pong.opcode == .pong)
        var data = pong.unmaskedData
        #expect(data.readString(length: data.readableBytes) == "hello")
        var code = ByteBuffer()
        code.writeInteger(UInt16(1000))
        try page.writeInbound(WebSocketFrame(fin: true, opcode: .connectionClose, data: code))
        let close = try #require(try page.readOutbound(as: WebSocketFrame.self))
        #expect(close.opcode == .connectionClose)
        #expect(!page.isActive, "the connection is closed once the close is written")
    }
}
