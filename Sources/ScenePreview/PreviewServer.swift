import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The preview's web server, on SwiftNIO: one event loop thread, listening
/// on 127.0.0.1 only, serving the page at `/` and its WebSocket at
/// `/socket`, each request checked by ``PreviewAccess``.
package final class PreviewServer {
    /// Why the server could not start.
    package struct StartFailure: Error {
        /// What went wrong, for a person: the address, and what to do.
        package let message: String
    }

    /// What every connection's handlers read.
    final class Settings: Sendable {
        let token: String
        let hub: PreviewHub
        let page: [UInt8]
        /// The port listened on, once bound (a request's `Host` names it).
        let port = Atomic<Int>(0)
        /// The connections open now, pages' WebSockets included.
        let openConnections = Atomic<Int>(0)

        /// How long a connection may send nothing before it is a WebSocket.
        let requestTimeout: TimeAmount
        /// The most connections open at once.
        let maximumConnections: Int

        init(token: String, hub: PreviewHub, page: [UInt8], requestTimeout: TimeAmount, maximumConnections: Int) {
            self.token = token
            self.hub = hub
            self.page = page
            self.requestTimeout = requestTimeout
            self.maximumConnections = maximumConnections
        }

        func check(_ head: HTTPRequestHead) -> Result<PreviewAccess.Resource, PreviewAccess.Refusal> {
            PreviewAccess.check(
                method: head.method.rawValue, uri: head.uri, hosts: head.headers["Host"],
                origins: head.headers["Origin"], token: token, port: port.load(ordering: .relaxed))
        }
    }

    /// The port the server listens on.
    package let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let listener: any Channel
    private let settings: Settings

    private init(port: Int, group: MultiThreadedEventLoopGroup, listener: any Channel, settings: Settings) {
        self.port = port
        self.group = group
        self.listener = listener
        self.settings = settings
    }

    /// Starts listening on 127.0.0.1 at `port` (0: any free port), serving
    /// `page` to requests that carry `token`, and handing the page's
    /// messages to `hub`. A connection that sends nothing for
    /// `requestTimeout` before it becomes a WebSocket is closed, and so is
    /// any beyond `maximumConnections` open at once.
    package static func start(
        port: Int, token: String, hub: PreviewHub, page: [UInt8], requestTimeout: TimeAmount = requestTimeout,
        maximumConnections: Int = maximumConnections
    ) throws(StartFailure) -> PreviewServer {
        let settings = Settings(
            token: token, hub: hub, page: page, requestTimeout: requestTimeout, maximumConnections: maximumConnections)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            // A picture goes out at once, not held back to fill a packet.
            .childChannelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                // At most `maximumConnections` at once: more are closed
                // before anything is read from them.
                let open = settings.openConnections.wrappingAdd(1, ordering: .relaxed).newValue
                channel.closeFuture.whenComplete { _ in
                    settings.openConnections.wrappingSubtract(1, ordering: .relaxed)
                }
                guard open <= settings.maximumConnections else { return channel.close() }
                return channel.eventLoop.makeCompletedFuture {
                    try Self.configure(channel, settings: settings)
                }
            }
        let listener: any Channel
        do {
            listener = try bootstrap.bind(host: "127.0.0.1", port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw StartFailure(message: Self.bindFailure(error, port: port))
        }
        let bound = listener.localAddress?.port ?? port
        settings.port.store(bound, ordering: .relaxed)
        return PreviewServer(port: bound, group: group, listener: listener, settings: settings)
    }

    /// Stops listening, closes every page's connection and ends the
    /// server's thread; returns when it has ended.
    package func stop() {
        for channel in settings.hub.closeAll() {
            let closing = WebSocketFrame(fin: true, opcode: .connectionClose, data: ByteBuffer(bytes: [0x03, 0xE9]))
            channel.writeAndFlush(closing).whenComplete { _ in channel.close(promise: nil) }
        }
        try? listener.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// The most connections open at once, by default; a page needs two
    /// (the page, its WebSocket), and a browser opens a few more.
    package static let maximumConnections = 64
    /// How long a connection may send nothing before it is closed, until it
    /// has become a page's WebSocket (which may stay quiet for as long as
    /// the person looks).
    package static let requestTimeout: TimeAmount = .seconds(10)

    private static func configure(_ channel: any Channel, settings: Settings) throws {
        try channel.pipeline.syncOperations.addHandler(
            IdleStateHandler(readTimeout: settings.requestTimeout), name: IdleCloser.timerName)
        try channel.pipeline.syncOperations.addHandler(IdleCloser(), name: IdleCloser.name)
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: PreviewAccess.maximumMessageBytes,
            shouldUpgrade: { channel, head in
                guard case .success(.socket) = settings.check(head) else {
                    // Not upgraded: the page handler answers with the reason.
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 64,
                            maxAccumulatedFrameSize: PreviewAccess.maximumMessageBytes),
                        SocketHandler(hub: settings.hub),
                    ])
                }
            })
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
            withServerUpgrade: (
                upgraders: [upgrader],
                completionHandler: { context in
                    context.pipeline.removeHandler(name: PageHandler.name, promise: nil)
                    context.pipeline.removeHandler(name: IdleCloser.timerName, promise: nil)
                    context.pipeline.removeHandler(name: IdleCloser.name, promise: nil)
                }
            ))
        try channel.pipeline.syncOperations.addHandler(PageHandler(settings: settings), name: PageHandler.name)
    }

    private static func bindFailure(_ error: any Error, port: Int) -> String {
        let address = "127.0.0.1:\(port)"
        if let error = error as? IOError {
            switch error.errnoCode {
            case EADDRINUSE:
                return
                    "cannot listen on \(address): the port is in use; give another --port, or --port 0 for any free one"
            case EACCES, EPERM:
                return
                    "cannot listen on \(address): the system refused the port (ports below 1024 need privileges); give another --port, or --port 0"
            default:
                break
            }
        }
        return "cannot listen on \(address): \(error); give another --port, or --port 0 for any free one"
    }
}

/// Answers plain HTTP requests: the page to a request that passes the
/// checks, the reason (and its status) to any other.
final class PageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let name = "preview-page"
    private let settings: PreviewServer.Settings

    init(settings: PreviewServer.Settings) {
        self.settings = settings
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        switch settings.check(head) {
        case .success(.page):
            respond(context, status: .ok, type: "text/html; charset=utf-8", body: settings.page)
        case .success(.socket):
            respond(
                context, status: .badRequest, type: "text/plain; charset=utf-8",
                body: Array("the socket needs a WebSocket upgrade\n".utf8))
        case .failure(let refusal):
            respond(
                context, status: HTTPResponseStatus(statusCode: refusal.status), type: "text/plain; charset=utf-8",
                body: Array((refusal.reason + "\n").utf8))
        }
    }

    private func respond(_ context: ChannelHandlerContext, status: HTTPResponseStatus, type: String, body: [UInt8]) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "Connection", value: "close")
        headers.add(name: "Cache-Control", value: "no-store")
        // The token is in the address: never sent on to another site.
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        // Not shown inside another site's page (no clicks through a frame).
        headers.add(name: "X-Frame-Options", value: "DENY")
        let port = settings.port.load(ordering: .relaxed)
        headers.add(
            name: "Content-Security-Policy",
            value:
                "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
                + "connect-src ws://127.0.0.1:\(port) ws://localhost:\(port); frame-ancestors 'none'")
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// One page's WebSocket: its text messages, checked and limited, go to
/// the hub; pings are answered; a close is answered and closes.
final class SocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let hub: PreviewHub
    private var rate = RateLimit(perSecond: PreviewAccess.maximumMessagesPerSecond)
    private var dropped = 0

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

    /// A frame too large or malformed (the decoder has already answered
    /// with its close code): the connection ends.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        hub.disconnect(context.channel)
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            var data = frame.unmaskedData
            let text = data.readString(length: data.readableBytes) ?? ""
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
            hub.notice("binary messages are not read: the page sends its messages as text", to: context.channel)
        default:
            break
        }
    }
}

/// Closes a connection that has sent nothing for
/// ``PreviewServer/requestTimeout``: one opened and left silent holds a
/// place among ``PreviewServer/maximumConnections`` for no page.
final class IdleCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    static let name = "idle-closer"
    static let timerName = "idle-timer"

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case IdleStateHandler.IdleStateEvent.read = event {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
