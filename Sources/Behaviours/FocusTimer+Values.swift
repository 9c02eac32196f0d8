/// The values of a ``FocusTimer``: its status and activities, its
/// settings, and what a ``FocusTimerStore`` keeps.
///
///     let saved = FocusTimer.SavedState(settings: FocusTimer.Settings(), status: .paused, activity: .work,
///                                       remaining: .seconds(90), completedCycles: 0)
extension FocusTimer {
    /// Whether the timer counts down.
    public enum Status: String, CaseIterable, Sendable {
        /// At a full work length, not counting.
        case stopped
        /// Counting down.
        case running
        /// Not counting, keeping the time left.
        case paused
    }

    /// What the current interval is for.
    public enum Activity: String, CaseIterable, Sendable {
        /// Work.
        case work
        /// A short break.
        case shortBreak
        /// A long break, every few cycles.
        case longBreak

        /// Whether it is a break, short or long.
        ///
        ///     FocusTimer.Activity.longBreak.isBreak   // true
        public var isBreak: Bool { self != .work }
    }

    /// The lengths and the long-break rule.
    ///
    ///     var settings = FocusTimer.Settings()
    ///     settings.workLength = .seconds(50 * 60)
    public struct Settings: Equatable, Sendable {
        /// How long a work interval lasts.
        public var workLength: Duration = .seconds(25 * 60)
        /// How long a short break lasts.
        public var shortBreakLength: Duration = .seconds(5 * 60)
        /// How long a long break lasts.
        public var longBreakLength: Duration = .seconds(15 * 60)
        /// Every how many cycles a long break comes.
        public var longBreakEvery = 3
        /// Whether there are long breaks at all.
        public var longBreaks = true

        /// The defaults above.
        ///
        ///     let settings = FocusTimer.Settings()
        public init() {}

        /// How long `activity` lasts (at least a millisecond).
        ///
        ///     settings.length(of: .shortBreak)   // 5 minutes
        public func length(of activity: Activity) -> Duration {
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
    ///
    ///     store.saveFocusState(timer.savedState, finishing: nil)
    public struct SavedState: Equatable, Sendable {
        /// The timer's settings when it was saved.
        public var settings: Settings
        /// The status.
        public var status: Status
        /// The current activity.
        public var activity: Activity
        /// The exact time left in the current activity.
        public var remaining: Duration
        /// How many work-and-break cycles are complete.
        public var completedCycles: Int

        /// A saved state.
        ///
        ///     FocusTimer.SavedState(settings: .init(), status: .paused, activity: .work,
        ///                           remaining: .seconds(90), completedCycles: 2)
        public init(settings: Settings, status: Status, activity: Activity, remaining: Duration, completedCycles: Int) {
            self.settings = settings
            self.status = status
            self.activity = activity
            self.remaining = remaining
            self.completedCycles = completedCycles
        }
    }

    /// An activity that counted down to zero, for the store's history.
    ///
    ///     FocusTimer.FinishedInterval(activity: .work, length: .seconds(1500), endTime: .seconds(1500),
    ///                                 completedCycles: 0)
    public struct FinishedInterval: Equatable, Sendable {
        /// What it was.
        public var activity: Activity
        /// Its full length.
        public var length: Duration
        /// The clock time it ended at.
        public var endTime: Duration
        /// ``FocusTimer/completedCycles`` once it ended.
        public var completedCycles: Int

        /// A finished interval.
        ///
        ///     FocusTimer.FinishedInterval(activity: .shortBreak, length: .seconds(300), endTime: .seconds(1800),
        ///                                 completedCycles: 1)
        public init(activity: Activity, length: Duration, endTime: Duration, completedCycles: Int) {
            self.activity = activity
            self.length = length
            self.endTime = endTime
            self.completedCycles = completedCycles
        }
    }
}
