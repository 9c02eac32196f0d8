import SceneCore

/// How a ``Player`` is presented: in its own place, or over the whole
/// screen.
package enum PresentationMode: String, SceneEnum, Sendable {
    /// In the player's inline container.
    case inline
    /// Over the whole screen (the window).
    case fullscreen
}

/// How the device is held: what the ``Player``'s `rotate` input turns it to.
package enum DeviceOrientation: String, SceneEnum, Sendable {
    /// Held sideways: a coupled player goes fullscreen.
    case landscape
    /// Held upright: a coupled player goes inline.
    case portrait
}

/// A simulated media player on the scene clock: the chromeless player under
/// a custom interface.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types Player`.
///
///     let player = Player(scheduler: scheduler, duration: .seconds(7200))
///     player.timeUpdate.connect { print("at", $0) }
///     player.load()                              // sourceChange
///     player.play()                              // play, waiting
///     try scheduler.advance(by: .seconds(1))     // durationChange, readyStateChange,
///                                                // playing at 0.5 s, then timeUpdate every 0.25 s
///
/// The timing contract, in the order an HTML media element sends its events:
/// - ``load()`` (a source change) stops everything: a playing player sends
///   `pause`, a player with data sends `readyStateChange` (0); the time goes
///   back to 0 and `sourceChange` is sent last. No data is loaded until the
///   first ``play()`` (the source is not preloaded).
/// - ``play()`` on a paused player with a source clears `paused` and sends
///   `play`. With enough data and nothing in the way it sends `playing` at
///   once; otherwise `waiting`, and the first play starts buffering: after
///   `bufferingTime` it sends `durationChange`, `readyStateChange` (4) and,
///   if still unpaused, `playing`. Playing at the end starts again from 0
///   (`timeUpdate` with 0 first).
///   Without a source, or when not paused, it is ignored.
/// - While playing, `timeUpdate` is sent every `timeUpdateInterval` from
///   the moment playback (re)started, and at the end: then `pause` and
///   `ended`, and the player is paused at `duration`.
/// - ``pause()`` on an unpaused player freezes the time and sends `pause`;
///   on a paused one (every player without a source is) it is ignored.
/// - ``seek(to:)`` clamps the target to `[0, duration]` and moves there at
///   once. With data, the player is `seeking` for `bufferingTime` (a
///   player that was playing sends `waiting` first); then it sends
///   `timeUpdate` with the new time and, if unpaused, `playing`. A seek
///   during a seek starts the wait again. Before data, it only moves, and
///   a seek to where it is is ignored; without a source it is ignored.
/// - ``load()`` is always taken.
/// - The `stall` input, while playing, is a network stall: `waiting` at
///   once, the time frozen, then `playing` after the stall (if still
///   unpaused and not seeking). Ignored when not playing.
/// - The `rotate` input couples fullscreen to the orientation: landscape is
///   fullscreen, portrait inline; a change of mode sends
///   `presentationModeChange`. Rotating to the current orientation is
///   ignored.
///
/// It reads time from the scene's ``VirtualScheduler``, taken in
/// ``awake(in:)`` (or given to ``init(scheduler:duration:)``).
package final class Player: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// The length of the source (the YAML key `duration`). Changing it once
    /// data is loaded sends `durationChange`.
    package var duration: Duration = .zero {
        didSet {
            if duration < .zero { duration = .zero }
            defer {
                propertyDidChange(\.duration, from: oldValue, to: duration)
                propertyMayHaveChanged(\.currentTime)
            }
            guard duration != oldValue, readyState > 0 else { return }
            if storedTime > duration { storedTime = duration }
            durationChange.send(duration)
        }
    }
    /// How long loading data, and each seek, takes.
    package var bufferingTime: Duration = .milliseconds(500) {
        didSet { propertyDidChange(\.bufferingTime, from: oldValue, to: bufferingTime) }
    }
    /// How often `timeUpdate` is sent while playing (at least 1 ms).
    package var timeUpdateInterval: Duration = .milliseconds(250) {
        didSet { propertyDidChange(\.timeUpdateInterval, from: oldValue, to: timeUpdateInterval) }
    }

    /// Whether playback is paused (true until the first ``play()``).
    package private(set) var paused = true {
        didSet { propertyDidChange(\.paused, from: oldValue, to: paused) }
    }
    /// Whether a seek is under way.
    package private(set) var seeking = false {
        didSet { propertyDidChange(\.seeking, from: oldValue, to: seeking) }
    }
    /// Whether a network stall holds playback.
    package private(set) var stalled = false {
        didSet { propertyDidChange(\.stalled, from: oldValue, to: stalled) }
    }
    /// The HTML ready state: 0 before data is loaded, 4 with enough data.
    package private(set) var readyState = 0 {
        didSet { propertyDidChange(\.readyState, from: oldValue, to: readyState) }
    }
    /// Whether a source was loaded.
    package private(set) var hasSource = false {
        didSet { propertyDidChange(\.hasSource, from: oldValue, to: hasSource) }
    }
    /// How the device is held.
    package private(set) var orientation = DeviceOrientation.portrait {
        didSet { propertyDidChange(\.orientation, from: oldValue, to: orientation) }
    }
    /// How the player is presented; follows ``orientation``.
    package private(set) var presentationMode = PresentationMode.inline {
        didSet { propertyDidChange(\.presentationMode, from: oldValue, to: presentationMode) }
    }
    /// Whether the time is advancing now: unpaused, with data, and neither
    /// seeking nor stalled.
    package private(set) var isProgressing = false {
        // While it progresses, `currentTime` moves with the clock.
        didSet { propertyFollowsClock(\.currentTime, isProgressing) }
    }

    /// Sent when ``play()`` clears `paused` (`play`).
    package private(set) lazy var play = SceneEvent<Void>()
    /// Sent when the time starts advancing (`playing`).
    package private(set) lazy var playing = SceneEvent<Void>()
    /// Sent when the player becomes paused (`pause`).
    package private(set) lazy var pause = SceneEvent<Void>()
    /// Sent when playback wants to advance but waits for data (`waiting`).
    package private(set) lazy var waiting = SceneEvent<Void>()
    /// Sent when a source was loaded (`sourceChange`).
    package private(set) lazy var sourceChange = SceneEvent<Void>()
    /// Sent with the new ready state (`readyStateChange`).
    package private(set) lazy var readyStateChange = SceneEvent<Int>()
    /// Sent with the duration once it is known (`durationChange`).
    package private(set) lazy var durationChange = SceneEvent<Duration>()
    /// Sent with the current time while playing and after a seek (`timeUpdate`).
    package private(set) lazy var timeUpdate = SceneEvent<Duration>()
    /// Sent when playback reached the end (`ended`).
    package private(set) lazy var ended = SceneEvent<Void>()
    /// Sent with the new mode (`presentationModeChange`).
    package private(set) lazy var presentationModeChange = SceneEvent<PresentationMode>()

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    package private(set) var scheduler: VirtualScheduler?

    private var storedTime: Duration = .zero {
        didSet { propertyMayHaveChanged(\.currentTime) }
    }
    private var anchorTime: Duration = .zero {
        didSet { propertyMayHaveChanged(\.currentTime) }
    }
    private var bufferingTimer: VirtualScheduler.TimerID?
    private var seekTimer: VirtualScheduler.TimerID?
    private var stallTimer: VirtualScheduler.TimerID?
    private var tickTimer: VirtualScheduler.TimerID?

    /// A player with the defaults above; it gets its scheduler in ``awake(in:)``.
    package init() {}

    /// A player of a source of `duration` on `scheduler`, for use without a scene.
    package init(scheduler: VirtualScheduler, duration: Duration) {
        self.scheduler = scheduler
        self.duration = Swift.max(duration, .zero)
    }

    /// Takes the scene's scheduler, unless one was given.
    package func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
    }

    private var now: Duration { scheduler?.now ?? .zero }

    /// The playback position, within `[0, duration]`.
    package var currentTime: Duration {
        guard isProgressing else { return storedTime }
        return Swift.min(storedTime + (now - anchorTime), duration)
    }

    // MARK: Actions

    /// Loads the source (the `load` action): see the type's contract.
    /// Always taken: it sends `sourceChange` at least.
    package func load() {
        for timer in [bufferingTimer, seekTimer, stallTimer, tickTimer] {
            if let timer { scheduler?.cancel(timer) }
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

    /// Starts playback (the `play` action): see the type's contract.
    /// Ignored without a source or when not paused.
    @discardableResult
    package func startPlayback() -> ActionOutcome {
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

    /// Pauses playback (the `pause` action): see the type's contract.
    /// Ignored when already paused (as a player without a source is).
    @discardableResult
    package func pausePlayback() -> ActionOutcome {
        guard hasSource, !paused else { return .ignored(because: "it is already paused") }
        stopProgress()
        paused = true
        pause.send()
        return .handled
    }

    /// Moves to `target`, clamped to `[0, duration]` (the `seek` action):
    /// see the type's contract. Ignored without a source, and before data
    /// when the player is already at that time.
    @discardableResult
    package func seek(to target: Duration) -> ActionOutcome {
        guard hasSource else { return .ignored(because: "there is no source to seek in") }
        let clamped = Swift.min(Swift.max(target, .zero), duration)
        if readyState != 4 && clamped == storedTime {
            return .ignored(because: "it is already at \(clamped.sceneText) and has no data to seek in yet")
        }
        let wasProgressing = isProgressing
        stopProgress()
        storedTime = clamped
        guard readyState == 4 else { return .handled }
        seeking = true
        if wasProgressing { waiting.send() }
        if let seekTimer { scheduler?.cancel(seekTimer) }
        seekTimer = schedule(after: bufferingTime) { $0.seekDidFinish() }
        return .handled
    }

    // MARK: Inputs

    /// A network stall of `length` while playing (the `stall` input);
    /// ignored when the time is not advancing.
    @discardableResult
    package func stall(for length: Duration) -> ActionOutcome {
        guard isProgressing else { return .ignored(because: "it is not playing") }
        stopProgress()
        stalled = true
        waiting.send()
        stallTimer = schedule(after: Swift.max(length, .zero)) { $0.stallDidFinish() }
        return .handled
    }

    /// Turns the device (the `rotate` input): landscape is fullscreen,
    /// portrait inline. Ignored when the orientation does not change.
    @discardableResult
    package func rotate(to orientation: DeviceOrientation) -> ActionOutcome {
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

    private func schedule(after delay: Duration, _ body: @escaping (Player) -> Void) -> VirtualScheduler.TimerID? {
        guard let scheduler else { return nil }
        return scheduler.schedule(after: delay) { [weak self] in
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
        if let tickTimer { scheduler?.cancel(tickTimer) }
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

    // MARK: Registration

    /// Registers `Player`: its timing keys, read-only state, the `play`,
    /// `pause`, `seek` and `load` actions, the `stall` and `rotate` inputs
    /// and its media events.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Player", summary: "A simulated media player on the scene clock, with media events.",
            make: { Player() }
        ) { type in
            type.property(
                "duration", \.duration, required: true,
                changeEvent: true, doc: "The length of the source.")
            type.property(
                "bufferingTime", \.bufferingTime, changeEvent: true, doc: "How long loading data, and each seek, takes."
            )
            type.property(
                "timeUpdateInterval", \.timeUpdateInterval, range: 0.001...Double.infinity, changeEvent: true,
                doc: "How often timeUpdate is sent while playing.")
            type.readOnly("currentTime", \.currentTime, doc: "The playback position.")
            type.readOnly("paused", \.paused, doc: "Whether playback is paused.")
            type.readOnly("seeking", \.seeking, doc: "Whether a seek is under way.")
            type.readOnly("stalled", \.stalled, doc: "Whether a network stall holds playback.")
            type.readOnly("readyState", \.readyState, doc: "0 before data is loaded, 4 with enough data.")
            type.readOnly("hasSource", \.hasSource, doc: "Whether a source was loaded.")
            type.readOnly("orientation", \.orientation, doc: "How the device is held.")
            type.readOnly("presentationMode", \.presentationMode, doc: "inline or fullscreen; follows the orientation.")
            type.action(
                "play", doc: "Starts playback (buffering first without data); ignored without a source or unpaused."
            ) { $0.startPlayback() }
            type.action("pause", doc: "Pauses playback; ignored when paused.") { $0.pausePlayback() }
            type.action(
                "seek", Duration.self, doc: "Moves to a time, clamped to [0, duration]; ignored without a source."
            ) {
                $0.seek(to: $1)
            }
            type.action("load", doc: "Loads the source: back to 0, paused, sourceChange.") { $0.load() }
            type.input("stall", Duration.self, doc: "A network stall while playing: waiting, then playing.") {
                $0.stall(for: $1)
            }
            type.input("rotate", DeviceOrientation.self, doc: "Turns the device: landscape is fullscreen.") {
                $0.rotate(to: $1)
            }
            type.event("play", connect: { $0.play.connect($1) }, doc: "play cleared paused.")
            type.event("playing", connect: { $0.playing.connect($1) }, doc: "The time started advancing.")
            type.event("pause", connect: { $0.pause.connect($1) }, doc: "The player became paused.")
            type.event("waiting", connect: { $0.waiting.connect($1) }, doc: "Playback waits for data.")
            type.event("sourceChange", connect: { $0.sourceChange.connect($1) }, doc: "A source was loaded.")
            type.event(
                "readyStateChange", connect: { $0.readyStateChange.connect($1) }, doc: "The new ready state (0 or 4).")
            type.event(
                "durationChange", connect: { $0.durationChange.connect($1) }, doc: "The duration, once known.")
            type.event(
                "timeUpdate", connect: { $0.timeUpdate.connect($1) },
                doc: "The current time, every timeUpdateInterval while playing and after a seek.")
            type.event("ended", connect: { $0.ended.connect($1) }, doc: "Playback reached the end.")
            type.event(
                "presentationModeChange", connect: { $0.presentationModeChange.connect($1) },
                doc: "The new presentation mode.")
        }
    }
}
