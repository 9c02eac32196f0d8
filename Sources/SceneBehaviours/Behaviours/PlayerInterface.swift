import Behaviours
import SceneCore

/// What a ``PlayerInterface`` shows: the state of the player it stands for.
package enum PlayerInterfaceState: String, SceneEnum, Sendable {
    /// No data yet: the play button only.
    case initialise
    /// Waiting for data: the spinner, the skip buttons and the footer.
    case buffering
    /// Playing: the pause button, the skip buttons and the footer.
    case playing
    /// Paused: the play button, the skip buttons and the footer.
    case paused
}

/// A custom player interface over a chromeless player: it shows the
/// components of its state (initially initialise), keeps the slider and
/// the progress label in step with the time, and asks for playback through
/// its events (a ``PlayerController`` connects to them), never calling a
/// player itself.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PlayerInterface`.
///
///     interface.playButton = playButton  // ...and the other outlets
///     interface.play.connect { player.startPlayback() }
///     interface.duration = .seconds(7200)   // progressLabel "00:00:00 / 02:00:00"
///     interface.state = .playing            // pause, skips and footer shown
///
/// The contract:
/// - Components by state ("shown" is `hidden: false`, every other
///   component is hidden): initialise: play button; buffering: spinner,
///   skips, footer; playing: pause button, skips, footer; paused: play
///   button, skips, footer. The spinner animates in buffering only.
/// - `progressLabel` reads "MM:SS / MM:SS", or "HH:MM:SS / HH:MM:SS" when
///   the duration is an hour or more (whole seconds, rounded down). The
///   slider's range is `0...duration` in seconds and its value follows
///   ``currentTime``.
/// - While the slider is dragged (from `editingBegan` to `editingEnded`),
///   setting ``currentTime`` moves neither the slider nor the label; the
///   label follows the thumb; the release sends `seek` with the thumb's
///   time. A `tapAt` on the slider is a whole drag, so it seeks too.
/// - Auto-hide is composed from `timeoutController`: in ``awake(in:)`` the
///   interface adds its buttons and slider to the controller's providers,
///   so any touch on a control holds the timeout off and its end restarts
///   a full one, and a drag suspends it for as long as it lasts. Entering
///   playing shows the controls and resumes the controller; entering any
///   other state shows them and pauses it. On `timedOut` while playing the
///   controls hide (every component hidden). A `backgroundTap` while
///   playing toggles them (hiding pauses the controller, showing resumes
///   it); in other states it does nothing. The tap is never a provider.
package final class PlayerInterface: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// The view holding the interface; the controller moves it between
    /// containers.
    package weak var container: View?
    /// A tap on the video: toggles the controls while playing.
    package weak var backgroundTap: TapGesture? {
        didSet {
            guard backgroundTap !== oldValue else { return }
            backgroundTapConnection?.disconnect()
            backgroundTapConnection = backgroundTap?.recognized.connect { [weak self] in self?.backgroundTapped() }
        }
    }
    /// Asks for playback; shown in initialise and paused.
    package weak var playButton: Button? {
        didSet {
            guard playButton !== oldValue else { return }
            playButtonConnection?.disconnect()
            playButtonConnection = connectTap(of: playButton) { $0.play.send() }
        }
    }
    /// Asks for a pause; shown while playing.
    package weak var pauseButton: Button? {
        didSet {
            guard pauseButton !== oldValue else { return }
            pauseButtonConnection?.disconnect()
            pauseButtonConnection = connectTap(of: pauseButton) { $0.pause.send() }
        }
    }
    /// Asks for a skip of 10 s forward.
    package weak var skipForwardButton: Button? {
        didSet {
            guard skipForwardButton !== oldValue else { return }
            skipForwardButtonConnection?.disconnect()
            skipForwardButtonConnection = connectTap(of: skipForwardButton) { $0.skipForward.send() }
        }
    }
    /// Asks for a skip of 10 s backward.
    package weak var skipBackwardButton: Button? {
        didSet {
            guard skipBackwardButton !== oldValue else { return }
            skipBackwardButtonConnection?.disconnect()
            skipBackwardButtonConnection = connectTap(of: skipBackwardButton) { $0.skipBackward.send() }
        }
    }
    /// Turns while buffering.
    package weak var spinner: ActivityIndicator?
    /// The progress bar, in seconds: drag or tap it to seek.
    package weak var slider: Slider? {
        didSet {
            guard slider !== oldValue else { return }
            sliderConnection?.disconnect()
            sliderConnection = nil
            guard let slider else { return }
            sliderConnection = SceneConnection(combining: [
                slider.editingBegan.connect { [weak self] in self?.dragBegan() },
                slider.valueChanged.connect { [weak self] in self?.dragMoved() },
                slider.editingEnded.connect { [weak self] in self?.dragEnded() },
            ])
            updateSlider()
        }
    }
    /// "current / duration".
    package weak var progressLabel: Label? {
        didSet { updateLabel() }
    }
    /// The bar holding the slider and the label.
    package weak var footer: View?
    /// The timeout that hides the controls while playing.
    package weak var timeoutController: TimeoutController? {
        didSet {
            guard timeoutController !== oldValue else { return }
            timeoutConnection?.disconnect()
            timeoutConnection = timeoutController?.timedOut.connect { [weak self] in self?.timeoutDidPass() }
        }
    }

    /// The length of the source; sets the slider's maximum and the label's format.
    package var duration: Duration = .zero {
        didSet {
            updateSlider()
            updateLabel()
            propertyDidChange(\.duration, from: oldValue, to: duration)
        }
    }
    /// The playback position; ignored by the slider and label while dragging.
    package var currentTime: Duration = .zero {
        didSet {
            defer { propertyDidChange(\.currentTime, from: oldValue, to: currentTime) }
            guard !dragging else { return }
            updateSlider()
            updateLabel()
        }
    }
    /// What the interface shows; setting it updates the components and the auto-hide.
    package var state = PlayerInterfaceState.initialise {
        didSet {
            guard state != oldValue else {
                applyState()
                return
            }
            propertyDidChange(\.state)
            controlsShown = true
            if state == .playing {
                timeoutController?.resume()
            } else {
                timeoutController?.pause()
            }
            applyState()
        }
    }
    /// Whether the controls are up (false only after auto-hide or a tap while playing).
    package private(set) var controlsShown = true {
        didSet { propertyDidChange(\.controlsShown, from: oldValue, to: controlsShown) }
    }
    /// Whether the slider is being dragged.
    package private(set) var dragging = false {
        didSet { propertyDidChange(\.dragging, from: oldValue, to: dragging) }
    }

    /// Sent when the play button is tapped (`play`).
    package private(set) lazy var play = SceneEvent<Void>()
    /// Sent when the pause button is tapped (`pause`).
    package private(set) lazy var pause = SceneEvent<Void>()
    /// Sent when the skip forward button is tapped (`skipForward`).
    package private(set) lazy var skipForward = SceneEvent<Void>()
    /// Sent when the skip backward button is tapped (`skipBackward`).
    package private(set) lazy var skipBackward = SceneEvent<Void>()
    /// Sent with the slider's time when a drag or tap on it ends (`seek`).
    package private(set) lazy var seek = SceneEvent<Duration>()

    // The connections to the events of the outlets, each disconnected when
    // its outlet changes.
    private var backgroundTapConnection: SceneConnection?
    private var playButtonConnection: SceneConnection?
    private var pauseButtonConnection: SceneConnection?
    private var skipForwardButtonConnection: SceneConnection?
    private var skipBackwardButtonConnection: SceneConnection?
    private var sliderConnection: SceneConnection?
    private var timeoutConnection: BehaviourConnection?

    /// An interface in initialise; connect its outlets.
    package init() {}

    /// Makes the controls the timeout's providers and shows the components
    /// of the current state.
    package func awake(in scene: Scene) {
        if let controller = timeoutController {
            var providers = controller.providers
            let controls: [View?] = [playButton, pauseButton, skipForwardButton, skipBackwardButton, slider]
            for case let control? in controls where !providers.contains(where: { $0 === control }) {
                providers.append(control)
            }
            controller.providers = providers
        }
        applyState()
        updateSlider()
        updateLabel()
    }

    /// Whether a component shows in `state`, controls up.
    package static func shows(_ component: Component, in state: PlayerInterfaceState) -> Bool {
        switch component {
        case .playButton: state == .initialise || state == .paused
        case .pauseButton: state == .playing
        case .spinner: state == .buffering
        case .skipButtons, .footer: state != .initialise
        }
    }

    /// The components the state table names.
    package enum Component: CaseIterable, Sendable {
        /// The play button.
        case playButton
        /// The pause button.
        case pauseButton
        /// The loading spinner.
        case spinner
        /// Both skip buttons.
        case skipButtons
        /// The footer: the slider and the progress label.
        case footer
    }

    /// Formats `time` as the label does: "MM:SS", or "HH:MM:SS" when `hours`.
    package static func format(_ time: Duration, hours: Bool) -> String {
        let seconds = Swift.max(Int(time.components.seconds), 0)
        let (hour, minute, second) = (seconds / 3600, (seconds % 3600) / 60, seconds % 60)
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        if hours { return "\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second))" }
        return "\(twoDigits(minute + hour * 60)):\(twoDigits(second))"
    }

    // MARK: State

    private func applyState() {
        func show(_ view: View?, _ component: Component) {
            view?.hidden = !(controlsShown && Self.shows(component, in: state))
        }
        show(playButton, .playButton)
        show(pauseButton, .pauseButton)
        show(spinner, .spinner)
        show(skipForwardButton, .skipButtons)
        show(skipBackwardButton, .skipButtons)
        show(footer, .footer)
        if state == .buffering {
            spinner?.start()
        } else {
            spinner?.stop()
        }
    }

    private func setControlsShown(_ shown: Bool) {
        controlsShown = shown
        applyState()
    }

    private func timeoutDidPass() {
        if state == .playing { setControlsShown(false) }
    }

    private func backgroundTapped() {
        guard state == .playing else { return }
        if controlsShown {
            setControlsShown(false)
            timeoutController?.pause()
        } else {
            setControlsShown(true)
            timeoutController?.resume()
        }
    }

    // MARK: Slider and label

    private var showsHours: Bool { duration >= .seconds(3600) }

    private func updateSlider() {
        guard let slider else { return }
        slider.minimum = 0
        slider.maximum = duration.seconds
        if !dragging { slider.value = currentTime.seconds }
    }

    private func updateLabel(at time: Duration? = nil) {
        let shown = time ?? currentTime
        progressLabel?.text = "\(Self.format(shown, hours: showsHours)) / \(Self.format(duration, hours: showsHours))"
    }

    private func dragBegan() {
        dragging = true
    }

    private func dragMoved() {
        guard dragging, let slider else { return }
        updateLabel(at: .seconds(slider.value))
    }

    private func dragEnded() {
        guard dragging, let slider else { return }
        dragging = false
        let target = Duration.seconds(slider.value)
        updateLabel(at: target)
        seek.send(target)
    }

    /// Connects the taps of `button`, if any, to `send`.
    private func connectTap(
        of button: Button?, _ send: @escaping (PlayerInterface) -> Void
    ) -> SceneConnection? {
        button?.tap.connect { [weak self] in
            guard let self else { return }
            send(self)
        }
    }

    // MARK: Registration

    /// Registers `PlayerInterface`: its component outlets, `duration` and
    /// `currentTime`, read-only `state`, `controlsShown` and `dragging`, and
    /// its request events.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "PlayerInterface", summary: "A custom player interface: components by state, progress, auto-hide.",
            make: { PlayerInterface() }
        ) { type in
            type.outlet(
                "container", get: { $0.container }, set: { $0.container = $1 }, required: true,
                doc: "The view holding the interface.")
            type.outlet(
                "backgroundTap", get: { $0.backgroundTap }, set: { $0.backgroundTap = $1 },
                doc: "A tap on the video: toggles the controls while playing.")
            type.outlet(
                "playButton", get: { $0.playButton }, set: { $0.playButton = $1 }, required: true,
                doc: "Asks for playback.")
            type.outlet(
                "pauseButton", get: { $0.pauseButton }, set: { $0.pauseButton = $1 }, required: true,
                doc: "Asks for a pause.")
            type.outlet(
                "skipForwardButton", get: { $0.skipForwardButton }, set: { $0.skipForwardButton = $1 },
                required: true, doc: "Asks for a skip of 10 s forward.")
            type.outlet(
                "skipBackwardButton", get: { $0.skipBackwardButton }, set: { $0.skipBackwardButton = $1 },
                required: true, doc: "Asks for a skip of 10 s backward.")
            type.outlet(
                "spinner", get: { $0.spinner }, set: { $0.spinner = $1 }, required: true, doc: "Turns while buffering.")
            type.outlet(
                "slider", get: { $0.slider }, set: { $0.slider = $1 }, required: true,
                doc: "The progress bar in seconds: drag or tap it to seek.")
            type.outlet(
                "progressLabel", get: { $0.progressLabel }, set: { $0.progressLabel = $1 }, required: true,
                doc: "\"current / duration\", MM:SS or HH:MM:SS.")
            type.outlet(
                "footer", get: { $0.footer }, set: { $0.footer = $1 }, required: true,
                doc: "The bar holding the slider and the label.")
            type.outlet(
                "timeoutController", get: { $0.timeoutController }, set: { $0.timeoutController = $1 },
                doc: "Hides the controls while playing; the controls are its providers.")
            type.property(
                "duration", \.duration, changeEvent: true,
                doc: "The length of the source: the slider's maximum and the label's format.")
            type.property(
                "currentTime", \.currentTime, changeEvent: true,
                doc: "The playback position; the slider and label ignore it while dragging.")
            type.readOnly("state", \.state, doc: "initialise, buffering, playing or paused.")
            type.readOnly("controlsShown", \.controlsShown, doc: "Whether the controls are up.")
            type.readOnly("dragging", \.dragging, doc: "Whether the slider is being dragged.")
            type.event("play", connect: { $0.play.connect($1) }, doc: "The play button was tapped.")
            type.event("pause", connect: { $0.pause.connect($1) }, doc: "The pause button was tapped.")
            type.event("skipForward", connect: { $0.skipForward.connect($1) }, doc: "Skip forward was tapped.")
            type.event("skipBackward", connect: { $0.skipBackward.connect($1) }, doc: "Skip backward was tapped.")
            type.event(
                "seek", connect: { $0.seek.connect($1) }, doc: "The time the slider was dragged or tapped to.")
        }
    }
}
