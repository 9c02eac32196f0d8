import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct FocusTimerTests {
    /// The timer's interface: the outlets a scene would connect.
    private final class Interface {
        let startButton = Button()
        let stopButton = Button()
        let timeLabel = Label()
        let statusLabel = Label()
        let background = View()
    }

    /// A store in memory that records every save.
    private final class MemoryStore: FocusTimerStore {
        var saved: FocusTimer.SavedState?
        var history: [FocusTimer.FinishedInterval] = []
        var saves = 0

        func restoreFocusState() -> FocusTimer.SavedState? { saved }

        func saveFocusState(_ state: FocusTimer.SavedState, finishing finished: FocusTimer.FinishedInterval?) {
            saved = state
            saves += 1
            if let finished { history.append(finished) }
        }
    }

    /// A timer of work 3 s, short break 1 s, long break 2 s, a long break
    /// every 3 cycles, on its own clock, with its interface connected.
    private func makeTimer(
        work: Duration = .seconds(3), shortBreak: Duration = .seconds(1), longBreak: Duration = .seconds(2),
        every: Int = 3, longBreaks: Bool = true
    ) -> (FocusTimer, VirtualScheduler, Interface) {
        let scheduler = VirtualScheduler()
        var settings = FocusTimer.Settings()
        settings.workLength = work
        settings.shortBreakLength = shortBreak
        settings.longBreakLength = longBreak
        settings.longBreakEvery = every
        settings.longBreaks = longBreaks
        let timer = FocusTimer(scheduler: scheduler, settings: settings)
        let interface = Interface()
        timer.startButton = interface.startButton
        timer.stopButton = interface.stopButton
        timer.timeLabel = interface.timeLabel
        timer.statusLabel = interface.statusLabel
        timer.background = interface.background
        return (timer, scheduler, interface)
    }

    /// The activity at each boundary, recorded by advancing through them.
    private func activities(_ timer: FocusTimer, _ scheduler: VirtualScheduler, count: Int) throws -> [String] {
        var sequence = [timer.activity.rawValue]
        while sequence.count < count {
            let before = timer.activity
            try scheduler.advance(by: timer.remainingTime)
            #expect(timer.activity != before)
            sequence.append(timer.activity.rawValue)
        }
        return sequence
    }

    // MARK: Registration

    @Test func registersTheCatalogueKeysWithTheirDefaults() {
        let type = FocusTimer.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "workLength: Duration in 0.001...inf", "shortBreakLength: Duration in 0.001...inf",
                        "longBreakLength: Duration in 0.001...inf", "longBreakEvery: Int in 1.0...inf",
                        "longBreaks: Bool", "status: stopped|running|paused (read-only)",
                        "activity: work|shortBreak|longBreak (read-only)", "secondsLeft: Int (read-only)",
                        "completedCycles: Int (read-only)",
                    ],
                    outlets: [
                        "startButton: Button?", "stopButton: Button?", "timeLabel: Label?", "statusLabel: Label?",
                        "background: View?", "store: FocusTimerStore?",
                    ],
                    events: [
                        "workLengthChanged: Duration", "shortBreakLengthChanged: Duration",
                        "longBreakLengthChanged: Duration", "longBreakEveryChanged: Int", "longBreaksChanged: Bool",
                    ],
                    actions: ["start", "stop"]))
        #expect(
            type.defaultValues() == [
                "workLength": .duration(.seconds(1500)), "shortBreakLength": .duration(.seconds(300)),
                "longBreakLength": .duration(.seconds(900)), "longBreakEvery": .int(3), "longBreaks": .bool(true),
                "status": .enumCase("stopped"), "activity": .enumCase("work"), "secondsLeft": .int(1500),
                "completedCycles": .int(0),
            ])
    }

    // MARK: The state machine

    @Test func startFromStoppedRunsAFullWorkInterval() throws {
        let (timer, scheduler, _) = makeTimer()
        timer.start()
        #expect(timer.status == .running)
        #expect(timer.activity == .work)
        #expect(timer.remainingTime == .seconds(3))
        try scheduler.advance(by: .seconds(1))
        #expect(timer.secondsLeft == 2)
    }

    @Test func startWhileRunningPausesAndTheClockNoLongerCounts() throws {
        let (timer, scheduler, _) = makeTimer()
        timer.start()
        try scheduler.advance(by: .milliseconds(1200))
        timer.start()
        #expect(timer.status == .paused)
        try scheduler.advance(by: .seconds(60))
        #expect(timer.remainingTime == .milliseconds(1800))
        #expect(timer.activity == .work)
        #expect(scheduler.isIdle)
    }

    @Test func startWhilePausedResumesFromTheExactTimeLeft() throws {
        let (timer, scheduler, _) = makeTimer()
        timer.start()
        try scheduler.advance(by: .milliseconds(1200))
        timer.start()
        try scheduler.advance(by: .seconds(7))
        timer.start()
        #expect(timer.status == .running)
        try scheduler.advance(by: .milliseconds(1799))
        #expect(timer.activity == .work)
        #expect(timer.secondsLeft == 1)
        try scheduler.advance(by: .milliseconds(1))
        #expect(timer.activity == .shortBreak)
    }

    @Test(arguments: [FocusTimer.Status.running, .paused])
    func stopFromAnyStatusResetsToAFullWorkInterval(from status: FocusTimer.Status) throws {
        let (timer, scheduler, interface) = makeTimer()
        timer.start()
        try scheduler.advance(by: .milliseconds(3500))  // in the short break
        if status == .paused { timer.start() }
        #expect(timer.stop() == .handled)
        #expect(timer.status == .stopped)
        #expect(timer.activity == .work)
        #expect(timer.remainingTime == .seconds(3))
        #expect(interface.timeLabel.text == "00:03")
        #expect(interface.statusLabel.text == "Work")
        #expect(scheduler.isIdle)
    }

    @Test func stopWhileStoppedIsIgnoredAndSavesNothing() throws {
        let (timer, scheduler, interface) = makeTimer()
        let store = MemoryStore()
        timer.store = store
        let type = FocusTimer.sceneDescription()
        #expect(type.action("stop", on: timer) == .ignored(because: "it is already stopped"))
        #expect(store.saves == 0)
        timer.start()
        try scheduler.advance(by: .seconds(1))
        #expect(type.action("stop", on: timer) == .handled)
        let saves = store.saves
        #expect(type.action("stop", on: timer) == .ignored(because: "it is already stopped"))
        #expect(store.saves == saves)
        #expect(timer.status == .stopped && timer.activity == .work && timer.remainingTime == .seconds(3))
        #expect(interface.timeLabel.text == "00:03")
        #expect(scheduler.isIdle)
    }

    @Test func startIsAlwaysTaken() {
        let (timer, _, _) = makeTimer()
        let type = FocusTimer.sceneDescription()
        #expect(type.action("start", on: timer) == .handled)
        #expect(type.action("start", on: timer) == .handled)
        #expect(type.action("start", on: timer) == .handled)
        #expect(timer.status == .running)
    }

    @Test func stopKeepsTheCompletedCycles() throws {
        let (timer, scheduler, _) = makeTimer()
        timer.start()
        try scheduler.advance(by: .seconds(4))
        #expect(timer.completedCycles == 1)
        timer.stop()
        #expect(timer.completedCycles == 1)
    }

    // MARK: The countdown

    @Test func theCountdownDoesNotDriftOverManyCycles() throws {
        let (timer, scheduler, _) = makeTimer(
            work: .milliseconds(1700), shortBreak: .milliseconds(300), longBreaks: false)
        timer.start()
        try scheduler.advance(by: .seconds(200))  // exactly 100 cycles of 2 s
        #expect(timer.completedCycles == 100)
        #expect(timer.activity == .work)
        #expect(timer.remainingTime == .milliseconds(1700))
    }

    @Test func pauseAndResumeLoseNothing() throws {
        let (timer, scheduler, _) = makeTimer()
        timer.start()
        for _ in 0..<5 {
            try scheduler.advance(by: .milliseconds(300))
            timer.start()  // pause
            try scheduler.advance(by: .milliseconds(777))
            timer.start()  // resume
        }
        #expect(timer.remainingTime == .milliseconds(1500))
    }

    @Test func secondsLeftAndTheLabelRoundUpToWholeSeconds() throws {
        let (timer, scheduler, interface) = makeTimer()
        timer.start()
        try scheduler.advance(by: .milliseconds(1))
        #expect(timer.secondsLeft == 3)
        #expect(interface.timeLabel.text == "00:03")
        try scheduler.advance(by: .milliseconds(999))
        #expect(timer.secondsLeft == 2)
        try scheduler.advance(by: .milliseconds(1999))
        #expect(timer.secondsLeft == 1)
        #expect(interface.timeLabel.text == "00:01")
    }

    @Test func theLabelUpdatesEverySecondWhileRunning() throws {
        let (timer, scheduler, interface) = makeTimer(work: .seconds(5))
        var texts: [String] = []
        scheduler.observeFirings { _ in texts.append(interface.timeLabel.text) }
        timer.start()
        try scheduler.advance(by: .seconds(5))
        #expect(texts == ["00:04", "00:03", "00:02", "00:01", "00:01"])
        #expect(interface.timeLabel.text == "00:01")  // the short break
        #expect(scheduler.pendingCount == 1)
    }

    // MARK: The activity cycle

    @Test func withTheDefaultsTheSequenceHasALongBreakEveryThirdCycle() throws {
        let (timer, scheduler, _) = makeTimer()
        timer.start()
        #expect(
            try activities(timer, scheduler, count: 13) == [
                "work", "shortBreak", "work", "shortBreak", "work", "longBreak", "work", "shortBreak", "work",
                "shortBreak", "work", "longBreak", "work",
            ])
        #expect(timer.completedCycles == 6)
    }

    @Test func aBreakEndingCompletesACycle() throws {
        let (timer, scheduler, _) = makeTimer()
        timer.start()
        try scheduler.advance(by: .seconds(3))
        #expect(timer.activity == .shortBreak)
        #expect(timer.completedCycles == 0)
        try scheduler.advance(by: .seconds(1))
        #expect(timer.activity == .work)
        #expect(timer.completedCycles == 1)
    }

    @Test func longBreaksOffGivesOnlyShortBreaks() throws {
        let (timer, scheduler, _) = makeTimer(longBreaks: false)
        timer.start()
        let sequence = try activities(timer, scheduler, count: 12)
        #expect(!sequence.contains("longBreak"))
        #expect(sequence.filter { $0 == "shortBreak" }.count == 6)
    }

    @Test func longBreakEveryOneMakesEveryBreakLong() throws {
        let (timer, scheduler, _) = makeTimer(every: 1)
        timer.start()
        #expect(try activities(timer, scheduler, count: 4) == ["work", "longBreak", "work", "longBreak"])
    }

    @Test func lengthsSetWhileStoppedShowAtOnceAndWhileRunningApplyNextTime() throws {
        let (timer, scheduler, interface) = makeTimer()
        timer.workLength = .seconds(125)
        #expect(interface.timeLabel.text == "02:05")
        timer.start()
        timer.workLength = .seconds(10)
        #expect(timer.remainingTime == .seconds(125))
        try scheduler.advance(by: .seconds(126))
        timer.stop()
        #expect(timer.remainingTime == .seconds(10))
    }

    // MARK: The interface

    @Test(arguments: [(1500, "25:00"), (299, "04:59"), (0, "00:00"), (59, "00:59"), (6000, "100:00")])
    func theTimeLabelShowsTwoDigitMinutesAndSeconds(seconds: Int, text: String) {
        #expect(FocusTimer.clockText(seconds: seconds) == text)
    }

    @Test func theStatusLabelNamesTheActivity() throws {
        let (timer, scheduler, interface) = makeTimer()
        timer.start()
        #expect(interface.statusLabel.text == "Work")
        try scheduler.advance(by: .seconds(3))
        #expect(interface.statusLabel.text == "Break")
        try scheduler.advance(by: .seconds(1 + 3 + 1 + 3))
        #expect(timer.activity == .longBreak)
        #expect(interface.statusLabel.text == "Long break")
    }

    @Test func pausedInABreakSaysBreakPausedNotWorkPaused() throws {
        let (timer, scheduler, interface) = makeTimer()
        timer.start()
        timer.start()
        #expect(interface.statusLabel.text == "Work paused")
        timer.start()
        try scheduler.advance(by: .milliseconds(3500))
        timer.start()
        #expect(interface.statusLabel.text == "Break paused")
        timer.start()
        try scheduler.advance(by: .seconds(8))  // into the long break
        timer.start()
        #expect(interface.statusLabel.text == "Break paused")
    }

    @Test func theStartButtonIsTitledStartPauseResume() {
        let (timer, _, interface) = makeTimer()
        #expect(interface.startButton.title == "Start")
        timer.start()
        #expect(interface.startButton.title == "Pause")
        timer.start()
        #expect(interface.startButton.title == "Resume")
        timer.start()
        #expect(interface.startButton.title == "Pause")
        timer.stop()
        #expect(interface.startButton.title == "Start")
    }

    @Test func theStopButtonIsHiddenOnlyWhileStopped() {
        let (timer, _, interface) = makeTimer()
        #expect(interface.stopButton.hidden)
        timer.start()
        #expect(!interface.stopButton.hidden)
        timer.start()
        #expect(!interface.stopButton.hidden)
        timer.stop()
        #expect(interface.stopButton.hidden)
    }

    @Test func theThemeIsRedForWorkAndGreenForBreaks() throws {
        let (timer, scheduler, interface) = makeTimer()
        #expect(interface.background.backgroundColor == Color(parsing: "#E44F72"))
        timer.start()
        try scheduler.advance(by: .seconds(3))
        #expect(interface.background.backgroundColor == Color(parsing: "#52A57B"))
        try scheduler.advance(by: .seconds(1))
        #expect(interface.background.backgroundColor == Color(parsing: "#E44F72"))
        try scheduler.advance(by: .seconds(3 + 1 + 3))
        #expect(timer.activity == .longBreak)
        #expect(interface.background.backgroundColor == Color(parsing: "#52A57B"))
    }

    @Test func stopInABreakRestoresTheWorkTheme() throws {
        let (timer, scheduler, interface) = makeTimer()
        timer.start()
        try scheduler.advance(by: .milliseconds(3500))
        #expect(interface.background.backgroundColor == FocusTimer.breakColor)
        timer.stop()
        #expect(interface.background.backgroundColor == FocusTimer.workColor)
    }

    // MARK: The store

    @Test func savesEveryChangeAndEachFinishedIntervalWithTheStateAfterIt() throws {
        let (timer, scheduler, _) = makeTimer()
        let store = MemoryStore()
        timer.store = store
        timer.start()
        #expect(store.saved?.status == .running)
        try scheduler.advance(by: .seconds(4))
        #expect(
            store.history == [
                .init(activity: .work, length: .seconds(3), endTime: .seconds(3), completedCycles: 0),
                .init(activity: .shortBreak, length: .seconds(1), endTime: .seconds(4), completedCycles: 1),
            ])
        #expect(store.saved?.activity == .work)
        #expect(store.saved?.completedCycles == 1)
        #expect(store.saved?.remaining == .seconds(3))
    }

    @Test func aRunningTimerComesBackPausedWithItsTimeLeft() throws {
        let (timer, _, interface) = makeTimer()
        timer.restore(
            FocusTimer.SavedState(
                settings: timer.settings, status: .running, activity: .shortBreak, remaining: .milliseconds(700),
                completedCycles: 4))
        #expect(timer.status == .paused)
        #expect(timer.activity == .shortBreak)
        #expect(timer.remainingTime == .milliseconds(700))
        #expect(timer.completedCycles == 4)
        #expect(interface.statusLabel.text == "Break paused")
        #expect(interface.startButton.title == "Resume")
    }

    @Test func theTimerRestoresFromItsStoreWhenTheSceneWakes() throws {
        let (timer, scheduler, interface) = makeTimer()
        let store = MemoryStore()
        store.saved = FocusTimer.SavedState(
            settings: timer.settings, status: .paused, activity: .work, remaining: .milliseconds(2500),
            completedCycles: 2)
        timer.store = store
        let scene = Scene(title: nil, summary: nil, entries: [], scheduler: scheduler)
        timer.awake(in: scene)
        #expect(timer.status == .paused)
        #expect(interface.timeLabel.text == "00:03")
        timer.start()
        try scheduler.advance(by: .milliseconds(2500))
        #expect(timer.activity == .longBreak)
    }

    @Test func aSavedTimeLongerThanTheActivityIsCutToItsLength() {
        let (timer, _, _) = makeTimer()
        timer.restore(
            FocusTimer.SavedState(
                settings: timer.settings, status: .paused, activity: .work, remaining: .seconds(900),
                completedCycles: 0))
        #expect(timer.remainingTime == .seconds(3))
    }

    @Test func releasingTheTimerLeavesNoLiveTimer() throws {
        let scheduler = VirtualScheduler()
        weak var weakTimer: FocusTimer?
        do {
            let timer = FocusTimer(scheduler: scheduler)
            weakTimer = timer
            timer.start()
        }
        #expect(weakTimer == nil)
        try scheduler.advance(by: .seconds(3600))
    }
}
