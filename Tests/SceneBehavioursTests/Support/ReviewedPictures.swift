import Foundation
import SceneBehaviours
import SceneCore
import SceneDrawing
import TestSupport
import Testing

/// Pictures of views compared whole with reviewed pictures in
/// `Tests/SceneBehavioursTests/Pictures`. A missing picture is written and
/// the test fails; with `SCENE_UPDATE_PICTURES=1` every picture is
/// rewritten (then convert them to PNG and look at them).
enum ReviewedPictures {
    /// The picture of `views` (ids and views, in order) on `canvas`.
    static func picture(_ views: [(String, View)], canvas: Size) -> String {
        let entries = views.map { id, view in
            Scene.Entry(id: id, type: type(of: view).sceneDescription(), object: view)
        }
        let scene = Scene(title: nil, summary: nil, entries: entries)
        for entry in entries { entry.object.awake(in: scene) }
        return ScenePicture.svg(of: scene, canvas: canvas)
    }

    /// Expects the picture of `views` on `canvas` to be `name`.svg, byte
    /// for byte, and to draw the same bytes twice.
    static func expect(
        _ name: String, _ views: [(String, View)], canvas: Size, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let svg = picture(views, canvas: canvas)
        #expect(
            svg == picture(views, canvas: canvas), "the same views drew different bytes", sourceLocation: sourceLocation
        )
        let file = packageRoot.appendingPathComponent("Tests/SceneBehavioursTests/Pictures/\(name).svg")
        let update = ProcessInfo.processInfo.environment["SCENE_UPDATE_PICTURES"] == "1"
        guard !update, let reference = try? String(contentsOf: file, encoding: .utf8) else {
            try svg.write(to: file, atomically: true, encoding: .utf8)
            if !update {
                Issue.record(
                    "no reviewed picture \(name).svg: it was written; look at it, then run again",
                    sourceLocation: sourceLocation)
            }
            return
        }
        #expect(svg == reference, "\(name).svg differs from the reviewed picture", sourceLocation: sourceLocation)
    }
}
