import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The thread that parses for loads, kept between them, and the threads
/// started when it is taken.
///
/// A load takes the kept thread by flipping `isBusy`; the kept thread
/// waits on a semaphore for a job, runs it, signals the job's own
/// semaphore and frees itself. A load that finds it busy starts a thread of
/// its own. A process forked without exec has none of its parent's threads:
/// the kept thread belongs to the process that started it, and a load in
/// the child starts a new one.
final class ParsingThread: @unchecked Sendable {
    /// A job running on some thread, to wait for.
    enum Run {
        case kept(DispatchSemaphore)
        case own(pthread_t)

        /// Returns once the job has returned.
        func wait() {
            switch self {
            case .kept(let done): done.wait()
            case .own(let thread): pthread_join(thread, nil)
            }
        }
    }

    /// The thread loads share.
    static let shared = ParsingThread()

    /// What the kept thread serves: a job at a time, handed over through
    /// `ready`. Made anew with each thread started.
    private final class Server: @unchecked Sendable {
        let ready = DispatchSemaphore(value: 0)
        // Written by the load that holds `isBusy`, read by the thread after `ready`.
        var job: (@Sendable () -> Void)?
        var done: DispatchSemaphore?
        /// The process whose thread serves.
        let process = getpid()
    }

    /// Whether a load holds the kept thread.
    private let isBusy = Atomic(false)
    // Touched only by the load that holds `isBusy`.
    private var server: Server?

    /// A second one is only for tests; its thread is never stopped.
    init() {}

    /// Starts `job` on the kept thread, or on a thread of its own when the
    /// kept one is busy; `nil` when no thread can be started.
    func run(_ job: @escaping @Sendable () -> Void) -> Run? {
        if let done = handOver(job) { return .kept(done) }
        return Self.startThread(job).map(Run.own)
    }

    /// Gives `job` to the kept thread (started on first use, and anew in a
    /// forked child) and returns the semaphore it signals when done; `nil`
    /// when the thread is busy or cannot start.
    private func handOver(_ job: @escaping @Sendable () -> Void) -> DispatchSemaphore? {
        guard isBusy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return nil
        }
        if server.map({ $0.process != getpid() }) ?? true {
            let server = Server()
            guard let thread = Self.startThread({ [self] in serve(server) }) else {
                isBusy.store(false, ordering: .releasing)
                return nil
            }
            pthread_detach(thread)
            self.server = server
        }
        guard let server else { return nil }
        let done = DispatchSemaphore(value: 0)
        server.job = job
        server.done = done
        server.ready.signal()
        return done
    }

    /// The kept thread: runs each job handed over, for ever.
    private func serve(_ server: Server) {
        while true {
            server.ready.wait()
            let job = server.job
            let done = server.done
            server.job = nil
            server.done = nil
            job?()
            // Free before signalling: the load that waits may hand over the next job at once.
            isBusy.store(false, ordering: .releasing)
            done?.signal()
        }
    }

    /// Starts a thread that runs `body`; `nil` when it cannot be started.
    private static func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, nil,
            { context in
                #if !canImport(Darwin)
                    guard let context else { return nil }
                #endif
                Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
