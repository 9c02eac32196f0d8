import Foundation
import TestSupport

/// A scene file with two snapshot steps (lines 6 and 9), written into a
/// fresh folder; its references go to `Snapshots/shake/` beside it.
struct SnapshotScene {
    /// The folder, removed when the last copy of this value goes.
    private let temporary: TemporaryFolder
    var folder: String { temporary.path }
    var path: String { folder + "/shake.yaml" }
    var references: String { folder + "/Snapshots/shake" }
    static let stillLine = 6
    static let shakingLine = 9

    init() throws {
        temporary = try temporaryFolder("scene-testing")
    }

    /// Writes the scene with `placeholder` in its field.
    func write(placeholder: String) throws {
        try """
        scene: Shake
        objects:
          field: {type: TextField, placeholder: \(placeholder)}
          shake: {type: ShakeAnimation, view: field}
        script:
          - snapshot: still
          - call: shake.play
          - wait: 0.1s
          - snapshot: shaking
        """.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: references + "/" + name) }

    func contents(_ name: String) -> String {
        (try? String(contentsOfFile: references + "/" + name, encoding: .utf8)) ?? ""
    }
}
