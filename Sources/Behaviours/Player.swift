/// How a ``Player`` is presented: in its own place, or over the whole
/// screen.
///
///     player.presentationModeChange.connect { mode in print(mode == .fullscreen) }
public enum PresentationMode: String, CaseIterable, Sendable {
    /// In the player's inline container.
    case inline
    /// Over the whole screen (the window).
    case fullscreen
}

/// How the device is held: what ``Player/rotate(to:)`` turns it to.
///
///     player.rotate(to: .landscape)   // fullscreen
public enum DeviceOrientation: String, CaseIterable, Sendable {
    /// Held sideways: a coupled player goes fullscreen.
    case landscape
    /// Held upright: a coupled player goes inline.
    case portrait
}

/// A simulated media player on a clock: the chromeless player under a
/// custom interface, sending the events of an HTML media element.
///
///     let player = Player(duration: .seconds(7200), clock: scheduler.clock)
///     player.timeUpdate.connect { print("at", $0) }
///     player.load()                              // sourceChange
///     player.startPlayback()                     // play, waiting
///     try scheduler.advance(by: .seconds(1))     // durationChange, readyStateChange,
///                                                // playing at 0.5 s, then timeUpdate every 0.25 s
///
/// The timing contract, in the order an HTML media element sends its events:
/// - ``load()`` (a source change) stops everything: a playing player sends
///   ``pause``, a player with data sends ``readyStateChange`` (0); the time
///   goes back to 0 and ``sourceChange`` is sent last. No data is loaded
///   until the first ``startPlayback()`` (the source is not preloaded).
/// - ``startPlayback()`` on a paused player with a source clears
///   ``paused`` and sends ``play``. With enough data and nothing in the way
///   it sends ``playing`` at once; otherwise ``waiting``, and the first
///   play starts buffering: after ``bufferingTime`` it sends
///   ``durationChange``, ``readyStateChange`` (4) and, if still unpaused,
///   ``playing``. Playing at the end starts again from 0 (``timeUpdate``
///   with 0 first). Without a source, or when not paused, it is ignored.
/// - While playing, ``timeUpdate`` is sent every ``timeUpdateInterval``
///   from the moment playback (re)started, and at the end: then ``pause``
///   and ``ended``, and the player is paused at ``duration``.
/// - ``pausePlayback()`` on an unpaused player freezes the time and sends
///   ``pause``; on a paused one (every player without a source is) it is
///   ignored.
/// - ``seek(to:)`` clamps the target to `[0, duration]` and moves there at
///   once. With data, the player is ``seeking`` for ``bufferingTime`` (a
///   player that was playing sends ``waiting`` first); then it sends
///   ``timeUpdate`` with the new time and, if unpaused, ``playing``. A seek
///   during a seek starts the wait again. Before data, it only moves, and
///   a seek to where it is is ignored; without a source it is ignored.
/// - ``stall(for:)``, while playing, is a network stall: ``waiting`` at
///   once, the time frozen, then ``playing`` after the stall (if still
///   unpaused and not seeking). Ignored when not playing.
/// - ``rotate(to:)`` couples fullscreen to the orientation: landscape is
///   fullscreen, portrait inline; a change of mode sends
///   ``presentationModeChange``. Rotating to the current orientation is
///   ignored.
///
/// It reads time from its ``clock``: ``MainClock/shared`` for one made with
/// ``init(duration:)`` on the main thread, the scene's virtual scheduler in
/// a scene. Its state is ``Reported``; ``currentTime``, worked out from the
/// clock while ``isProgressing``, is reported as one that may have changed
/// whenever what it is worked out from changes.
open class Player: ReportsChanges {
    /// Where changes of the reported state are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// The length of the source (never negative). Changing it once data is
    /// loaded sends ``durationChange``.
    ///
    ///     player.duration = .seconds(90)
    @Reported public var duration: Duration = .zero {
        didSet { durationDidChange(from: oldValue) }
    }
    /// How long loading data, and each seek, takes (0.5 s).
    ///
    ///     player.bufferingTime = .seconds(2)
    @Reported public var bufferingTime: Duration = .milliseconds(500)
    /// How often ``timeUpdate`` is sent while playing (0.25 s; at least 1 ms).
    ///
    ///     player.timeUpdateInterval = .seconds(1)
    @Reported public var timeUpdateInterval: Duration = .milliseconds(250)

    /// Whether playback is paused (true until the first ``startPlayback()``).
    ///
    ///     if player.paused { player.startPlayback() }
    @Reported public private(set) var paused = true
    /// Whether a seek is under way.
    ///
    ///     player.seeking   // true for bufferingTime after a seek with data
    @Reported public private(set) var seeking = false
    /// Whether a network stall holds playback.
    ///
    ///     player.stalled   // true during stall(for:)
    @Reported public private(set) var stalled = false
    /// The HTML ready state: 0 before data is loaded, 4 with enough data.
    ///
    ///     player.readyState   // 4 once buffered
    @Reported public private(set) var readyState = 0
    /// Whether a source was loaded.
    ///
    ///     player.hasSource   // true after load()
    @Reported public private(set) var hasSource = false
    /// How the device is held.
    ///
    ///     player.orientation   // .portrait at first
    @Reported public private(set) var orientation = DeviceOrientation.portrait
    /// How the player is presented; follows ``orientation``.
    ///
    ///     player.presentationMode   // .fullscreen after rotate(to: .landscape)
    @Reported public private(set) var presentationMode = PresentationMode.inline
    /// Whether the time is advancing now: unpaused, with data, and neither
    /// seeking nor stalled. While it is, ``currentTime`` moves with the clock.
    ///
    ///     player.isProgressing   // true while playing
    @Reported public private(set) var isProgressing = false

    /// Sent when ``startPlayback()`` clears ``paused``.
    ///
    ///     player.play.connect { print("play") }
    public let play = BehaviourEvent<Void>()
    /// Sent when the time starts advancing.
    ///
    ///     player.playing.connect { spinner.isHidden = true }
    public let playing = BehaviourEvent<Void>()
    /// Sent when the player becomes paused.
    ///
    ///     player.pause.connect { print("paused") }
    public let pause = BehaviourEvent<Void>()
    /// Sent when playback wants to advance but waits for data.
    ///
    ///     player.waiting.connect { spinner.isHidden = false }
    public let waiting = BehaviourEvent<Void>()
    /// Sent when a source was loaded.
    ///
    ///     player.sourceChange.connect { print("new source") }
    public let sourceChange = BehaviourEvent<Void>()
    /// Sent with the new ready state (0 or 4).
    ///
    ///     player.readyStateChange.connect { print("ready state", $0) }
    public let readyStateChange = BehaviourEvent<Int>()
    /// Sent with the duration once it is known.
    ///
    ///     player.durationChange.connect { slider.range = 0...$0.seconds }
    public let durationChange = BehaviourEvent<Duration>()
    /// Sent with the current time while playing and after a seek.
    ///
    ///     player.timeUpdate.connect { print("at", $0) }
    public let timeUpdate = BehaviourEvent<Duration>()
    /// Sent when playback reached the end.
    ///
    ///     player.ended.connect { print("the end") }
    public let ended = BehaviourEvent<Void>()
    /// Sent with the new presentation mode.
    ///
    ///     player.presentationModeChange.connect { print($0) }
    public let presentationModeChange = BehaviourEvent<PresentationMode>()

    /// The clock it plays on. Set it before playing: timers already set on
    /// the old clock stay there.
    ///
    ///     player.clock = scheduler.clock
    public var clock: (any BehaviourClock)?

    private var storedTime: Duration = .zero {
        didSet { currentTimeMayHaveChanged() }
    }
    private var anchorTime: Duration = .zero {
        didSet { currentTimeMayHaveChanged() }
    }
    private var bufferingTimer: ClockTimer?
    private var seekTimer: ClockTimer?
    private var stallTimer: ClockTimer?
    private var tickTimer: ClockTimer?

    /// A player of a source of `duration` on `clock` (none: it plays
    /// nothing until given one).
    ///
    ///     let player = Player(duration: .seconds(60), clock: scheduler.clock)
    public init(duration: Duration = .zero, clock: (any BehaviourClock)?) {
        self.clock = clock
        self.duration = Swift.max(duration, .zero)
    }

    /// A player of a source of `duration` on the main thread's real clock:
    /// what an app makes.
    ///
    ///     let player = Player(duration: .seconds(60))
    @MainActor
    public convenience init(duration: Duration = .zero) {
        self.init(duration: duration, clock: MainClock.shared)
    }

    private var now: Duration { clock?.now ?? .zero }

    /// The playback position, within `[0, duration]`.
    ///
    ///     player.currentTime   // .seconds(1) a second into playback
    public var currentTime: Duration {
        guard isProgressing else { return storedTime }
        return Swift.min(storedTime + (now - anchorTime), duration)
    }

    private func currentTimeMayHaveChanged() {
        changeReports.report(\Player.currentTime, .mayHaveChanged)
    }

    private func durationDidChange(from oldValue: Duration) {
        if duration < .zero { duration = .zero }
        defer { currentTimeMayHaveChanged() }
        guard duration != oldValue, readyState > 0 else { return }
        if storedTime > duration { storedTime = duration }
        durationChange.send(duration)
    }

    // MARK: Actions

    /// Loads the source: see the type's contract. Always taken: it sends
    /// ``sourceChange`` at least.
    ///
    ///     player.load()
    open func load() {
        for timer in [bufferingTimer, seekTimer, stallTimer, tickTimer] {
            if let timer { clock?.cancel(timer) }
        }
        bufferingTimer = nil
        seekTimer = nil
        stallTimer = nil
        tickTimer = nil
        isProgressing = false
        seeking = false
        stalled = false
        if !paused {
            paused = true
            pause.send()
        }
        if readyState != 0 {
            readyState = 0
            readyStateChange.send(0)
        }
        storedTime = .zero
        hasSource = true
        sourceChange.send()
    }

    /// Starts playback: see the type's contract. Ignored without a source
    /// or when not paused.
    ///
    ///     player.startPlayback()
    @discardableResult
    open func startPlayback() -> ActionOutcome {
        guard hasSource else { return .ignored(because: "there is no source to play") }
        guard paused else { return .ignored(because: "it is not paused") }
        if readyState > 0 && storedTime >= duration {
            storedTime = .zero
            timeUpdate.send(.zero)
        }
        paused = false
        play.send()
        if readyState == 4 && !seeking && !stalled {
            startProgress()
            return .handled
        }
        waiting.send()
        if readyState == 0 && bufferingTimer == nil {
            bufferingTimer = schedule(after: bufferingTime) { $0.bufferingDidFinish() }
        }
        return .handled
    }

    /// Pauses playback: see the type's contract. Ignored when already
    /// paused (as a player without a source is).
    ///
    ///     player.pausePlayback()
    @discardableResult
    open func pausePlayback() -> ActionOutcome {
        guard hasSource, !paused else { return .ignored(because: "it is already paused") }
        stopProgress()
        paused = true
        pause.send()
        return .handled
    }

    /// Moves to `target`, clamped to `[0, duration]`: see the type's
    /// contract. Ignored without a source, and before data when the player
    /// is already at that time.
    ///
    ///     player.seek(to: .seconds(30))
    @discardableResult
    open func seek(to target: Duration) -> ActionOutcome {
        guard hasSource else { return .ignored(because: "there is no source to seek in") }
        let clamped = Swift.min(Swift.max(target, .zero), duration)
        if readyState != 4 && clamped == storedTime {
            return .ignored(because: "it is already at \(clamped.compactText) and has no data to seek in yet")
        }
        let wasProgressing = isProgressing
        stopProgress()
        storedTime = clamped
        guard readyState == 4 else { return .handled }
        seeking = true
        if wasProgressing { waiting.send() }
        if let seekTimer { clock?.cancel(seekTimer) }
        seekTimer = schedule(after: bufferingTime) { $0.seekDidFinish() }
        return .handled
    }

    /// A network stall of `length` while playing; ignored when the time is
    /// not advancing.
    ///
    ///     player.stall(for: .seconds(2))   // waiting, then playing 2 s later
    @discardableResult
    open func stall(for length: Duration) -> ActionOutcome {
        guard isProgressing else { return .ignored(because: "it is not playing") }
        stopProgress()
        stalled = true
        waiting.send()
        stallTimer = schedule(after: Swift.max(length, .zero)) { $0.stallDidFinish() }
        return .handled
    }

    /// Turns the device: landscape is fullscreen, portrait inline. Ignored
    /// when the orientation does not change.
    ///
    ///     player.rotate(to: .landscape)
    @discardableResult
    open func rotate(to orientation: DeviceOrientation) -> ActionOutcome {
        guard orientation != self.orientation else { return .ignored(because: "it is already in that orientation") }
        self.orientation = orientation
        let mode: PresentationMode = orientation == .landscape ? .fullscreen : .inline
        if mode != presentationMode {
            presentationMode = mode
            presentationModeChange.send(mode)
        }
        return .handled
    }

    // MARK: Playback

    private func schedule(after delay: Duration, _ body: @escaping (Player) -> Void) -> ClockTimer? {
        guard let clock else { return nil }
        return clock.schedule(after: delay) { [weak self] in
            guard let self else { return }
            body(self)
        }
    }

    private func startProgress() {
        guard !isProgressing else { return }
        isProgressing = true
        anchorTime = now
        playing.send()
        scheduleTick()
    }

    private func stopProgress() {
        guard isProgressing else { return }
        storedTime = currentTime
        isProgressing = false
        if let tickTimer { clock?.cancel(tickTimer) }
        tickTimer = nil
    }

    private func resumeIfPossible() {
        if !paused && readyState == 4 && !seeking && !stalled { startProgress() }
    }

    private func scheduleTick() {
        let interval = Swift.max(timeUpdateInterval, .milliseconds(1))
        let remaining = Swift.max(duration - storedTime, .zero)
        tickTimer = schedule(after: Swift.min(interval, remaining)) { $0.tick() }
    }

    private func tick() {
        tickTimer = nil
        storedTime = currentTime
        anchorTime = now
        timeUpdate.send(storedTime)
        guard isProgressing else { return }  // a handler paused or seeked
        if storedTime >= duration {
            isProgressing = false
            paused = true
            pause.send()
            ended.send()
        } else {
            scheduleTick()
        }
    }

    private func bufferingDidFinish() {
        bufferingTimer = nil
        readyState = 4
        durationChange.send(duration)
        readyStateChange.send(4)
        resumeIfPossible()
    }

    private func seekDidFinish() {
        seekTimer = nil
        seeking = false
        timeUpdate.send(storedTime)
        resumeIfPossible()
    }

    private func stallDidFinish() {
        stallTimer = nil
        stalled = false
        resumeIfPossible()
    }
}
