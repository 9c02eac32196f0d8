import Behaviours
import SceneCore
import Testing

/// A label of the app's own.
private final class TextLabel: TextShowing {
    var text = ""
}

/// A button of the app's own: a title, and hidden or not.
private final class TitledButton: TitleShowing, Hideable {
    var title = ""
    var isHidden = false
    var alpha = 1.0
}

/// A background that remembers the themes it was told.
private final class Backdrop: FocusThemeShowing {
    var themes: [FocusTimer.Activity] = []

    func showFocusTheme(of activity: FocusTimer.Activity) { themes.append(activity) }
}

/// A store in memory.
private final class MemoryStore: FocusTimerStore {
    var saved: FocusTimer.SavedState?
    var history: [FocusTimer.FinishedInterval] = []

    func restoreFocusState() -> FocusTimer.SavedState? { saved }

    func saveFocusState(_ state: FocusTimer.SavedState, finishing finished: FocusTimer.FinishedInterval?) {
        saved = state
        if let finished { history.append(finished) }
    }
}

@Suite struct PortableFocusTimerTests {
    private final class Fixture {
        let scheduler = VirtualScheduler()
        let timeLabel = TextLabel()
        let statusLabel = TextLabel()
        let start = TitledButton()
        let stop = TitledButton()
        let backdrop = Backdrop()
        let timer: FocusTimer

        init(work: Duration = .seconds(3), shortBreak: Duration = .seconds(1)) {
            var settings = FocusTimer.Settings()
            settings.workLength = work
            settings.shortBreakLength = shortBreak
            timer = FocusTimer(settings: settings, clock: scheduler.clock)
            timer.timeLabel = timeLabel
            timer.statusLabel = statusLabel
            timer.startButton = start
            timer.stopButton = stop
            timer.background = backdrop
        }

        var shown: [String] { [timeLabel.text, statusLabel.text, start.title, stop.isHidden ? "hidden" : "shown"] }
    }

    @Test func itCountsDownWorkThenABreakOnTheVirtualClock() throws {
        let fixture = Fixture()
        fixture.timer.activate()
        #expect(fixture.shown == ["00:03", "Work", "Start", "hidden"])
        fixture.timer.start()
        try fixture.scheduler.advance(by: .milliseconds(1200))
        #expect(fixture.timer.secondsLeft == 2)
        #expect(fixture.shown == ["00:02", "Work", "Pause", "shown"])
        try fixture.scheduler.advance(to: .seconds(3))
        #expect(fixture.timer.activity == .shortBreak)
        #expect(fixture.shown == ["00:01", "Break", "Pause", "shown"])
        #expect(fixture.backdrop.themes.last == .shortBreak)
        try fixture.scheduler.advance(to: .seconds(4))
        #expect(fixture.timer.activity == .work && fixture.timer.completedCycles == 1)
        #expect(fixture.backdrop.themes.last == .work)
    }

    @Test func pauseKeepsTheExactTimeLeftAndStopResets() throws {
        let fixture = Fixture()
        fixture.timer.start()
        try fixture.scheduler.advance(by: .milliseconds(1200))
        fixture.timer.start()
        #expect(fixture.timer.status == .paused && fixture.timer.remainingTime == .milliseconds(1800))
        #expect(fixture.shown == ["00:02", "Work paused", "Resume", "shown"])
        try fixture.scheduler.advance(by: .seconds(60))
        #expect(fixture.timer.remainingTime == .milliseconds(1800))
        #expect(fixture.timer.stop() == .handled)
        #expect(fixture.timer.stop() == .ignored(because: "it is already stopped"))
        #expect(fixture.shown == ["00:03", "Work", "Start", "hidden"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func activateRestoresARunningTimerPausedAndSavesEachFinishedInterval() throws {
        let fixture = Fixture()
        let store = MemoryStore()
        store.saved = FocusTimer.SavedState(
            settings: fixture.timer.settings, status: .running, activity: .work, remaining: .milliseconds(500),
            completedCycles: 2)
        fixture.timer.store = store
        fixture.timer.activate()
        #expect(fixture.timer.status == .paused && fixture.timer.completedCycles == 2)
        #expect(fixture.shown == ["00:01", "Work paused", "Resume", "shown"])
        fixture.timer.start()
        try fixture.scheduler.advance(by: .milliseconds(500))
        #expect(
            store.history == [
                FocusTimer.FinishedInterval(
                    activity: .work, length: .seconds(3), endTime: .milliseconds(500), completedCycles: 2)
            ])
        #expect(store.saved?.activity == .longBreak, "the third cycle ends with a long break")
    }

    @Test func secondsLeftIsReportedAsMayHaveChangedAndSettingsAsChanged() throws {
        let fixture = Fixture()
        var reports: [String] = []
        let listening = fixture.timer.changeReports.listen { key, kind in
            switch key {
            case \FocusTimer.secondsLeft: reports.append("secondsLeft \(kind)")
            case \FocusTimer.workLength: reports.append("workLength \(kind)")
            default: break
            }
        }
        fixture.timer.workLength = .seconds(5)
        #expect(fixture.timeLabel.text == "00:05", "a length set while stopped shows at once")
        #expect(reports == ["workLength changed", "secondsLeft mayHaveChanged"])
        listening.disconnect()
    }

    @Test(arguments: [(0, "00:00"), (59, "00:59"), (299, "04:59"), (1500, "25:00"), (6000, "100:00"), (-3, "00:00")])
    func theClockTextIsMinutesAndSeconds(seconds: Int, text: String) {
        #expect(FocusTimer.clockText(seconds: seconds) == text)
    }
}
