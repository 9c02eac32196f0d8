import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct PasscodeLockTests {
    /// A lock for "2468" with a 60 s window on its own clock, logging its
    /// events with the time.
    private func makeLock(maxAttempts: Int = 3) -> (PasscodeLock, VirtualScheduler, Log) {
        let scheduler = VirtualScheduler()
        let lock = PasscodeLock(passcode: "2468", scheduler: scheduler)
        lock.maxAttempts = maxAttempts
        let log = Log()
        lock.unlocked.connect { log.append("unlocked@\(scheduler.now.sceneText)") }
        lock.lockedOut.connect { log.append("lockedOut@\(scheduler.now.sceneText)") }
        return (lock, scheduler, log)
    }

    // MARK: Registration

    @Test func registersKeysOutletsStateInputAndEvents() {
        let type = PasscodeLock.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "passcode: String (required)", "maxAttempts: Int in 1.0...inf", "window: Duration in 0.0...inf",
                        "failedAttempts: Int (read-only)", "locked: Bool (read-only)", "unlocked: Bool (read-only)",
                    ],
                    outlets: ["field: TextField?", "resetDelay: PreemptiveDelay?"],
                    events: [
                        "passcodeChanged: String", "maxAttemptsChanged: Int", "windowChanged: Duration", "unlocked",
                        "lockedOut",
                    ],
                    actions: ["reset"],
                    inputs: ["enter: String"]))
        #expect(
            type.defaultValues() == [
                "passcode": .string(""), "maxAttempts": .int(3), "window": .duration(.seconds(60)),
                "failedAttempts": .int(0), "locked": .bool(false), "unlocked": .bool(false),
            ])
    }

    @Test func theEnterInputReportsIgnoredOnceLocked() throws {
        let type = PasscodeLock.sceneDescription()
        let (lock, scheduler, _) = makeLock(maxAttempts: 1)
        let enter = try #require(type.inputs["enter"])
        #expect(enter.deliver(to: lock, with: .string("1111")) == .handled)
        #expect(lock.isLocked)
        #expect(enter.deliver(to: lock, with: .string("2468"))?.isIgnored == true)
        #expect(scheduler.isIdle)
    }

    // MARK: Wrong entries and the window

    @Test func aWrongEntryCountsAndStartsTheWindow() throws {
        let (lock, scheduler, log) = makeLock()
        #expect(lock.enter("1111") == .handled)
        #expect(lock.failedAttempts == 1)
        #expect(!lock.isLocked)
        #expect(scheduler.nextDeadline == .seconds(60))
        try scheduler.advance(to: .seconds(60))
        #expect(log.entries.isEmpty)
        #expect(scheduler.isIdle)
    }

    @Test func theCountReturnsToZeroWhenAWindowPassesWithNoEntry() throws {
        let (lock, scheduler, _) = makeLock()
        lock.enter("1111")
        try scheduler.advance(to: .seconds(10))
        lock.enter("2222")
        try scheduler.advance(to: .milliseconds(69_999))
        #expect(lock.failedAttempts == 2)
        try scheduler.advance(to: .seconds(70))
        #expect(lock.failedAttempts == 0)
        #expect(scheduler.isIdle)
    }

    @Test func aWrongEntryRestartsTheWindow() throws {
        let (lock, scheduler, log) = makeLock()
        lock.enter("1111")
        try scheduler.advance(to: .seconds(50))
        lock.enter("2222")
        try scheduler.advance(to: .seconds(100))
        #expect(lock.failedAttempts == 2)
        lock.enter("3333")
        #expect(lock.isLocked)
        #expect(log.entries == ["lockedOut@1m40s"])
        #expect(scheduler.isIdle)
    }

    @Test func afterAResetAFullSetOfAttemptsIsAllowedAgain() throws {
        let (lock, scheduler, log) = makeLock()
        lock.enter("1111")
        lock.enter("2222")
        try scheduler.advance(to: .seconds(61))
        #expect(lock.failedAttempts == 0)
        lock.enter("3333")
        lock.enter("4444")
        #expect(!lock.isLocked)
        #expect(lock.failedAttempts == 2)
        #expect(log.entries.isEmpty)
        try scheduler.advance(by: .seconds(60))
        #expect(scheduler.isIdle)
    }

    // MARK: Locking

    @Test func reachingMaxAttemptsLocksAndIgnoresFurtherEntries() throws {
        let (lock, scheduler, log) = makeLock()
        lock.enter("1111")
        try scheduler.advance(to: .seconds(20))
        lock.enter("2222")
        try scheduler.advance(to: .seconds(40))
        #expect(lock.enter("3333") == .handled)
        #expect(lock.isLocked)
        #expect(lock.failedAttempts == 3)
        #expect(log.entries == ["lockedOut@40s"])
        #expect(lock.enter("2468").isIgnored)
        #expect(lock.enter("4444").isIgnored)
        #expect(!lock.isUnlocked)
        // The lock-out does not wear off: the window was cancelled.
        #expect(scheduler.isIdle)
        try scheduler.advance(by: .seconds(3600))
        #expect(lock.isLocked)
        #expect(lock.failedAttempts == 3)
        #expect(log.entries == ["lockedOut@40s"])
    }

    @Test func maxAttemptsOfOneLocksOnTheFirstWrongEntry() throws {
        let (lock, scheduler, log) = makeLock(maxAttempts: 1)
        lock.enter("1111")
        #expect(lock.isLocked)
        #expect(log.entries == ["lockedOut@0s"])
        #expect(scheduler.isIdle)
    }

    // MARK: Unlocking

    @Test func theRightCodeUnlocksAndCancelsTheWindow() throws {
        let (lock, scheduler, log) = makeLock()
        lock.enter("1111")
        lock.enter("2222")
        try scheduler.advance(to: .seconds(5))
        #expect(lock.enter("2468") == .handled)
        #expect(lock.isUnlocked)
        #expect(!lock.isLocked)
        #expect(lock.failedAttempts == 0)
        #expect(log.entries == ["unlocked@5s"])
        #expect(scheduler.isIdle)
        #expect(lock.enter("1111").isIgnored)
        #expect(lock.failedAttempts == 0)
        #expect(scheduler.isIdle)
    }

    @Test func resetReturnsToTheStart() throws {
        let (lock, scheduler, log) = makeLock()
        lock.enter("1")
        lock.enter("2")
        lock.enter("3")
        #expect(lock.isLocked)
        #expect(lock.reset() == .handled)
        #expect(!lock.isLocked)
        #expect(lock.failedAttempts == 0)
        lock.enter("1")
        lock.enter("2468")
        #expect(lock.isUnlocked)
        #expect(lock.reset() == .handled)
        #expect(!lock.isUnlocked)
        lock.enter("1")
        #expect(lock.reset() == .handled)
        #expect(scheduler.isIdle)
        #expect(log.entries == ["lockedOut@0s", "unlocked@0s"])
    }

    @Test func resetAtTheStartIsIgnored() throws {
        let (lock, scheduler, log) = makeLock()
        let type = PasscodeLock.sceneDescription()
        let reason = "it has no failed attempts and is neither locked nor unlocked"
        #expect(type.action("reset", on: lock) == .ignored(because: reason))
        lock.enter("1")
        try scheduler.advance(by: .seconds(60))  // the window passed: back to the start
        #expect(lock.failedAttempts == 0)
        #expect(type.action("reset", on: lock) == .ignored(because: reason))
        #expect(!lock.isLocked && !lock.isUnlocked)
        #expect(log.entries.isEmpty)
        #expect(scheduler.isIdle)
    }

    @Test func resetCancelsASharedWindowPendingForOthers() throws {
        let (lock, scheduler, _) = makeLock()
        let shared = PreemptiveDelay(scheduler: scheduler)
        lock.resetDelay = shared
        shared.trigger()
        #expect(lock.reset() == .handled)
        #expect(!shared.isPending)
        #expect(scheduler.isIdle)
    }

    // MARK: Outlets

    @Test func returnOnTheFieldSubmitsItsTextAndEmptiesIt() throws {
        let (lock, scheduler, log) = makeLock()
        let field = TextField()
        lock.field = field
        let changes = Log()
        field.editingChanged.connect { changes.append("editingChanged") }
        field.type("1111")
        field.returnKey()
        #expect(lock.failedAttempts == 1)
        #expect(field.text == "")
        field.type("2468")
        field.returnKey()
        #expect(lock.isUnlocked)
        #expect(field.text == "")
        #expect(log.entries == ["unlocked@0s"])
        // Two typed entries; emptying the field sends nothing.
        #expect(changes.entries == ["editingChanged", "editingChanged"])
        #expect(scheduler.isIdle)
    }

    @Test func anIgnoredEntryLeavesTheFieldAsItIs() throws {
        let (lock, scheduler, _) = makeLock(maxAttempts: 1)
        let field = TextField()
        lock.field = field
        lock.enter("1111")
        field.type("2468")
        field.returnKey()
        #expect(field.text == "2468")
        #expect(!lock.isUnlocked)
        #expect(scheduler.isIdle)
    }

    @Test func aReplacedFieldNoLongerSubmits() throws {
        let (lock, scheduler, _) = makeLock()
        let old = TextField()
        let new = TextField()
        lock.field = old
        lock.field = new
        lock.field = old
        old.type("1111")
        old.returnKey()
        #expect(lock.failedAttempts == 1)
        new.type("2222")
        new.returnKey()
        #expect(lock.failedAttempts == 1)
        #expect(new.text == "2222")
        try scheduler.advance(by: .seconds(60))
        #expect(scheduler.isIdle)
    }

    @Test func reassigningTheFieldLeavesOneConnectionOnTheNewFieldOnly() {
        let (lock, _, _) = makeLock()
        let first = TextField()
        let second = TextField()
        let third = TextField()
        lock.field = first
        lock.field = second
        lock.field = third
        #expect(first.returnKeyPressed.connectionCount == 0)
        #expect(second.returnKeyPressed.connectionCount == 0)
        #expect(third.returnKeyPressed.connectionCount == 1)
        for field in [first, second] {
            field.type("1111")
            field.returnKey()
        }
        #expect(lock.failedAttempts == 0)
        third.type("1111")
        third.returnKey()
        #expect(lock.failedAttempts == 1)
        lock.field = nil
        #expect(third.returnKeyPressed.connectionCount == 0)
    }

    @Test func reassigningTheResetDelayLeavesOneConnectionOnTheNewDelayOnly() throws {
        let (lock, scheduler, _) = makeLock()
        let first = PreemptiveDelay(scheduler: scheduler)
        let second = PreemptiveDelay(scheduler: scheduler)
        let third = PreemptiveDelay(scheduler: scheduler)
        lock.resetDelay = first
        lock.resetDelay = second
        lock.resetDelay = third
        #expect(first.fired.connectionCount == 0)
        #expect(second.fired.connectionCount == 0)
        #expect(third.fired.connectionCount == 1)
        lock.enter("1111")
        #expect(third.isPending)
        first.trigger()
        second.trigger()
        try scheduler.advance(by: .seconds(1))
        #expect(lock.failedAttempts == 1, "an old delay does not end the window")
        try scheduler.advance(by: .seconds(59))
        #expect(lock.failedAttempts == 0)
        lock.resetDelay = nil
        #expect(third.fired.connectionCount == 0)
        #expect(scheduler.isIdle)
    }

    @Test func aResetDelayOutletMeasuresTheWindowWithWindowNotItsDelay() throws {
        let (lock, scheduler, _) = makeLock()
        let window = PreemptiveDelay(scheduler: scheduler, delay: .seconds(1))
        lock.resetDelay = window
        lock.window = .seconds(30)
        lock.enter("1111")
        #expect(window.deadline == .seconds(30))
        #expect(scheduler.pendingCount == 1)
        try scheduler.advance(to: .seconds(29))
        #expect(lock.failedAttempts == 1)
        try scheduler.advance(to: .seconds(30))
        #expect(lock.failedAttempts == 0)
        #expect(window.fireCount == 1)
        lock.enter("2222")
        lock.enter("2468")
        #expect(!window.isPending)
        #expect(scheduler.isIdle)
    }

    @Test func aSharedDelayFiringWhileLockedOutChangesNothing() throws {
        let (lock, scheduler, _) = makeLock()
        let shared = PreemptiveDelay(scheduler: scheduler)
        lock.resetDelay = shared
        lock.enter("1")
        lock.enter("2")
        lock.enter("3")
        shared.trigger()
        try scheduler.advance(by: .seconds(1))
        #expect(shared.fireCount == 1)
        #expect(lock.isLocked)
        #expect(lock.failedAttempts == 3)
        #expect(scheduler.isIdle)
    }

    @Test func theOwnWindowTakesTheSceneClockInAwake() throws {
        let scene = Scene(title: nil, summary: nil, entries: [])
        let lock = PasscodeLock()
        lock.passcode = "2468"
        lock.window = .seconds(5)
        lock.awake(in: scene)
        lock.enter("1111")
        #expect(scene.scheduler.pendingCount == 1)
        try scene.scheduler.advance(by: .seconds(5))
        #expect(lock.failedAttempts == 0)
        #expect(scene.scheduler.isIdle)
    }
}
