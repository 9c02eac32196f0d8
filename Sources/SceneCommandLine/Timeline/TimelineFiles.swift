import SceneCore
import SceneLoader
import SceneRunning
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `run --timeline PATH` writes each scene's timeline, and what went
/// wrong writing them.
///
/// With one scene file on the command line, PATH is the page to write
/// (or, when it is an existing folder, the folder to write `NAME.html`
/// in). With several, PATH is a folder, created if missing, and each
/// scene's timeline is `PATH/NAME.html` after its file's name; two scenes
/// with one name, or a PATH that is a file or ends in `.html`, are usage
/// errors. A scene that does not load writes no timeline. A page that
/// cannot be written does not stop the runs: the transcripts are printed
/// and ``finish(status:)`` reports it. Each page is an ``OutputFile``: a
/// page that would overwrite a scene or a component being read is a usage
/// error, found before anything runs.
final class TimelineFiles: Sendable {
    /// Where each scene file's timeline goes; empty when no timeline was asked for.
    private let targets: [String: OutputFile]
    /// What could not be written, in the order it happened.
    private let failures = Mutex<[String]>([])
    /// The folder could not be made: no page is tried.
    private let isFolderMissing: Bool

    /// The plan for `path` (`nil`: no timelines), the scene files as the
    /// command line gave them and every file the run reads. Throws a usage
    /// failure for a PATH that cannot name what is asked.
    init(path: String?, files: [String], inputs: InputFiles) throws(CommandFailure) {
        guard let path else {
            targets = [:]
            isFolderMissing = false
            return
        }
        guard !path.isEmpty else { throw Self.usage("--timeline needs a file name") }
        let kind = Self.kind(of: path)
        let isFolder: Bool
        if files.count > 1 {
            if kind == .file {
                throw Self.usage(
                    "--timeline names a folder when several scenes run (each scene's timeline is FOLDER/NAME.html), and '\(path)' is a file; give a folder, or run one scene"
                )
            }
            let lowercased = path.lowercased()
            if kind == .missing, lowercased.hasSuffix(".html") || lowercased.hasSuffix(".htm") {
                throw Self.usage(
                    "--timeline names a folder when several scenes run (each scene's timeline is FOLDER/NAME.html), and '\(path)' looks like a file; give a folder, or run one scene"
                )
            }
            isFolder = true
        } else {
            isFolder = kind == .folder || path.hasSuffix("/")
        }
        guard isFolder else {
            let page = try OutputFile(path, option: "--timeline", inputs: inputs)
            targets = Dictionary(files.map { ($0, page) }, uniquingKeysWith: { first, _ in first })
            isFolderMissing = false
            return
        }
        var targets: [String: OutputFile] = [:]
        var fileFor: [String: String] = [:]
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        for file in files where targets[file] == nil {
            let target = (folder.isEmpty ? "/" : folder + "/") + Self.pageName(for: file)
            if let other = fileFor[target] {
                throw Self.usage(
                    "--timeline: '\(other)' and '\(file)' would both write '\(target)'; run them separately or rename one"
                )
            }
            fileFor[target] = file
            targets[file] = try OutputFile(target, option: "--timeline", inputs: inputs)
        }
        self.targets = targets
        var isFolderMissing = false
        if kind == .missing, mkdir(folder, 0o777) != 0, errno != EEXIST {
            failures.withLock {
                $0.append("could not make the timeline folder '\(folder)': \(String(cString: strerror(errno)))")
            }
            isFolderMissing = true
        }
        self.isFolderMissing = isFolderMissing
    }

    /// `NAME.html` for a scene file `dir/NAME.yaml`.
    static func pageName(for file: String) -> String {
        var name = file.split(separator: "/").last.map(String.init) ?? file
        for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name + ".html"
    }

    /// Where `file`'s timeline goes, or `nil` for none.
    func target(for file: String) -> OutputFile? { isFolderMissing ? nil : targets[file] }

    /// Writes `file`'s timeline page, when one was asked for, by observing
    /// `session` (loaded, not yet started).
    func observe(_ session: RunSession, of file: String) {
        guard let target = target(for: file) else { return }
        session.observe(
            TimelineListener(target, scene: session.scene) { [self] failure in
                failures.withLock { $0.append(failure) }
            })
    }

    /// Throws when a timeline could not be written: every reason, with
    /// ``ExitStatus/outputFailed`` (or `status` when it is the invalid
    /// scene status, which says more).
    func finish(status: Int32) throws(CommandFailure) {
        // Taken, so that a watched run says each failure once.
        let failures = failures.withLock {
            let taken = $0
            $0.removeAll()
            return taken
        }
        guard !failures.isEmpty else { return }
        throw CommandFailure(
            message: failures.joined(separator: "\nError: "),
            status: status == ExitStatus.invalidScene ? status : ExitStatus.outputFailed)
    }

    private static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, status: ExitStatus.usage)
    }

    private enum Kind { case missing, file, folder }

    private static func kind(of path: String) -> Kind {
        var information = stat()
        guard stat(path, &information) == 0 else { return .missing }
        return (information.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }
}
