import SceneCore

/// A Pomodoro focus timer: work and breaks on the scene clock, with long
/// breaks every few cycles, the labels, buttons and theme of its interface,
/// and an optional store that keeps its state between runs.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types FocusTimer`.
///
///     let scheduler = VirtualScheduler()
///     let timer = FocusTimer(scheduler: scheduler)
///     timer.workLength = .seconds(3)
///     timer.start()                            // running, work, 3 s
///     try scheduler.advance(by: .seconds(1))   // secondsLeft == 2, "00:02"
///     timer.start()                            // paused: nothing is lost
///
/// The state machine:
/// - stopped -> `start`: running, work, a full work length. running ->
///   `start`: paused. paused -> `start`: running from the remaining time.
///   `stop`, from running or paused: stopped, work, a full work length,
///   with the labels and theme of work; while stopped it is ignored (the
///   timer already shows exactly that, and nothing is saved).
///   `completedCycles` survives `stop`.
///
/// The timing contract:
/// - While running, the timer keeps the instant its activity ends and
///   computes the remaining time from the scene clock, so nothing drifts
///   and a pause and resume lose nothing: pausing keeps the exact remaining
///   time, resuming sets a new end from it.
/// - ``secondsLeft`` and `timeLabel` show the remaining time rounded up to
///   whole seconds, as a countdown does; the timer keeps one timer on the
///   scheduler, due at the next instant that number changes, so the label
///   updates every second.
/// - At zero: after work, a long break when `longBreaks` is on and
///   (`completedCycles` + 1) is a multiple of `longBreakEvery`, else a short
///   break; after a break, `completedCycles` + 1 and work again. The next
///   activity starts at the instant the last one ended.
/// - Lengths set while stopped show at once; set while running or paused,
///   they apply from the next activity.
///
/// The interface: `timeLabel` shows MM:SS ("25:00", "04:59");
/// `statusLabel` shows "Work", "Break" or "Long break", or while paused
/// "Work paused" or "Break paused" by the current activity; the start
/// button's title is "Start", "Pause" or "Resume"; the stop button is hidden
/// while stopped; `background.backgroundColor` is #E44F72 during work and
/// #52A57B during breaks.
///
/// Persistence: with a `store`, the timer restores the saved state when
/// the scene wakes (a running timer comes back paused, with the time it had
/// left), and saves its settings and state at every change of status or
/// activity and every second tick, each finished activity together with the
/// state that follows it.
package final class FocusTimer: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// Whether the timer counts down.
    package enum Status: String, SceneEnum, Sendable {
        case stopped, running, paused
        package static var sceneEnumName: String { "FocusTimerStatus" }
    }

    /// What the current interval is for.
    package enum Activity: String, SceneEnum, Sendable {
        case work, shortBreak, longBreak
        package static var sceneEnumName: String { "FocusActivity" }

        /// Whether it is a break, short or long.
        package var isBreak: Bool { self != .work }
    }

    /// The lengths and the long-break rule.
    package struct Settings: Equatable, Sendable {
        /// How long a work interval lasts.
        package var workLength: Duration = .seconds(25 * 60)
        /// How long a short break lasts.
        package var shortBreakLength: Duration = .seconds(5 * 60)
        /// How long a long break lasts.
        package var longBreakLength: Duration = .seconds(15 * 60)
        /// Every how many cycles a long break comes.
        package var longBreakEvery = 3
        /// Whether there are long breaks at all.
        package var longBreaks = true

        /// The defaults above.
        package init() {}

        /// How long `activity` lasts (at least a millisecond).
        package func length(of activity: Activity) -> Duration {
            let length =
                switch activity {
                case .work: workLength
                case .shortBreak: shortBreakLength
                case .longBreak: longBreakLength
                }
            return max(length, .milliseconds(1))
        }
    }

    /// What a ``FocusTimerStore`` keeps: the settings and the state.
    package struct SavedState: Equatable, Sendable {
        /// The timer's settings when it was saved.
        package var settings: Settings
        /// The status.
        package var status: Status
        /// The current activity.
        package var activity: Activity
        /// The exact time left in the current activity.
        package var remaining: Duration
        /// How many work-and-break cycles are complete.
        package var completedCycles: Int

        /// A saved state.
        package init(settings: Settings, status: Status, activity: Activity, remaining: Duration, completedCycles: Int)
        {
            self.settings = settings
            self.status = status
            self.activity = activity
            self.remaining = remaining
            self.completedCycles = completedCycles
        }
    }

    /// An activity that counted down to zero, for the store's history.
    package struct FinishedInterval: Equatable, Sendable {
        /// What it was.
        package var activity: Activity
        /// Its full length.
        package var length: Duration
        /// The scene time it ended at.
        package var endTime: Duration
        /// `completedCycles` once it ended.
        package var completedCycles: Int

        /// A finished interval.
        package init(activity: Activity, length: Duration, endTime: Duration, completedCycles: Int) {
            self.activity = activity
            self.length = length
            self.endTime = endTime
            self.completedCycles = completedCycles
        }
    }

    /// The theme colour of work: #E44F72.
    package static let workColor = Color(red: 0xE4, green: 0x4F, blue: 0x72)
    /// The theme colour of breaks: #52A57B.
    package static let breakColor = Color(red: 0x52, green: 0xA5, blue: 0x7B)

    /// The lengths and the long-break rule; see ``Settings``.
    package var settings = Settings() {
        didSet {
            if status == .stopped {
                remaining = settings.length(of: .work)
                refresh()
            }
            if propertyObservers != nil { settingsDidChange(from: oldValue) }
        }
    }

    /// How long a work interval lasts (`workLength`, 25 minutes).
    package var workLength: Duration {
        get { settings.workLength }
        set { settings.workLength = newValue }
    }
    /// How long a short break lasts (`shortBreakLength`, 5 minutes).
    package var shortBreakLength: Duration {
        get { settings.shortBreakLength }
        set { settings.shortBreakLength = newValue }
    }
    /// How long a long break lasts (`longBreakLength`, 15 minutes).
    package var longBreakLength: Duration {
        get { settings.longBreakLength }
        set { settings.longBreakLength = newValue }
    }
    /// Every how many cycles a long break comes (`longBreakEvery`, 3).
    package var longBreakEvery: Int {
        get { settings.longBreakEvery }
        set { settings.longBreakEvery = newValue }
    }
    /// Whether there are long breaks (`longBreaks`, true).
    package var longBreaks: Bool {
        get { settings.longBreaks }
        set { settings.longBreaks = newValue }
    }

    /// The button whose title follows the status: "Start", "Pause", "Resume".
    package weak var startButton: Button? {
        didSet { refresh() }
    }
    /// The button hidden while stopped.
    package weak var stopButton: Button? {
        didSet { refresh() }
    }
    /// The label showing the time left as MM:SS.
    package weak var timeLabel: Label? {
        didSet { refresh() }
    }
    /// The label showing the activity and whether it is paused.
    package weak var statusLabel: Label? {
        didSet { refresh() }
    }
    /// The view whose background colour is the theme.
    package weak var background: View? {
        didSet { refresh() }
    }
    /// Where the state is kept between runs.
    package weak var store: (any FocusTimerStore)?

    /// Whether the timer counts down.
    package private(set) var status = Status.stopped {
        didSet { propertyDidChange(\.status, from: oldValue, to: status) }
    }
    /// The current activity.
    package private(set) var activity = Activity.work {
        didSet { propertyDidChange(\.activity, from: oldValue, to: activity) }
    }
    /// How many work-and-break cycles are complete (a break ended).
    package private(set) var completedCycles = 0 {
        didSet { propertyDidChange(\.completedCycles, from: oldValue, to: completedCycles) }
    }

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    package private(set) var scheduler: VirtualScheduler?

    /// The time left when not running; while running, ``end`` rules.
    private var remaining: Duration = .seconds(25 * 60) {
        didSet { propertyMayHaveChanged(\.secondsLeft) }
    }
    /// While running, the scene time the current activity ends at; while
    /// there is one, `secondsLeft` moves with the clock.
    private var end: Duration? {
        didSet {
            propertyMayHaveChanged(\.secondsLeft)
            propertyFollowsClock(\.secondsLeft, end != nil)
        }
    }
    private var timer: VirtualScheduler.TimerID?

    /// A stopped timer with the defaults above; it gets its scheduler in
    /// ``awake(in:)``.
    package init() {}

    /// A stopped timer on `scheduler`, for use without a scene.
    package init(scheduler: VirtualScheduler, settings: Settings = Settings()) {
        self.scheduler = scheduler
        self.settings = settings
        remaining = settings.length(of: .work)
    }

    /// Takes the scene's scheduler (unless one was given), restores the
    /// store's state (a running timer comes back paused), shows the state
    /// and starts counting if ``start()`` came first.
    package func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
        if let saved = store?.restoreFocusState() { restore(saved) }
        if status == .running { arm() }
        refresh()
        save()
    }

    // MARK: State

    /// The exact time left in the current activity.
    package var remainingTime: Duration {
        guard let end else { return remaining }
        return max(end - now, .zero)
    }

    /// The time left rounded up to whole seconds.
    package var secondsLeft: Int {
        Self.wholeSecondsUp(remainingTime)
    }

    /// The state as a store keeps it.
    package var savedState: SavedState {
        SavedState(
            settings: settings, status: status, activity: activity, remaining: remainingTime,
            completedCycles: completedCycles)
    }

    private var now: Duration { scheduler?.now ?? .zero }

    /// Takes on a saved state: a running timer comes back paused; a time
    /// left longer than the activity now lasts is cut to its length.
    package func restore(_ saved: SavedState) {
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

    // MARK: Actions

    /// Starts, pauses or resumes, by status (the `start` action).
    package func start() {
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
    /// of work (the `stop` action); ignored while stopped, which is that
    /// state already.
    @discardableResult
    package func stop() -> ActionOutcome {
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
        guard let scheduler, let end else { return }
        let left = max(end - scheduler.now, .zero)
        let seconds = Self.wholeSecondsUp(left)
        let next = seconds <= 1 ? end : end - .seconds(seconds - 1)
        timer = scheduler.schedule(at: next) { [weak self] in self?.tick() }
    }

    private func disarm() {
        guard let timer else { return }
        scheduler?.cancel(timer)
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
    package var startTitle: String {
        switch status {
        case .stopped: "Start"
        case .running: "Pause"
        case .paused: "Resume"
        }
    }

    /// The status label's text: "Work", "Break", "Long break", or
    /// "Work paused" / "Break paused" while paused.
    package var statusText: String {
        switch (status, activity) {
        case (.paused, .work): "Work paused"
        case (.paused, _): "Break paused"
        case (_, .work): "Work"
        case (_, .shortBreak): "Break"
        case (_, .longBreak): "Long break"
        }
    }

    /// The theme colour of the current activity.
    package var themeColor: Color {
        activity.isBreak ? Self.breakColor : Self.workColor
    }

    /// Shows the state on every connected outlet.
    private func refresh() {
        timeLabel?.text = Self.clockText(seconds: secondsLeft)
        statusLabel?.text = statusText
        startButton?.title = startTitle
        stopButton?.hidden = status == .stopped
        background?.backgroundColor = themeColor
    }

    /// `seconds` as MM:SS with at least two digits of minutes: "25:00", "04:59".
    package static func clockText(seconds: Int) -> String {
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

    // MARK: Registration

    /// Registers `FocusTimer`: the lengths and long-break rule, the
    /// interface's outlets, the store, the read-only state, `start` and `stop`.
    package static func sceneDescription() -> TypeDescription {
        let lengthRange = 0.001...Double.infinity
        return TypeDescription(
            "FocusTimer", summary: "A Pomodoro timer: work, short and long breaks on the scene clock.",
            make: { FocusTimer() }
        ) { type in
            type.property(
                "workLength", \.workLength, range: lengthRange,
                changeEvent: true, doc: "How long a work interval lasts.")
            type.property(
                "shortBreakLength", \.shortBreakLength, range: lengthRange, changeEvent: true,
                doc: "How long a short break lasts.")
            type.property(
                "longBreakLength", \.longBreakLength, range: lengthRange, changeEvent: true,
                doc: "How long a long break lasts.")
            type.property(
                "longBreakEvery", \.longBreakEvery, range: 1...Double.infinity, changeEvent: true,
                doc: "A long break ends every this many cycles.")
            type.property("longBreaks", \.longBreaks, changeEvent: true, doc: "Whether there are long breaks at all.")
            type.outlet(
                "startButton", get: { $0.startButton }, set: { $0.startButton = $1 },
                doc: "Titled Start, Pause or Resume by status.")
            type.outlet(
                "stopButton", get: { $0.stopButton }, set: { $0.stopButton = $1 }, doc: "Hidden while stopped.")
            type.outlet(
                "timeLabel", get: { $0.timeLabel }, set: { $0.timeLabel = $1 }, doc: "Shows the time left as MM:SS.")
            type.outlet(
                "statusLabel", get: { $0.statusLabel }, set: { $0.statusLabel = $1 },
                doc: "Work, Break, Long break, Work paused or Break paused.")
            type.outlet(
                "background", get: { $0.background }, set: { $0.background = $1 },
                doc: "Its backgroundColor is the theme: #E44F72 work, #52A57B breaks.")
            type.outlet(
                "store", get: { $0.store }, set: { $0.store = $1 },
                doc: "Keeps the settings, state and history between runs; restored on load.")
            type.readOnly("status", \.status, doc: "stopped, running or paused.")
            type.readOnly("activity", \.activity, doc: "work, shortBreak or longBreak.")
            type.readOnly("secondsLeft", \.secondsLeft, doc: "The time left, rounded up to whole seconds.")
            type.readOnly("completedCycles", \.completedCycles, doc: "How many work-and-break cycles are complete.")
            type.action("start", doc: "Starts, pauses or resumes, by status.") { $0.start() }
            type.action("stop", doc: "Stops and resets to a full work interval; ignored while stopped.") { $0.stop() }
        }
    }
}
