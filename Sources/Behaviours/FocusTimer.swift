/// A Pomodoro focus timer: work and breaks on a clock, with long breaks
/// every few cycles, the labels, buttons and theme of its interface, and
/// an optional store that keeps its state between runs.
///
///     let timer = FocusTimer()                 // on MainClock.shared
///     timer.workLength = .seconds(25 * 60)
///     timer.timeLabel = timeLabel              // "25:00"
///     timer.activate()
///     timer.start()                            // running, work
///     timer.start()                            // paused: nothing is lost
///
/// The state machine:
/// - stopped -> ``start()``: running, work, a full work length. running ->
///   ``start()``: paused. paused -> ``start()``: running from the remaining
///   time. ``stop()``, from running or paused: stopped, work, a full work
///   length, with the labels and theme of work; while stopped it is
///   ignored (the timer already shows exactly that, and nothing is saved).
///   ``completedCycles`` survives ``stop()``.
///
/// The timing contract:
/// - While running, the timer keeps the instant its activity ends and
///   computes the remaining time from the clock, so nothing drifts and a
///   pause and resume lose nothing: pausing keeps the exact remaining time,
///   resuming sets a new end from it.
/// - ``secondsLeft`` and ``timeLabel`` show the remaining time rounded up
///   to whole seconds, as a countdown does; the timer keeps one timer on
///   the clock, due at the next instant that number changes, so the label
///   updates every second.
/// - At zero: after work, a long break when ``longBreaks`` is on and
///   (``completedCycles`` + 1) is a multiple of ``longBreakEvery``, else a
///   short break; after a break, ``completedCycles`` + 1 and work again.
///   The next activity starts at the instant the last one ended.
/// - Lengths set while stopped show at once; set while running or paused,
///   they apply from the next activity.
///
/// The interface: ``timeLabel`` shows MM:SS ("25:00", "04:59");
/// ``statusLabel`` shows "Work", "Break" or "Long break", or while paused
/// "Work paused" or "Break paused" by the current activity; the start
/// button's title is "Start", "Pause" or "Resume"; the stop button is
/// hidden while stopped; ``background`` shows the theme of the activity.
///
/// Persistence: with a ``store``, ``activate()`` restores the saved state
/// (a running timer comes back paused, with the time it had left), and the
/// timer saves its settings and state at every change of status or
/// activity and every second tick, each finished activity together with
/// the state that follows it.
///
/// It reads time from its ``clock``: ``MainClock/shared`` for one made with
/// ``init()`` on the main thread, the scene's virtual scheduler in a scene.
/// Its settings and state are ``Reported``; ``secondsLeft``, worked out
/// from the clock, is reported as one that may have changed.
open class FocusTimer: ReportsChanges {
    /// Where changes of the reported settings and state are told (see
    /// ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// How long a work interval lasts (25 minutes).
    ///
    ///     timer.workLength = .seconds(50 * 60)
    @Reported public var workLength: Duration = .seconds(25 * 60) {
        didSet { settingsDidChange() }
    }
    /// How long a short break lasts (5 minutes).
    @Reported public var shortBreakLength: Duration = .seconds(5 * 60) {
        didSet { settingsDidChange() }
    }
    /// How long a long break lasts (15 minutes).
    @Reported public var longBreakLength: Duration = .seconds(15 * 60) {
        didSet { settingsDidChange() }
    }
    /// Every how many cycles a long break comes (3).
    @Reported public var longBreakEvery = 3 {
        didSet { settingsDidChange() }
    }
    /// Whether there are long breaks (true).
    @Reported public var longBreaks = true {
        didSet { settingsDidChange() }
    }

    /// The lengths and the long-break rule together; see ``Settings``.
    ///
    ///     timer.settings = FocusTimer.Settings()   // the defaults
    public var settings: Settings {
        get {
            var settings = Settings()
            settings.workLength = workLength
            settings.shortBreakLength = shortBreakLength
            settings.longBreakLength = longBreakLength
            settings.longBreakEvery = longBreakEvery
            settings.longBreaks = longBreaks
            return settings
        }
        set {
            workLength = newValue.workLength
            shortBreakLength = newValue.shortBreakLength
            longBreakLength = newValue.longBreakLength
            longBreakEvery = newValue.longBreakEvery
            longBreaks = newValue.longBreaks
        }
    }

    /// The button whose title follows the status: "Start", "Pause",
    /// "Resume"; weakly held.
    ///
    ///     timer.startButton = startButton
    public weak var startButton: (any TitleShowing)? {
        didSet { refresh() }
    }
    /// The button hidden while stopped; weakly held.
    public weak var stopButton: (any Hideable)? {
        didSet { refresh() }
    }
    /// The label showing the time left as MM:SS; weakly held.
    public weak var timeLabel: (any TextShowing)? {
        didSet { refresh() }
    }
    /// The label showing the activity and whether it is paused; weakly held.
    public weak var statusLabel: (any TextShowing)? {
        didSet { refresh() }
    }
    /// The view that shows the activity's theme; weakly held.
    public weak var background: (any FocusThemeShowing)? {
        didSet { refresh() }
    }
    /// Where the state is kept between runs; weakly held.
    ///
    ///     timer.store = focusStore
    public weak var store: (any FocusTimerStore)?

    /// Whether the timer counts down.
    @Reported public private(set) var status = Status.stopped
    /// The current activity.
    @Reported public private(set) var activity = Activity.work
    /// How many work-and-break cycles are complete (a break ended).
    @Reported public private(set) var completedCycles = 0

    /// The clock it counts down on. Setting it moves the countdown to the
    /// new clock; a timer without one counts nothing until it gets one.
    ///
    ///     timer.clock = scheduler.clock
    public var clock: (any BehaviourClock)? {
        didSet {
            guard clock !== oldValue else { return }
            if let timer { oldValue?.cancel(timer) }
            timer = nil
            if status == .running { arm() }
        }
    }

    /// The time left when not running; while running, ``end`` rules.
    private var remaining: Duration = .seconds(25 * 60) {
        didSet { secondsLeftMayHaveChanged() }
    }
    /// While running, the clock time the current activity ends at.
    private var end: Duration? {
        didSet { secondsLeftMayHaveChanged() }
    }
    private var timer: ClockTimer?

    /// A stopped timer with `settings`, on `clock` (none: it counts nothing
    /// until given one).
    ///
    ///     let timer = FocusTimer(settings: settings, clock: scheduler.clock)
    public init(settings: Settings = Settings(), clock: (any BehaviourClock)?) {
        self.clock = clock
        workLength = settings.workLength
        shortBreakLength = settings.shortBreakLength
        longBreakLength = settings.longBreakLength
        longBreakEvery = settings.longBreakEvery
        longBreaks = settings.longBreaks
        remaining = settings.length(of: .work)
    }

    /// A stopped timer on the main thread's real clock: what an app makes.
    ///
    ///     let timer = FocusTimer(settings: settings)
    @MainActor
    public convenience init(settings: Settings = Settings()) {
        self.init(settings: settings, clock: MainClock.shared)
    }

    /// Restores the store's state (a running timer comes back paused),
    /// shows the state on the outlets and starts counting if ``start()``
    /// came first: what the object that wires the timer calls once
    /// everything is connected (a scene's awake, a storyboard's
    /// `awakeFromNib`).
    ///
    ///     timer.activate()
    open func activate() {
        if let saved = store?.restoreFocusState() { restore(saved) }
        if status == .running { arm() }
        refresh()
        save()
    }

    // MARK: State

    /// The exact time left in the current activity.
    ///
    ///     timer.remainingTime   // .milliseconds(1800) 1.2 s into a 3 s work interval
    public var remainingTime: Duration {
        guard let end else { return remaining }
        return max(end - now, .zero)
    }

    /// The time left rounded up to whole seconds.
    ///
    ///     timer.secondsLeft   // 2 for 1.8 s left
    public var secondsLeft: Int {
        Self.wholeSecondsUp(remainingTime)
    }

    /// The state as a store keeps it.
    ///
    ///     store.saveFocusState(timer.savedState, finishing: nil)
    public var savedState: SavedState {
        SavedState(
            settings: settings, status: status, activity: activity, remaining: remainingTime,
            completedCycles: completedCycles)
    }

    private var now: Duration { clock?.now ?? .zero }

    /// Takes on a saved state: a running timer comes back paused; a time
    /// left longer than the activity now lasts is cut to its length.
    ///
    ///     timer.restore(saved)
    open func restore(_ saved: SavedState) {
        disarm()
        end = nil
        activity = saved.activity
        completedCycles = max(saved.completedCycles, 0)
        remaining = min(max(saved.remaining, .zero), settings.length(of: saved.activity))
        switch saved.status {
        case .stopped:
            status = .stopped
            activity = .work
            remaining = settings.length(of: .work)
        case .running, .paused:
            status = .paused
        }
        refresh()
    }

    private func settingsDidChange() {
        guard status == .stopped else { return }
        remaining = settings.length(of: .work)
        refresh()
    }

    private func secondsLeftMayHaveChanged() {
        changeReports.report(\FocusTimer.secondsLeft, .mayHaveChanged)
    }

    // MARK: Actions

    /// Starts, pauses or resumes, by status.
    ///
    ///     timer.start()
    open func start() {
        switch status {
        case .stopped:
            activity = .work
            remaining = settings.length(of: .work)
            run()
        case .running:
            remaining = remainingTime
            end = nil
            disarm()
            status = .paused
        case .paused:
            run()
        }
        refresh()
        save()
    }

    /// Stops and resets to a full work interval, with the labels and theme
    /// of work; ignored while stopped, which is that state already.
    ///
    ///     timer.stop()
    @discardableResult
    open func stop() -> ActionOutcome {
        guard status != .stopped else { return .ignored(because: "it is already stopped") }
        disarm()
        end = nil
        status = .stopped
        activity = .work
        remaining = settings.length(of: .work)
        refresh()
        save()
        return .handled
    }

    private func run() {
        status = .running
        end = now + remaining
        arm()
    }

    // MARK: The countdown

    /// Schedules the one timer, at the next instant ``secondsLeft`` changes.
    private func arm() {
        disarm()
        guard let clock, let end else { return }
        let left = max(end - clock.now, .zero)
        let seconds = Self.wholeSecondsUp(left)
        let next = seconds <= 1 ? end : end - .seconds(seconds - 1)
        timer = clock.schedule(after: next - clock.now) { [weak self] in self?.tick() }
    }

    private func disarm() {
        guard let timer else { return }
        clock?.cancel(timer)
        self.timer = nil
    }

    private func tick() {
        timer = nil
        guard status == .running, let end else { return }
        var finished: FinishedInterval?
        if now >= end {
            let length = settings.length(of: activity)
            if activity.isBreak { completedCycles += 1 }
            finished = FinishedInterval(
                activity: activity, length: length, endTime: end, completedCycles: completedCycles)
            activity = nextActivity()
            self.end = end + settings.length(of: activity)
        }
        arm()
        refresh()
        save(finishing: finished)
    }

    /// The activity after the current one ends.
    private func nextActivity() -> Activity {
        guard activity == .work else { return .work }
        let every = max(settings.longBreakEvery, 1)
        if settings.longBreaks && (completedCycles + 1) % every == 0 { return .longBreak }
        return .shortBreak
    }

    private func save(finishing finished: FinishedInterval? = nil) {
        store?.saveFocusState(savedState, finishing: finished)
    }

    // MARK: The interface

    /// The start button's title for the status: "Start", "Pause", "Resume".
    ///
    ///     timer.startTitle   // "Pause" while running
    public var startTitle: String {
        switch status {
        case .stopped: "Start"
        case .running: "Pause"
        case .paused: "Resume"
        }
    }

    /// The status label's text: "Work", "Break", "Long break", or
    /// "Work paused" / "Break paused" while paused.
    ///
    ///     timer.statusText   // "Work paused"
    public var statusText: String {
        switch (status, activity) {
        case (.paused, .work): "Work paused"
        case (.paused, _): "Break paused"
        case (_, .work): "Work"
        case (_, .shortBreak): "Break"
        case (_, .longBreak): "Long break"
        }
    }

    /// Shows the state on every connected outlet.
    private func refresh() {
        timeLabel?.text = Self.clockText(seconds: secondsLeft)
        statusLabel?.text = statusText
        startButton?.title = startTitle
        stopButton?.isHidden = status == .stopped
        background?.showFocusTheme(of: activity)
    }

    /// `seconds` as MM:SS with at least two digits of minutes: "25:00", "04:59".
    ///
    ///     FocusTimer.clockText(seconds: 299)   // "04:59"
    public static func clockText(seconds: Int) -> String {
        let seconds = max(seconds, 0)
        let minutes = seconds / 60
        let rest = seconds % 60
        return (minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// `duration` rounded up to whole seconds (0 for zero or less).
    static func wholeSecondsUp(_ duration: Duration) -> Int {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
