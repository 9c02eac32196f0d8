import SceneCore
import SceneDrawing
import SceneOutput

/// What `render --format json` writes: at each time, one JSON Lines record
/// per view, in declaration order, with its frame in canvas points.
///
///     {"type":"view","id":"play","at":"1.5s","frame":{"x":0,"y":0,"width":120,"height":44},"hidden":false}
///
/// A view the layout places nowhere has `"frame":null`; a hidden one (or
/// one inside a hidden view) is laid out and has `"hidden":true`.
final class FrameLines {
    private let plan: OutputFile?
    private let context: CommandContext
    private var file: OutputFileWriter?

    /// Records written to `plan`'s file, or to standard output when it is `nil`.
    init(plan: OutputFile?, context: CommandContext) {
        self.plan = plan
        self.context = context
    }

    /// Opens the file; why it cannot be written, or `nil`.
    func opened() -> CommandFailure? {
        guard let plan else {
            context.printing(.json)
            return nil
        }
        switch plan.open(as: .json) {
        case .failure(let failure):
            return CommandFailure(
                message: "cannot write the frames to '\(plan.path)': \(failure.reason)",
                status: ExitStatus.outputFailed)
        case .success(let writer):
            file = writer
            return nil
        }
    }

    /// The records of `scene`'s views as they are now.
    func write(_ scene: Scene, layout: LayoutCache) {
        let at = JSONValue.string(scene.scheduler.now.sceneText)
        for view in ScenePicture.viewFrames(of: scene, layout: layout) {
            let frame: JSONValue =
                view.frame.map { frame in
                    .fields([
                        ("x", .number(frame.x)), ("y", .number(frame.y)), ("width", .number(frame.width)),
                        ("height", .number(frame.height)),
                    ])
                } ?? .null
            let record = JSONValue.fields([
                ("type", .string("view")), ("id", .string(view.id)), ("at", at), ("frame", frame),
                ("hidden", .bool(view.isHidden)),
            ])
            let line = record.compact + "\n"
            if let file { file.write(line) } else { context.output.write(line) }
        }
    }

    /// Closes the file; the failure to write it, or `nil`.
    func finish() -> CommandFailure? {
        guard let file, let plan else { return nil }
        guard let problem = file.finish() else { return nil }
        return CommandFailure(
            message: "could not write the frames to '\(plan.path)': \(problem)", status: ExitStatus.outputFailed)
    }
}
