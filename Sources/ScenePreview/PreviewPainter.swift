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
final class PreviewPainter: TranscriptListener {
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
    /// The scene time the pages were last told (with a picture, or alone
    /// when the picture did not change): the header's time is the
    /// transcript's.
    private var lastTimeSent: Duration?
    /// The object the inspector shows, and what it was last sent: sent
    /// again whenever one of its properties changes.
    private var inspected: String?
    private var lastInspection: String?
    /// Set when the scene has a script that is not run (no
    /// `--with-script`): the page says so.
    var ignoresScript = false

    /// A new session (a reload): its first picture is sent whatever it is.
    func restart() {
        lastPicture = nil
        lastSceneTime = nil
        lastTimeSent = nil
        lastInspection = nil
        isDirty = true
        describedObjects = false
        ignoresScript = false
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
        let note =
            ignoresScript
            ? "The scene's own script is not run: start the preview with --with-script to run it." : nil
        hub.publish(
            objects: JSONValue.fields([
                ("kind", .string("objects")), ("objects", .array(objects)), ("note", note.map(JSONValue.string)),
            ]).compact)
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
        if answers || picture != lastPicture {
            lastPicture = picture
            lastSent = now
            hub.publish(frame: picture, time: sceneTime)
        } else if sceneTime != lastTimeSent {
            // The same picture at a later time: the header still moves on
            // with the transcript.
            hub.publish(
                json: JSONValue.fields([("kind", .string("time")), ("time", .string(sceneTime.sceneText))]).compact)
        }
        lastTimeSent = sceneTime
        if let inspected { sendInspection(of: inspected, in: live.scene) }
    }

    // MARK: Observing the run

    func begin(_ header: Transcript.Header) { isDirty = true }

    func record(_ entry: Transcript.Entry) { isDirty = true }

    func end(_ summary: Transcript.Summary) { isDirty = true }

    // MARK: The inspector

    /// Sends the pages the properties of `id` (or a notice when there is
    /// no such object), and again after each change that alters them.
    func inspect(_ id: String, in scene: Scene) {
        guard scene.entry(id) != nil else {
            hub.publish("notice", "there is no object '\(id)' to inspect")
            return
        }
        inspected = id
        lastInspection = nil
        sendInspection(of: id, in: scene)
    }

    /// Sends the properties of `id` when they differ from those last sent.
    private func sendInspection(of id: String, in scene: Scene) {
        guard let entry = scene.entry(id) else {
            inspected = nil
            return
        }
        let properties = entry.type.properties.map { property -> JSONValue in
            let value = scene.value(of: id, property.name).map { $0.description } ?? "?"
            return .array([.string(property.name), .string(value)])
        }
        let message = JSONValue.fields([
            ("kind", .string("inspect")), ("id", .string(id)), ("type", .string(entry.type.name)),
            ("properties", .array(properties)),
        ]).compact
        guard message != lastInspection else { return }
        lastInspection = message
        hub.publish(json: message)
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
