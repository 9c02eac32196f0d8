import Behaviours
import SceneCore

/// The portable `Player` in a scene: it plays on the scene's virtual
/// scheduler, taken in ``awake(in:)`` unless it was given a clock, its
/// `@Reported` state reaches the transcript, and `currentTime` follows the
/// clock while the player is progressing.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types Player`.
///
///     let player = Player(scheduler: scheduler, duration: .seconds(7200))
///     player.timeUpdate.connect { print("at", $0) }
///     player.load()                              // sourceChange
///     player.startPlayback()                     // play, waiting
///     try scheduler.advance(by: .seconds(1))     // durationChange, readyStateChange,
///                                                // playing at 0.5 s, then timeUpdate every 0.25 s
///
/// Its Swift names follow Swift's conventions, its scene names stay as
/// scenes write them: `startPlayback()` is the `play` action,
/// `pausePlayback()` the `pause` action, `stall(for:)` the `stall` input.
extension Player: SceneObject, PropertyNotifying {
    /// A player of a source of `duration` on `scheduler`, for use without a scene.
    ///
    ///     let player = Player(scheduler: scheduler, duration: .seconds(60))
    package convenience init(scheduler: VirtualScheduler, duration: Duration) {
        self.init(duration: duration, clock: scheduler.clock)
        followClock()
    }

    /// The scheduler behind its clock, when that is a scene's.
    package var scheduler: VirtualScheduler? { clock.flatMap(VirtualScheduler.behind) }

    /// Takes the scene's clock, unless one was given, and tells the run
    /// that `currentTime` follows the clock while the player progresses.
    public func awake(in scene: Scene) {
        if clock == nil { clock = scene.scheduler.clock }
        followClock()
    }

    /// Says now, and at every change of `isProgressing`, whether
    /// `currentTime` follows the clock; saying it twice changes nothing.
    private func followClock() {
        propertyFollowsClock(\.currentTime, isProgressing)
        changeReports.listen { [weak self] key, _ in
            guard let self, key == \Player.isProgressing else { return }
            self.propertyFollowsClock(\.currentTime, self.isProgressing)
        }
    }

    // MARK: Registration

    /// Registers `Player`: its timing keys, read-only state, the `play`,
    /// `pause`, `seek` and `load` actions, the `stall` and `rotate` inputs
    /// and its media events.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Player", summary: "A simulated media player on the scene clock, with media events.",
            make: { Player(clock: nil) }
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
            type.event(
                "play", \.play, doc: "play cleared paused.")
            type.event(
                "playing", \.playing, doc: "The time started advancing.")
            type.event(
                "pause", \.pause, doc: "The player became paused.")
            type.event(
                "waiting", \.waiting, doc: "Playback waits for data.")
            type.event(
                "sourceChange", \.sourceChange, doc: "A source was loaded.")
            type.event(
                "readyStateChange", \.readyStateChange, doc: "The new ready state (0 or 4).")
            type.event(
                "durationChange", \.durationChange, doc: "The duration, once known.")
            type.event(
                "timeUpdate", \.timeUpdate,
                doc: "The current time, every timeUpdateInterval while playing and after a seek.")
            type.event(
                "ended", \.ended, doc: "Playback reached the end.")
            type.event(
                "presentationModeChange", \.presentationModeChange, doc: "The new presentation mode.")
        }
    }
}

extension PresentationMode: SceneEnum {}

extension DeviceOrientation: SceneEnum {}
