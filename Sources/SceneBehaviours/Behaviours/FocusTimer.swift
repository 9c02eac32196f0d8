import Behaviours
import SceneCore

/// The portable `FocusTimer` in a scene: it counts down on the scene's
/// virtual scheduler, taken in ``awake(in:)`` unless it was given a clock,
/// its outlets are headless ``Button``s, ``Label``s and a ``View``, and its
/// `@Reported` state reaches the transcript; `secondsLeft` follows the
/// clock while it runs.
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
extension FocusTimer: SceneObject, PropertyNotifying {
    /// The theme colour of work: #E44F72.
    package static let workColor = Color(red: 0xE4, green: 0x4F, blue: 0x72)
    /// The theme colour of breaks: #52A57B.
    package static let breakColor = Color(red: 0x52, green: 0xA5, blue: 0x7B)

    /// A stopped timer on `scheduler`, for use without a scene.
    ///
    ///     let timer = FocusTimer(scheduler: scheduler, settings: settings)
    package convenience init(scheduler: VirtualScheduler, settings: Settings = Settings()) {
        self.init(settings: settings, clock: scheduler.clock)
    }

    /// The theme colour of the current activity.
    package var themeColor: Color {
        activity.isBreak ? Self.breakColor : Self.workColor
    }

    /// Takes the scene's clock (unless one was given), tells the run that
    /// `secondsLeft` follows the clock while the timer runs, restores the
    /// store's state, shows the state and starts counting if `start` came
    /// first.
    public func awake(in scene: Scene) {
        if clock == nil { clock = scene.scheduler.clock }
        propertyFollowsClock(\.secondsLeft, status == .running)
        changeReports.listen { [weak self] key, _ in
            guard let self, key == \FocusTimer.status else { return }
            self.propertyFollowsClock(\.secondsLeft, self.status == .running)
        }
        activate()
    }

    /// Registers `FocusTimer`: the lengths and long-break rule, the
    /// interface's outlets, the store, the read-only state, `start` and `stop`.
    package static func sceneDescription() -> TypeDescription {
        let lengthRange = 0.001...Double.infinity
        return TypeDescription(
            "FocusTimer", summary: "A Pomodoro timer: work, short and long breaks on the scene clock.",
            make: { FocusTimer(clock: nil) }
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
                "startButton", get: { $0.startButton as? Button }, set: { $0.startButton = $1 },
                doc: "Titled Start, Pause or Resume by status.")
            type.outlet(
                "stopButton", get: { $0.stopButton as? Button }, set: { $0.stopButton = $1 },
                doc: "Hidden while stopped.")
            type.outlet(
                "timeLabel", get: { $0.timeLabel as? Label }, set: { $0.timeLabel = $1 },
                doc: "Shows the time left as MM:SS.")
            type.outlet(
                "statusLabel", get: { $0.statusLabel as? Label }, set: { $0.statusLabel = $1 },
                doc: "Work, Break, Long break, Work paused or Break paused.")
            type.outlet(
                "background", get: { $0.background as? View }, set: { $0.background = $1 },
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

extension FocusTimer.Status: SceneEnum {
    /// `FocusTimerStatus`, as scenes and docs name it.
    public static var sceneEnumName: String { "FocusTimerStatus" }
}

extension FocusTimer.Activity: SceneEnum {
    /// `FocusActivity`, as scenes and docs name it.
    public static var sceneEnumName: String { "FocusActivity" }
}
