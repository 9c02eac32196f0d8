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

        /// How long a connection has, from its opening, to send a request
        /// that is answered or becomes a WebSocket.
        let requestTimeout: TimeAmount
        /// The most connections open at once.
        let maximumConnections: Int
        /// The connections that have not yet sent a request with the token,
        /// oldest first: the first closed when the limit is reached.
        private let untrusted = Mutex<[(id: ObjectIdentifier, channel: any Channel)]>([])

        init(token: String, hub: PreviewHub, page: [UInt8], requestTimeout: TimeAmount, maximumConnections: Int) {
            self.token = token
            self.hub = hub
            self.page = page
            self.requestTimeout = requestTimeout
            self.maximumConnections = maximumConnections
        }

        /// Checks a request; one that passes has shown the token, and its
        /// connection is no longer among the first closed at the limit.
        func check(_ head: HTTPRequestHead, on channel: any Channel) -> Result<
            PreviewAccess.Resource, PreviewAccess.Refusal
        > {
            let result = PreviewAccess.check(
                method: head.method.rawValue, uri: head.uri, hosts: head.headers["Host"],
                origins: head.headers["Origin"], token: token, port: port.load(ordering: .relaxed))
            if case .success = result { forget(channel) }
            return result
        }

        /// A new connection: counted, and closed when it goes. At the limit
        /// the oldest connection without the token is closed to make room
        /// (so that connections that never send one cannot keep the page's
        /// owner out); false when every place is held by one with it.
        func admit(_ channel: any Channel) -> Bool {
            let open = openConnections.wrappingAdd(1, ordering: .relaxed).newValue
            channel.closeFuture.whenComplete { [self] _ in
                openConnections.wrappingSubtract(1, ordering: .relaxed)
                forget(channel)
            }
            if open > maximumConnections {
                let oldest: (any Channel)? = untrusted.withLock { list in
                    list.isEmpty ? nil : list.removeFirst().channel
                }
                guard let oldest else { return false }
                oldest.close(promise: nil)
            }
            untrusted.withLock { $0.append((ObjectIdentifier(channel), channel)) }
            return true
        }

        private func forget(_ channel: any Channel) {
            let id = ObjectIdentifier(channel)
            untrusted.withLock { list in list.removeAll { $0.id == id } }
        }
    }

    /// The port the server listens on.
    package let port: Int

    /// How many connections are open now (pages' WebSockets included):
    /// what a test waits for before it opens the next one.
    package var openConnections: Int { settings.openConnections.load(ordering: .relaxed) }
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
    /// messages to `hub`. A connection that has not been answered or become
    /// a WebSocket `requestTimeout` after it opened is closed, however it
    /// trickles its request; beyond `maximumConnections` open at once, the
    /// oldest that has not shown the token is closed.
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
                // At most `maximumConnections` at once: beyond, the oldest
                // without the token is closed, or this one when all have it.
                guard settings.admit(channel) else { return channel.close() }
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
    /// How long a connection has, from its opening, to send a whole
    /// request: a fixed deadline, not a time-out that each byte restarts.
    /// A page's WebSocket has no deadline (it may stay quiet for as long
    /// as the person looks).
    package static let requestTimeout: TimeAmount = .seconds(10)
    /// The most bytes waiting to be sent to one page: a page that does not
    /// read is closed beyond them (its notices are dropped well before, and
    /// pictures it cannot take are skipped).
    package static let maximumQueuedBytes = 32 << 20

    private static func configure(_ channel: any Channel, settings: Settings) throws {
        try channel.pipeline.syncOperations.addHandler(
            RequestDeadline(settings.requestTimeout), name: RequestDeadline.name)
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: PreviewAccess.maximumMessageBytes,
            shouldUpgrade: { channel, head in
                guard case .success(.socket) = settings.check(head, on: channel) else {
                    // Not upgraded: the page handler answers with the reason.
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        FrameChecker(),
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
                    context.pipeline.removeHandler(name: RequestDeadline.name, promise: nil)
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
        switch settings.check(head, on: context.channel) {
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

/// Closes a connection that has not been answered, or become a page's
/// WebSocket, ``PreviewServer/requestTimeout`` after it opened: a fixed
/// deadline, which a request trickled a byte at a time does not push back.
final class RequestDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    static let name = "request-deadline"
    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(_ timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }
}
