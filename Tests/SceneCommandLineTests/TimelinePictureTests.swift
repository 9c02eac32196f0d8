import Foundation
import TestSupport
import Testing

@testable import SceneCommandLine

/// The scene drawn on the timeline: pictures when the views may look
/// different, each distinct one written once, and a bound on how many.
@Suite struct TimelinePictureTests {
    private func timeline(of scene: String) throws -> WrittenTimeline {
        let folder = try temporaryFolder()
        let path = folder.path("scene.yaml")
        try scene.write(toFile: path, atomically: true, encoding: .utf8)
        let page = folder.path("page.html")
        let result = run(["run", path, "--timeline", page])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        return try WrittenTimeline(contentsOf: page)
    }

    @Test func aFadeOutAndBackInDrawsEachPictureOnceAndRefersToItAgain() throws {
        let page = try timeline(
            of: """
                scene: Blink
                objects:
                  box: {type: View, backgroundColor: red, frame: {x: 0, y: 0, width: 10, height: 10}}
                script:
                  - set: { box.alpha: 0.5 }
                  - wait: 1s
                  - set: { box.alpha: 1 }
                  - wait: 1s
                  - set: { box.alpha: 0.5 }
                  - wait: 1s
                """)
        let pictures = page.rows("p")
        // Opaque at the start, half, opaque, half: two distinct pictures.
        #expect(pictures.map { $0[2] as? Int } == [0, 1, 0, 1])
        #expect(pictures.filter { $0.count == 4 }.count == 2)
        let first = try #require(pictures.first?[3] as? String)
        #expect(first.hasPrefix("<svg ") && first.contains(#"data-id="box""#))
        let half = try #require(pictures[1][3] as? String)
        #expect(half.contains(#"opacity="0.5""#))
        #expect(page.rows("P").isEmpty)
    }

    @Test func aSceneWithoutViewsHasNoPictures() throws {
        let page = try timeline(
            of: """
                scene: No views
                objects:
                  counter: {type: EventCounter}
                script:
                  - wait: 1s
                """)
        #expect(page.rows("p").isEmpty)
    }

    @Test func picturesStopAtTheBoundAndThePageSaysWhen() throws {
        // A shake of 60 s at 60 frames a second: more distinct offsets than
        // a page holds.
        let page = try timeline(
            of: """
                scene: Long shake
                objects:
                  box: {type: View, backgroundColor: red, frame: {x: 0, y: 0, width: 10, height: 10}}
                  shake: {type: ShakeAnimation, view: box, duration: 60s, maxOffset: 1000}
                script:
                  - call: shake.play
                  - wait: 61s
                """)
        let new = page.rows("p").filter { $0.count == 4 }
        #expect(new.count == TimelinePictures.maxPictures)
        let stop = try #require(page.rows("P").first)
        #expect((stop[0] as? Double ?? 0) > 0)
        #expect(page.rows("P").count == 1)
    }
}
