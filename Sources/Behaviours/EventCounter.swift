/// Counts the events connected to it and remembers when the last came: a
/// general sink for demos and tests.
///
///     let counter = EventCounter(clock: clock)
///     let connection = controller.timedOut.connect { counter.fire() }
///     // ... later
///     counter.count          // how many timeouts there were
///     counter.lastFiredAt    // when the last one came, on the clock
///
/// An event sent from a timer's action is recorded at the instant the
/// clock gives then (on a scene's virtual clock, the timer's deadline).
/// Without a clock, time is zero, where a scene's clock starts.
open class EventCounter: ReportsChanges {
    /// Where changes of the count are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// How many times ``fire()`` was called.
    @Reported public private(set) var count = 0

    /// The clock's time at the last ``fire()``, or `nil` before the first.
    @Reported public private(set) var lastFiredAt: Duration?

    /// The clock times are read from; without one, time is zero.
    ///
    ///     counter.clock = scheduler.clock
    public var clock: (any BehaviourClock)?

    /// A counter at zero, reading time from `clock`.
    ///
    ///     let counter = EventCounter(clock: MainClock.shared)
    public init(clock: (any BehaviourClock)? = nil) {
        self.clock = clock
    }

    /// Counts one event and records the time.
    ///
    ///     counter.fire()
    open func fire() {
        count += 1
        lastFiredAt = clock?.now ?? .zero
    }
}
