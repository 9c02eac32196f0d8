import Behaviours
import SceneBehaviours
import SceneCore

/// The video player controls of the scene format's example, wired in Swift
/// as the loader would wire them, on one virtual clock:
/// `controls` holds `playPause` and `volume`; `timeout` observes both;
/// `host` hides `controls` on `timedOut` and toggles it on `backgroundTap`.
final class AutoHideFixture {
    let scheduler = VirtualScheduler()
    let controls = View()
    let playPause = Button()
    let volume = Slider()
    let backgroundTap = TapGesture()
    let timeout = TimeoutController(clock: nil)
    let host = TimeoutControllerHost()
    let scene: Scene
    /// `timedOut` with its virtual time, and every fade end.
    let log = Log()

    /// Builds and awakes the scene: properties, then outlets, then `awake`
    /// dependencies first (the controller before the host).
    init(
        timeout seconds: Duration = .seconds(3), animationDuration: Duration = .zero, autoStart: Bool = true,
        autoHide: Bool = true, tapIsAlsoAProvider: Bool = false
    ) {
        playPause.title = "Play"
        volume.value = 0.5
        timeout.timeout = seconds
        host.animationDuration = animationDuration
        host.autoStart = autoStart
        host.autoHide = autoHide

        playPause.parent = controls
        volume.parent = controls
        let providers: [any InteractionProvider] =
            tapIsAlsoAProvider ? [playPause, volume, backgroundTap] : [playPause, volume]
        timeout.providers = providers
        host.viewToHide = controls
        host.tapGesture = backgroundTap
        host.timeoutController = timeout
        timeout.timedOut.connect { [log, scheduler] in log.append("timedOut@\(scheduler.now.sceneText)") }

        scene = Scene(
            title: "Video player controls", summary: nil,
            entries: [
                Scene.Entry(id: "controls", type: View.sceneDescription(), object: controls),
                Scene.Entry(id: "playPause", type: Button.sceneDescription(), object: playPause),
                Scene.Entry(id: "volume", type: Slider.sceneDescription(), object: volume),
                Scene.Entry(id: "backgroundTap", type: TapGesture.sceneDescription(), object: backgroundTap),
                Scene.Entry(id: "timeout", type: TimeoutController.sceneDescription(), object: timeout),
                Scene.Entry(id: "host", type: TimeoutControllerHost.sceneDescription(), object: host),
            ],
            scheduler: scheduler)
        for entry in scene.entries { entry.object.awake(in: scene) }
    }

    /// Advances the clock to `seconds` after the start.
    func at(_ time: Duration) throws {
        try scheduler.advance(to: time)
    }

    /// Advances the clock by `duration`.
    func wait(_ duration: Duration) throws {
        try scheduler.advance(by: duration)
    }
}
