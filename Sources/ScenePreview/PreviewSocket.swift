import NIOCore
import NIOWebSocket

/// The close codes of RFC 6455 (section 7.4.1) the preview sends.
enum CloseCode: UInt16 {
    /// The other end broke the protocol: an unmasked client frame, a
    /// reserved bit set, fragments out of order.
    case protocolError = 1002
    /// A message of a type that is not read (binary).
    case unacceptableData = 1003
    /// A text message that is not UTF-8.
    case invalidPayload = 1007

    /// Sends a close frame with this code on `context`'s channel, then
    /// closes it: the connection is failed (RFC 6455, section 7.1.7).
    func fail(_ context: ChannelHandlerContext) {
        var data = context.channel.allocator.buffer(capacity: 2)
        data.writeInteger(rawValue)
        let channel = context.channel
        context.writeAndFlush(NIOAny(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}

/// Checks each frame as it comes off the wire, before fragments are joined
/// (which forgets their mask and flags): a client's frame must be masked
/// and set no reserved bit, as no extension was agreed (RFC 6455, section
/// 5.1 and 5.2). Any other fails the connection with 1002.
final class FrameChecker: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private var hasFailed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !hasFailed else { return }
        let frame = unwrapInboundIn(data)
        guard frame.maskKey != nil, !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            hasFailed = true
            CloseCode.protocolError.fail(context)
            return
        }
        context.fireChannelRead(data)
    }
}

/// One page's WebSocket: its text messages, checked and limited, go to
/// the hub; pings are answered; a close is answered and closes. A binary
/// message fails the connection with 1003, a text one that is not UTF-8
/// with 1007, fragments that do not join with 1002.
final class SocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let hub: PreviewHub
    private var rate = RateLimit(perSecond: PreviewAccess.maximumMessagesPerSecond)
    private var dropped = 0
    private var hasFailed = false

    init(hub: PreviewHub) {
        self.hub = hub
    }

    func handlerAdded(context: ChannelHandlerContext) {
        hub.connect(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        hub.disconnect(context.channel)
        context.fireChannelInactive()
    }

    /// Fragments that do not join (the aggregator's error), or a frame too
    /// large or malformed (the decoder has then already answered with its
    /// close code): the connection ends.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        hub.disconnect(context.channel)
        if error is NIOWebSocketFrameAggregator.Error {
            fail(context, .protocolError)
        } else {
            context.close(promise: nil)
        }
    }

    private func fail(_ context: ChannelHandlerContext, _ code: CloseCode) {
        guard !hasFailed else { return }
        hasFailed = true
        hub.disconnect(context.channel)
        code.fail(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !hasFailed else { return }
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let data = frame.unmaskedData
            guard let text = String(validating: data.readableBytesView, as: UTF8.self) else {
                fail(context, .invalidPayload)
                return
            }
            if let problem = PreviewAccess.problem(withMessage: text) {
                hub.notice(problem, to: context.channel)
            } else if rate.admit(at: hub.clock.now) {
                hub.receive(text, from: context.channel)
            } else {
                dropped += 1
                // One notice for the first and then every hundredth: the
                // notices are not a flood of their own.
                if dropped % 100 == 1 {
                    hub.notice(
                        "more than \(PreviewAccess.maximumMessagesPerSecond) messages a second: \(dropped) dropped so far",
                        to: context.channel)
                }
            }
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var data = frame.unmaskedData
            let code = data.readSlice(length: 2) ?? ByteBuffer()
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)))
                .whenComplete { _ in channel.close(promise: nil) }
        case .binary:
            // The page sends text; binary frames are refused, not answered
            // one notice each.
            fail(context, .unacceptableData)
        default:
            break
        }
    }
}
