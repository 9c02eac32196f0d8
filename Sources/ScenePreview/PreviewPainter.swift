import SceneCommandLine
import SceneCore
import SceneDrawing
import SceneLoader
import SceneOutput
import SceneRunning

/// What the session does on each turn of its loop for the page: draws the
/// scene when it changed (at most at the frame rate, at once when a message
/// from the page waits for its answer), and answers the inspector. It
/// observes the run: an entry of the transcript means something may look
/// different.
final class PreviewPainter: TranscriptSink {
    private let hub: PreviewHub
    private let clock: LiveClock
    /// The shortest time between two pictures a change alone sends.
    let frameInterval: Duration
    private var lastSent: Duration?
    private var lastPicture: String?
    private var lastSceneTime: Duration?
    /// Set when the transcript grew: something may look different.
    var isDirty = true
    /// The last picture's layout: a fade or a shake at the frame rate is
    /// drawn without laying the views out again.
    private let layout = LayoutCache()

    init(hub: PreviewHub, framesPerSecond: Int, clock: LiveClock) {
        self.hub = hub
        self.clock = clock
        frameInterval = .nanoseconds(1_000_000_000 / max(1, framesPerSecond))
    }

    /// Whether the pages were told of this session's objects.
    private var describedObjects = false

    /// A new session (a reload): its first picture is sent whatever it is.
    func restart() {
        lastPicture = nil
        lastSceneTime = nil
        isDirty = true
        describedObjects = false
    }

    /// Tells the pages each object's id, type, inputs (with whether they
    /// take an argument) and the view it is attached to (a gesture's
    /// `view`, a page controller's `table`): what the page needs to turn
    /// clicks and drags into steps.
    private func describeObjects(of scene: Scene) {
        describedObjects = true
        let objects = scene.entries.map { entry -> JSONValue in
            var attached: String?
            if !(entry.object is any DrawableView) {
                for outlet in ["view", "table"] {
                    if case .object(let view)? = scene.value(of: entry.id, outlet) {
                        attached = view
                        break
                    }
                }
            }
            return JSONValue.fields([
                ("id", .string(entry.id)), ("type", .string(entry.type.name)),
                (
                    "inputs",
                    .array(
                        entry.type.orderedInputs.map { input in
                            .array([.string(input.name), .bool(input.argument != nil)])
                        })
                ),
                ("view", attached.map(JSONValue.string)),
                ("isView", .bool(entry.object is any DrawableView)),
            ])
        }
        hub.publish(objects: JSONValue.fields([("kind", .string("objects")), ("objects", .array(objects))]).compact)
    }

    /// Sends the picture of `live`'s scene if it is due.
    func tick(_ live: LiveRun) {
        if !describedObjects { describeObjects(of: live.scene) }
        hub.catchUpSlowPages()
        let answers = hub.hasAnswersDue
        let now = clock.now
        let sceneTime = live.scene.scheduler.now
        let changed = isDirty || sceneTime != lastSceneTime
        let due = lastSent.map { now - $0 >= frameInterval } ?? true
        guard answers || (changed && due) else { return }
        isDirty = false
        lastSceneTime = sceneTime
        let picture = ScenePicture.svg(of: live.scene, layout: layout)
        guard answers || picture != lastPicture else { return }
        lastPicture = picture
        lastSent = now
        hub.publish(frame: picture, time: sceneTime)
    }

    // MARK: Observing the run

    func begin(_ header: Transcript.Header) { isDirty = true }

    func record(_ entry: Transcript.Entry) { isDirty = true }

    func end(_ summary: Transcript.Summary) { isDirty = true }

    // MARK: The inspector

    /// Sends the pages the properties of `id` (or a notice when there is
    /// no such object).
    func inspect(_ id: String, in scene: Scene) {
        guard let entry = scene.entry(id) else {
            hub.publish("notice", "there is no object '\(id)' to inspect")
            return
        }
        let properties = entry.type.properties.map { property -> JSONValue in
            let value = scene.value(of: id, property.name).map { $0.description } ?? "?"
            return .array([.string(property.name), .string(value)])
        }
        hub.publish(
            json: JSONValue.fields([
                ("kind", .string("inspect")), ("id", .string(id)), ("type", .string(entry.type.name)),
                ("properties", .array(properties)),
            ]).compact)
    }
}

/// The transcript as the session writes it: to standard output, and to
/// every page.
final class PreviewOutput: TextSink {
    private let output: any TextSink
    private let hub: PreviewHub

    init(output: any TextSink, hub: PreviewHub) {
        self.output = output
        self.hub = hub
    }

    func write(_ text: String) {
        output.write(text)
        hub.publish(transcript: text)
    }

    var hasFailed: Bool { output.hasFailed }

    func flush() { output.flush() }
}
