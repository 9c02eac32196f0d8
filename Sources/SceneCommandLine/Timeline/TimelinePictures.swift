import SceneCore
import SceneDrawing
import SceneOutput

/// The scene drawn for a timeline: a picture whenever the views may look
/// different, each distinct picture written once.
///
/// A picture is drawn when the run is about to move on after a change: after
/// a timer firing that changed something, before the next script step, note
/// or expectation, and at the end; never in the middle of an event chain.
/// A picture equal to an earlier one is written as a reference to it, so a
/// control blinking between two states costs two pictures however long it
/// blinks. The page holds at most ``maxPictures`` distinct pictures and
/// ``maxBytes`` of them; after either, it says from when pictures stopped.
final class TimelinePictures {
    /// The most distinct pictures one page holds.
    static let maxPictures = 2_000
    /// The most bytes of pictures one page holds.
    static let maxBytes = 32 << 20

    /// What to write into the page's data: `[time,"p",index]` for a
    /// picture seen before, `[time,"p",index,"svg"]` for a new one, and
    /// `[time,"P"]` when pictures stop.
    private let row: (_ time: Duration, _ kind: String, _ fields: [JSONValue]) -> Void
    private weak var scene: Scene?
    private var firings: SceneConnection?
    /// Whether something changed since the last picture.
    private var isDirty = true
    private var indexByPicture: [String: Int] = [:]
    private var bytes = 0
    private var lastIndex: Int?
    /// The last picture's layout: a fade redraws without laying out again.
    private let layout = LayoutCache()
    private var hasStopped = false

    init(row: @escaping (_ time: Duration, _ kind: String, _ fields: [JSONValue]) -> Void) {
        self.row = row
    }

    /// Starts watching `scene`: its pictures follow its timers.
    func watch(_ scene: Scene) {
        // A scene without views has nothing to show.
        guard scene.entries.contains(where: { $0.object is any DrawableView }) else { return }
        self.scene = scene
        firings = scene.scheduler.observeFirings { [weak self, weak scene] _ in
            guard let self, let scene else { return }
            self.drawIfChanged(at: scene.scheduler.now)
        }
    }

    /// Something changed: the next look draws.
    func didChange() { isDirty = true }

    /// Draws the scene at `time` if something changed since the last picture.
    func drawIfChanged(at time: Duration) {
        guard isDirty, !hasStopped, let scene else { return }
        isDirty = false
        var svg = ""
        ScenePicture.write(scene, layout: layout) { svg += $0 }
        if let index = indexByPicture[svg] {
            if index != lastIndex { row(time, "p", [.int(index)]) }
            lastIndex = index
            return
        }
        guard indexByPicture.count < Self.maxPictures, bytes + svg.utf8.count <= Self.maxBytes else {
            hasStopped = true
            row(time, "P", [])
            return
        }
        let index = indexByPicture.count
        indexByPicture[svg] = index
        bytes += svg.utf8.count
        lastIndex = index
        row(time, "p", [.int(index), .string(svg)])
    }

    /// Stops watching.
    func finish() {
        firings?.disconnect()
        firings = nil
        scene = nil
    }
}
