#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The guard on event deliveries that keeps a loop in the wiring from
/// overflowing the stack: every ``SceneEvent/send(_:)`` passes through it.
///
/// Sending an event calls its handlers, which may send events in turn:
/// deliveries nest, on the sending thread's stack. Two rules bound them:
///
/// - deliveries never nest more than a limit deep
///   (``defaultMaximumDepth`` unless a ``supervise(maximumDepth:_:)``
///   says otherwise), however many different events a chain passes; a
///   send past it calls no handler and returns at once;
/// - one send from outside any handler leads to at most a limit of sends
///   in all (``defaultMaximumDeliveries`` unless a supervisor says
///   otherwise), its handlers' sends, theirs and so on: wiring that fans
///   out (each event sent on to two others, level after level) stays
///   shallow but would otherwise take exponential time;
/// - a scene's `on:` connection is never entered again while it is
///   delivering (its action, directly or through other events, sent its
///   event again: a loop, such as `on: { play: p.pause, pause: p.play }`);
///   the loader's wiring checks this and reports it here.
///
/// The first such ``EventRunaway`` is kept for whoever supervises the
/// thread. Under supervision, nothing more is delivered on the thread
/// after one, until the supervision ends: the runner supervises each
/// script step and stops the run with an error at the step.
///
///     let runaway = EventDelivery.supervise(maximumDepth: 100) { player.play() }
///     if let runaway { print("stopped:", runaway) }
///
/// The state is per thread: scenes run on several threads at once each
/// have their own. It costs a thread-local read, a comparison and two
/// stores per send.
@usableFromInline package enum EventDelivery {
    /// How deep deliveries may nest when no supervisor says otherwise: 100.
    /// The stack a chain of `on:` connections this deep takes, even in a
    /// debug build, must fit well inside a secondary thread's 512 KiB
    /// (EventDeliveryTests runs a chain that deep on such a thread).
    package static let defaultMaximumDepth = 100

    /// How many sends one send from outside any handler may lead to, itself
    /// included, when no supervisor says otherwise: 100,000. A scene whose
    /// tap reaches every row of a 10,000-row table stays well inside it;
    /// wiring that doubles at each of 20 levels does not.
    package static let defaultMaximumDeliveries = 100_000

    /// How many deliveries are in progress on this thread: 1 inside the
    /// handlers of an event sent from outside any handler, 2 inside the
    /// handlers of an event one of those sent, and so on.
    package static var depth: Int { state().pointee.depth }

    /// Runs `body` with deliveries on this thread limited to
    /// `maximumDepth` nested levels and to `maximumDeliveries` sends for
    /// each send from outside any handler, and returns the first delivery
    /// refused meanwhile, if any; after one, nothing more is delivered on
    /// this thread until `body` returns. Supervisions nest: the outer one
    /// is restored afterwards.
    ///
    /// - Complexity: O(1) besides `body`.
    package static func supervise(
        maximumDepth: Int, maximumDeliveries: Int = defaultMaximumDeliveries, _ body: () -> Void
    ) -> EventRunaway? {
        let state = state()
        let outer = state.pointee
        state.pointee.limit = max(1, maximumDepth)
        state.pointee.deliveryLimit = max(1, maximumDeliveries)
        state.pointee.isSupervised = true
        state.pointee.isHalted = false
        state.pointee.runaway = nil
        body()
        let runaway = state.pointee.runaway
        let depth = state.pointee.depth
        state.pointee = outer
        state.pointee.depth = depth
        return runaway
    }

    /// The per-thread counters.
    @usableFromInline
    struct State {
        @usableFromInline var depth = 0
        @usableFromInline var limit = EventDelivery.defaultMaximumDepth
        /// Sends since the latest send from outside any handler, that one included.
        @usableFromInline var deliveries = 0
        @usableFromInline var deliveryLimit = EventDelivery.defaultMaximumDeliveries
        /// Set after a runaway under supervision: every send is refused.
        @usableFromInline var isHalted = false
        var isSupervised = false
        var runaway: EventRunaway?

        /// Whether a send may start now.
        @inlinable var admitsSend: Bool { depth < limit && !isHalted }
    }

    /// This thread's counters, made on first use and freed when the thread ends.
    ///
    /// A raw pointer in a pthread key, because the standard library has no
    /// thread-local storage: the counters are per thread by construction
    /// (no other thread ever holds this pointer), so no lock is needed, and
    /// the pointer is read and written in place on every send. The guard
    /// may cost a send no more than that read and a few stores: a `Mutex`
    /// or a dictionary keyed by thread would add a lock or a hash to each
    /// send.
    @usableFromInline
    static func state() -> UnsafeMutablePointer<State> {
        if let raw = pthread_getspecific(stateKey) { return raw.assumingMemoryBound(to: State.self) }
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        pthread_setspecific(stateKey, state)
        return state
    }

    /// Records that a send was refused: deliveries were nested as deep as allowed.
    @usableFromInline
    static func refuse(_ state: UnsafeMutablePointer<State>) {
        record(EventRunaway(kind: .tooDeep(limit: state.pointee.limit), depth: state.pointee.depth), state)
    }

    /// Counts a send that may start; false (and the runaway recorded) when
    /// the send from outside any handler that led to it has led to as many
    /// sends as allowed.
    @inlinable
    static func admitsAnotherDelivery(_ state: UnsafeMutablePointer<State>) -> Bool {
        if state.pointee.depth == 0 { state.pointee.deliveries = 0 }
        state.pointee.deliveries += 1
        guard state.pointee.deliveries > state.pointee.deliveryLimit else { return true }
        refuseFanOut(state)
        return false
    }

    @usableFromInline
    static func refuseFanOut(_ state: UnsafeMutablePointer<State>) {
        record(
            EventRunaway(kind: .tooMany(limit: state.pointee.deliveryLimit), depth: state.pointee.depth), state)
    }

    /// Records that a connection was refused because it is already
    /// delivering, since `level`: what a scene's `on:` wiring reports for a
    /// loop (see ``EventRunaway/Kind/loop(firstLevel:)``). Under
    /// supervision, nothing more is delivered on this thread afterwards.
    package static func refuseLoop(startedAt level: Int) {
        let state = state()
        record(EventRunaway(kind: .loop(firstLevel: level), depth: state.pointee.depth), state)
    }

    /// Whether a delivery may start now (the wiring asks before a connection's action).
    package static var admitsDelivery: Bool { !state().pointee.isHalted }

    private static func record(_ runaway: EventRunaway, _ state: UnsafeMutablePointer<State>) {
        guard !state.pointee.isHalted else { return }
        if state.pointee.runaway == nil { state.pointee.runaway = runaway }
        if state.pointee.isSupervised { state.pointee.isHalted = true }
    }
}

/// The key of each thread's ``EventDelivery/State``; the destructor frees it.
private let stateKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
        guard let raw else { return }
        let state = raw.assumingMemoryBound(to: EventDelivery.State.self)
        state.deinitialize(count: 1)
        state.deallocate()
    }
    return key
}()

/// A send that ``EventDelivery`` refused, and why.
package struct EventRunaway: Equatable, Sendable, CustomStringConvertible {
    /// Why the send was refused.
    package enum Kind: Equatable, Sendable {
        /// An `on:` connection was already delivering its event at
        /// `firstLevel` (1 is the outermost delivery): the deliveries from
        /// that level to the refused one form a loop.
        case loop(firstLevel: Int)
        /// Deliveries were already nested `limit` deep.
        case tooDeep(limit: Int)
        /// One send from outside any handler had already led to `limit`
        /// sends (wiring that fans out).
        case tooMany(limit: Int)
    }

    /// Why.
    package let kind: Kind
    /// How many deliveries were in progress, the one that made the refused
    /// send included: the levels 1 through `depth`.
    package let depth: Int

    /// Creates a runaway.
    package init(kind: Kind, depth: Int) {
        self.kind = kind
        self.depth = depth
    }

    /// Why, as a sentence without names (the runner names the events).
    package var description: String {
        switch kind {
        case .loop(let level):
            "an event came back to a connection that was still delivering it (at level \(level) of \(depth))"
        case .tooDeep(let limit): "events were delivered more than \(limit) deep"
        case .tooMany(let limit): "one event led to more than \(limit) events"
        }
    }
}
