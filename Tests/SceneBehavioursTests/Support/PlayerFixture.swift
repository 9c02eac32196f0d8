import Behaviours
import SceneBehaviours
import SceneCore

/// The custom player of `Scenes/custom-player.yaml`, wired in Swift as the
/// loader would wire it, on one virtual clock: a 2-hour `player`, the
/// interface `ui` over `container` (inline in `videoArea`, fullscreen in
/// `window`), a 3 s `timeout` and the `controller`.
final class PlayerFixture {
    let scheduler = VirtualScheduler()
    let window = View()
    let videoArea = View()
    let container = View()
    let playButton = Button()
    let pauseButton = Button()
    let skipForwardButton = Button()
    let skipBackwardButton = Button()
    let spinner = ActivityIndicator()
    let footer = View()
    let slider = Slider()
    let progressLabel = Label()
    let backgroundTap = TapGesture()
    let timeout = TimeoutController(clock: nil)
    let player: Player
    let ui = PlayerInterface()
    let controller = PlayerController()
    let scene: Scene
    /// The player's events by name, with payloads.
    let log = Log()

    init(duration: Duration = .seconds(7200)) {
        player = Player(scheduler: scheduler, duration: duration)
        videoArea.parent = window
        container.parent = videoArea
        for view in [playButton, pauseButton, skipForwardButton, skipBackwardButton, spinner, footer] as [View] {
            view.parent = container
        }
        slider.parent = footer
        progressLabel.parent = footer
        backgroundTap.view = container
        timeout.timeout = .seconds(3)
        ui.container = container
        ui.backgroundTap = backgroundTap
        ui.playButton = playButton
        ui.pauseButton = pauseButton
        ui.skipForwardButton = skipForwardButton
        ui.skipBackwardButton = skipBackwardButton
        ui.spinner = spinner
        ui.slider = slider
        ui.progressLabel = progressLabel
        ui.footer = footer
        ui.timeoutController = timeout
        controller.player = player
        controller.interface = ui
        controller.inlineContainer = videoArea
        controller.window = window
        for event in Player.sceneDescription().orderedEvents {
            event.connect(player) { [log] payload in
                log.append(payload.map { "\(event.name) \($0)" } ?? event.name)
            }
        }
        scene = Scene(
            title: "Custom player", summary: nil,
            entries: [
                Scene.Entry(id: "timeout", type: TimeoutController.sceneDescription(), object: timeout),
                Scene.Entry(id: "player", type: Player.sceneDescription(), object: player),
                Scene.Entry(id: "ui", type: PlayerInterface.sceneDescription(), object: ui),
                Scene.Entry(id: "controller", type: PlayerController.sceneDescription(), object: controller),
            ],
            scheduler: scheduler)
        for entry in scene.entries { entry.object.awake(in: scene) }
    }

    /// Loads the source and plays until data has arrived: playing at 0.
    func startPlaying() throws {
        player.load()
        playButton.tap()
        try wait(player.bufferingTime)
    }

    /// The components shown (`hidden: false`), by their table names.
    var shown: Set<String> {
        var result: Set<String> = []
        if !playButton.hidden { result.insert("play") }
        if !pauseButton.hidden { result.insert("pause") }
        if !spinner.hidden { result.insert("spinner") }
        if !skipForwardButton.hidden { result.insert("skipForward") }
        if !skipBackwardButton.hidden { result.insert("skipBackward") }
        if !footer.hidden { result.insert("footer") }
        return result
    }

    /// Advances the clock by `duration`.
    func wait(_ duration: Duration) throws {
        try scheduler.advance(by: duration)
    }
}
