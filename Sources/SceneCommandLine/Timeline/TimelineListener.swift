import SceneCore
import SceneRunning

/// An observer of a run that writes its timeline to a file as an
/// ``OutputFile``: a regular file through a temporary file beside it
/// (`TARGET.PID.N.partial`, one per run, so that runs of one scene given
/// twice never share one), renamed to `TARGET` when the page is whole, so
/// a failed write leaves no half page.
final class TimelineListener: TranscriptListener {
    private let target: OutputFile
    private let fail: (String) -> Void
    private var file: PageFile?
    private var writer: TimelineWriter?
    /// The scene, to draw on the page (held until the page begins).
    private weak var scene: Scene?

    init(_ target: OutputFile, scene: Scene, fail: @escaping (String) -> Void) {
        self.target = target
        self.scene = scene
        self.fail = fail
    }

    func begin(_ header: Transcript.Header) {
        let file = PageFile(target)
        self.file = file
        let writer = TimelineWriter { file.write($0) }
        if let scene { writer.watch(scene) }
        self.writer = writer
        writer.begin(header)
    }

    func record(_ entry: Transcript.Entry) {
        writer?.record(entry)
    }

    func end(_ summary: Transcript.Summary) {
        writer?.end(summary)
        if let file, let failure = file.finish() { fail(failure) }
        writer = nil
        file = nil
    }

    /// A page being written: remembers the first failure and writes nothing
    /// after it.
    private final class PageFile {
        private let target: OutputFile
        private let opened: Result<OutputFileWriter, OutputFileFailure>

        init(_ target: OutputFile) {
            self.target = target
            opened = target.open(as: .markup)
        }

        func write(_ text: String) {
            if case .success(let writer) = opened { writer.write(text) }
        }

        /// Writes the rest and puts the page in place; why it could not be
        /// written, or `nil`.
        func finish() -> String? {
            let failure: String?
            switch opened {
            case .failure(let reason): failure = reason.reason
            case .success(let writer): failure = writer.finish()
            }
            return failure.map { "could not write the timeline '\(target.path)': \($0)" }
        }
    }
}
