import Behaviours
import SceneCore

/// Drives a ``PlayerInterface`` from a ``Player``'s events, and the player
/// from the interface's requests: the view controller of a custom player
/// interface.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PlayerController`.
///
///     controller.player = player
///     controller.interface = interface      // its buttons now reach the player
///     controller.inlineContainer = videoArea
///     controller.window = window
///     player.load()                          // interface.state == .initialise
///
/// The contract:
/// - Player events to interface states: `play` buffering; `playing`
///   playing; `pause` paused; `waiting` buffering; `sourceChange`
///   initialise (and the interface's time back to 0: a new source starts
///   there); `readyStateChange` paused or playing, as the player is
///   paused or not. `durationChange` sets the interface's duration;
///   `timeUpdate` sets its current time, except while the player is
///   seeking.
/// - ``skipForward()`` and ``skipBackward()`` seek 10 s from the player's
///   current time, clamped to `[0, duration]`; ``seek(to:)`` seeks the
///   player and sets the interface's current time to the (clamped) target
///   at once. The interface's `play`, `pause`, `skipForward`,
///   `skipBackward` and `seek` events reach the player only through these
///   actions: the controller connects to them as soon as `interface` is
///   set.
/// - The actions say what the player said: `play`, `pause` and the seeks
///   are ignored, with the player's reason, when the player ignores them
///   (no source, already paused) and the interface's time did not change
///   either; every action is ignored when there is no player.
/// - Presentation: on `presentationModeChange` (and in ``awake(in:)``),
///   fullscreen sets the interface container's `parent` to `window`;
///   inline sets it back to `inlineContainer`.
package final class PlayerController: SceneObject {
    /// How far a skip moves.
    package static let skipInterval: Duration = .seconds(10)

    /// The player driven; its events are observed as soon as it is set,
    /// and those of the player it replaces no longer are.
    package weak var player: Player? {
        didSet {
            guard player !== oldValue else { return }
            for connection in playerConnections { connection.disconnect() }
            playerConnections = player.map { observe($0) } ?? []
        }
    }
    /// The interface shown; its requests are observed as soon as it is set,
    /// and those of the interface it replaces no longer are.
    package weak var interface: PlayerInterface? {
        didSet {
            guard interface !== oldValue else { return }
            interfaceConnection?.disconnect()
            interfaceConnection = interface.map { observe($0) }
        }
    }
    /// Where the interface's container lives inline.
    package weak var inlineContainer: View?
    /// Where the interface's container lives in fullscreen.
    package weak var window: View?

    /// The connections to the events of ``player``.
    private var playerConnections: [BehaviourConnection] = []
    /// The connections to the events of ``interface``.
    private var interfaceConnection: SceneConnection?

    /// A controller; connect its outlets.
    package init() {}

    /// Puts the interface's container where the player's presentation mode says.
    package func awake(in scene: Scene) {
        if let player { present(player.presentationMode) }
    }

    // MARK: Actions

    /// Asks the player to play (the `play` action): the player's outcome.
    @discardableResult
    package func play() -> ActionOutcome {
        guard let player else { return Self.noPlayer }
        return player.startPlayback()
    }

    /// Asks the player to pause (the `pause` action): the player's outcome.
    @discardableResult
    package func pause() -> ActionOutcome {
        guard let player else { return Self.noPlayer }
        return player.pausePlayback()
    }

    /// Seeks 10 s forward, clamped to the duration (the `skipForward` action).
    @discardableResult
    package func skipForward() -> ActionOutcome {
        guard let player else { return Self.noPlayer }
        return seek(to: player.currentTime + Self.skipInterval)
    }

    /// Seeks 10 s backward, clamped to 0 (the `skipBackward` action).
    @discardableResult
    package func skipBackward() -> ActionOutcome {
        guard let player else { return Self.noPlayer }
        return seek(to: player.currentTime - Self.skipInterval)
    }

    /// Seeks the player to `target`, clamped to `[0, duration]`, and shows
    /// that time on the interface at once (the `seek` action). Ignored,
    /// with the player's reason, when the player ignored the seek and the
    /// interface already showed that time.
    @discardableResult
    package func seek(to target: Duration) -> ActionOutcome {
        guard let player else { return Self.noPlayer }
        let clamped = Swift.min(Swift.max(target, .zero), player.duration)
        let shownBefore = interface?.currentTime
        let outcome = player.seek(to: clamped)
        interface?.currentTime = clamped
        // The interface shows the target even when the player ignored the
        // seek (no source): that alone is an effect.
        if outcome.isIgnored, let interface, interface.currentTime != shownBefore { return .handled }
        return outcome
    }

    private static let noPlayer = ActionOutcome.ignored(because: "it has no player")

    // MARK: Observing

    /// Connects to every event of `player` that the interface follows.
    private func observe(_ player: Player) -> [BehaviourConnection] {
        [
            on(player.play) { controller, _ in controller.interface?.state = .buffering },
            on(player.playing) { controller, _ in controller.interface?.state = .playing },
            on(player.pause) { controller, _ in controller.interface?.state = .paused },
            on(player.waiting) { controller, _ in controller.interface?.state = .buffering },
            on(player.sourceChange) { controller, _ in
                controller.interface?.state = .initialise
                controller.interface?.currentTime = .zero
            },
            on(player.readyStateChange) { [weak player] controller, _ in
                guard let player else { return }
                controller.interface?.state = player.paused ? .paused : .playing
            },
            on(player.durationChange) { controller, duration in controller.interface?.duration = duration },
            on(player.timeUpdate) { [weak player] controller, time in
                guard let player, !player.seeking else { return }
                controller.interface?.currentTime = time
            },
            on(player.presentationModeChange) { controller, mode in controller.present(mode) },
        ]
    }

    /// Connects to every request of `interface`.
    private func observe(_ interface: PlayerInterface) -> SceneConnection {
        SceneConnection(combining: [
            on(interface.play) { controller, _ in controller.play() },
            on(interface.pause) { controller, _ in controller.pause() },
            on(interface.skipForward) { controller, _ in controller.skipForward() },
            on(interface.skipBackward) { controller, _ in controller.skipBackward() },
            on(interface.seek) { controller, time in controller.seek(to: time) },
        ])
    }

    /// Connects `body` to `event`; the connection holds the controller weakly.
    private func on<Payload>(
        _ event: SceneEvent<Payload>, _ body: @escaping (PlayerController, Payload) -> Void
    ) -> SceneConnection {
        event.connect(weakly(body))
    }

    /// Connects `body` to `event`; the connection holds the controller weakly.
    private func on<Payload>(
        _ event: BehaviourEvent<Payload>, _ body: @escaping (PlayerController, Payload) -> Void
    ) -> BehaviourConnection {
        event.connect(weakly(body))
    }

    /// `body` with the controller, as long as it lives.
    private func weakly<Payload>(
        _ body: @escaping (PlayerController, Payload) -> Void
    ) -> (Payload) -> Void {
        { [weak self] payload in
            guard let self else { return }
            body(self, payload)
        }
    }

    private func present(_ mode: PresentationMode) {
        guard let container = interface?.container else { return }
        switch mode {
        case .fullscreen: if let window { container.parent = window }
        case .inline: if let inlineContainer { container.parent = inlineContainer }
        }
    }

    // MARK: Registration

    /// Registers `PlayerController`: its four outlets and the `play`,
    /// `pause`, `skipForward`, `skipBackward` and `seek` actions.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "PlayerController", summary: "Maps Player events to PlayerInterface states and requests to the player.",
            make: { PlayerController() }
        ) { type in
            type.outlet(
                "player", get: { $0.player }, set: { $0.player = $1 }, required: true,
                doc: "The player driven.")
            type.outlet(
                "interface", get: { $0.interface }, set: { $0.interface = $1 }, required: true,
                doc: "The interface shown; its requests reach the player through the actions.")
            type.outlet(
                "inlineContainer", get: { $0.inlineContainer }, set: { $0.inlineContainer = $1 }, required: true,
                doc: "The container's parent inline.")
            type.outlet(
                "window", get: { $0.window }, set: { $0.window = $1 }, required: true,
                doc: "The container's parent in fullscreen.")
            type.action("play", doc: "Asks the player to play.") { $0.play() }
            type.action("pause", doc: "Asks the player to pause.") { $0.pause() }
            type.action("skipForward", doc: "Seeks 10 s forward, clamped to the duration.") { $0.skipForward() }
            type.action("skipBackward", doc: "Seeks 10 s backward, clamped to 0.") { $0.skipBackward() }
            type.action("seek", Duration.self, doc: "Seeks to a time, clamped to [0, duration].") { $0.seek(to: $1) }
        }
    }
}
