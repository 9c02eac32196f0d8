import SceneLoader

/// Where a run keeps the reference pictures of its `snapshot:` steps, and
/// whether it compares with them or rewrites them.
///
///     var runner = SceneRunner(registry: .standard)
///     runner.snapshots = SnapshotPolicy(updatesReferences: true)   // accept the pictures as they are now
///
/// A step `snapshot: shaking` in `Scenes/login-form.yaml` compares the
/// scene's picture with `Scenes/Snapshots/login-form/shaking.svg`. The
/// comparison is on the drawing's text (SVG with the same bytes on every
/// machine), not on pixels, so it is exact everywhere.
package struct SnapshotPolicy: Sendable, Hashable {
    /// The folder the reference pictures are in.
    package enum Folder: Sendable, Hashable {
        /// `Snapshots/<file name without its extension>/` in the scene
        /// file's folder, the scene's name (``SceneSource/name``) read as
        /// its path.
        case besideScene
        /// `Snapshots/<file name without its extension>/` beside the file
        /// at this path, whatever the scene's name.
        case besideFile(String)
        /// This folder, whatever the scene: opened as it is named (a link
        /// to a folder is the program's choice), made when missing.
        case at(String)
    }

    /// The folder the references are in.
    package var folder: Folder
    /// Whether a picture that differs from its reference (or has none)
    /// becomes the reference and passes, instead of failing.
    package var updatesReferences: Bool
    /// A folder inside the scene's for the references of a run laid out on
    /// another canvas (`run --canvas "iPhone SE"` keeps them in
    /// `Snapshots/<scene>/iPhone-SE/`); `nil` for the scene's own canvas.
    package var canvasFolder: String?

    /// A policy: by default, references beside the scene, compared.
    package init(folder: Folder = .besideScene, updatesReferences: Bool = false) {
        self.folder = folder
        self.updatesReferences = updatesReferences
    }

    /// The folder of the references of the scene in `source`, as a path.
    package func folder(for source: SceneSource) -> String {
        switch location(for: source) {
        case .success(let folder): folder.path
        case .failure: ""
        }
    }

    /// The folder of the references of the scene in `source`, resolved
    /// once; or, when the file's name would take it out of its place
    /// (`...yaml` gives `..`, an empty name, an over-long one), why the
    /// scene cannot keep references.
    func location(for source: SceneSource) -> Result<SnapshotFolder, SnapshotFileFailure> {
        let file: String
        switch folder {
        case .at(let path): return .success(SnapshotFolder(base: path, components: canvasFolder.map { [$0] } ?? []))
        case .besideScene: file = source.name
        case .besideFile(let path): file = path
        }
        let slash = file.lastIndex(of: "/")
        let directory = slash.map { file[...$0].count == 1 ? "/" : String(file[..<$0]) } ?? "."
        var stem = slash.map { String(file[file.index(after: $0)...]) } ?? file
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        if let problem = SnapshotFolder.problem(with: stem) {
            return .failure(
                SnapshotFileFailure(
                    "the scene file '\(file)' gives its reference pictures the folder name \(problem), which would leave Snapshots/; rename the scene file"
                ))
        }
        guard let canvasFolder else {
            return .success(SnapshotFolder(base: directory, components: ["Snapshots", stem]))
        }
        if let problem = SnapshotFolder.problem(with: canvasFolder) {
            return .failure(SnapshotFileFailure("the canvas gives its reference pictures the folder name \(problem)"))
        }
        return .success(SnapshotFolder(base: directory, components: ["Snapshots", stem, canvasFolder]))
    }
}

/// What a `snapshot:` step found.
public enum SnapshotResult: Sendable, Hashable {
    /// The picture is the reference's, byte for byte.
    case matched(reference: String)
    /// The references are being updated: the picture, which differed from
    /// the reference or had none, was written as the new reference.
    case updated(reference: String)
    /// There was no reference: the picture was written as one, and the
    /// step fails until a person has looked at it and runs again.
    case recorded(reference: String)
    /// The picture differs from the reference: it was written beside it
    /// (`picture`), with a page that shows both side by side (`comparison`).
    case differs(reference: String, picture: String, comparison: String)
    /// The reference could not be read or a picture could not be written.
    case unavailable(reference: String, reason: String)

    /// Whether the step passed: the picture matched, or updated its reference.
    public var passed: Bool {
        switch self {
        case .matched, .updated: true
        case .recorded, .differs, .unavailable: false
        }
    }

    /// The reference picture's path.
    public var reference: String {
        switch self {
        case .matched(let reference), .updated(let reference), .recorded(let reference),
            .differs(let reference, _, _), .unavailable(let reference, _):
            reference
        }
    }

    /// The result's kind as the JSON transcript names it: `matched`,
    /// `updated`, `recorded`, `differs` or `unavailable`.
    package var kindName: String {
        switch self {
        case .matched: "matched"
        case .updated: "updated"
        case .recorded: "recorded"
        case .differs: "differs"
        case .unavailable: "unavailable"
        }
    }

    /// What the step found, for a person: `ok`, or what failed and what to do.
    public var explanation: String {
        switch self {
        case .matched: "the picture is the reference's"
        case .updated(let reference): "the picture is the new reference, \(reference)"
        case .recorded(let reference):
            "there was no reference picture; this one is now \(reference): look at it, then run again"
        case .differs(let reference, let picture, let comparison):
            "the picture differs from \(reference); the new one is \(picture), both side by side in \(comparison)"
                + "; to accept it, run with --update-snapshots (in tests, SCENE_UPDATE_SNAPSHOTS=1)"
        case .unavailable(_, let reason): reason
        }
    }
}
