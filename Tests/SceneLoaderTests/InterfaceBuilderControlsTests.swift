import Foundation
import SceneBehaviours
import SceneCore
import SceneLoader
import TestSupport
import Testing

/// The controls Interface Builder files use (Switch, Stepper, ProgressView,
/// ImageView) loaded from scene files with the standard registry, and the
/// scene file's folder their images are found in.
@Suite struct InterfaceBuilderControlsTests {
    static let scene = """
        objects:
          screen: {type: View}
          wifi: {type: Switch, parent: screen, isOn: true, on: {valueChanged: screen.hide}}
          copies: {type: Stepper, parent: screen, minimum: 1, maximum: 5, step: 2, value: 9}
          download: {type: ProgressView, parent: screen, progress: 0.25}
          logo: {type: ImageView, parent: screen, image: logo}
        """

    @Test func theirPropertiesAndWiringLoadFromAScene() throws {
        let scene = try loadScene(Self.scene, registry: .standard)
        let wifi = try #require(scene.object("wifi", as: Switch.self))
        let copies = try #require(scene.object("copies", as: Stepper.self))
        #expect(wifi.isOn)
        #expect(copies.value == 5)
        #expect(copies.step == 2)
        #expect(scene.value(of: "download", "progress") == .double(0.25))
        #expect(scene.value(of: "logo", "image") == .string("logo"))
        #expect(copies.decrement() == .handled)
        #expect(copies.value == 3)
        #expect(wifi.tap() == .handled)
        #expect(scene.value(of: "screen", "hidden") == .bool(true))
    }

    @Test func aProgressOutsideZeroToOneAndANegativeStepAreRefused() {
        let loader = SceneLoader(registry: .standard)
        let diagnostics = loader.check(
            SceneSource(
                name: "bad.yaml",
                text: "objects:\n  bar: {type: ProgressView, progress: 1.5}\n  stepper: {type: Stepper, step: -1}\n"))
        #expect(diagnostics.map(\.position.line) == [2, 3])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func aSceneReadFromAFileFindsItsImagesInItsFolder() throws {
        let temporary = try temporaryFolder("scene")
        let folder = temporary.url
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 16, 0, 0, 0, 8]
        try Data(png).write(to: folder.appendingPathComponent("logo.png"))
        let path = folder.appendingPathComponent("screen.yaml").path
        try Self.scene.write(toFile: path, atomically: true, encoding: .utf8)
        let scene = try SceneLoader(registry: .standard).load(contentsOf: path)
        #expect(scene.sourceDirectory == folder.path)
        let logo = try #require(scene.object("logo", as: ImageView.self))
        #expect(logo.imageLookup == .file(name: "logo.png", format: .png, bytes: png, size: Size(width: 16, height: 8)))
        #expect(logo.intrinsicSize == Size(width: 16, height: 8))
    }

    @Test(arguments: [
        ("Scenes/login.yaml", "Scenes"), ("login.yaml", "."), ("/login.yaml", "/"), ("/a/b/c.yaml", "/a/b"),
    ])
    func theFolderOfASceneIsWhatComesBeforeItsLastSlash(name: String, folder: String) throws {
        let scene = try SceneLoader(registry: .standard).load(SceneSource(name: name, text: "objects: {}\n"))
        #expect(scene.sourceDirectory == folder)
    }

    @Test(arguments: ["<stdin>", "<page>", ""])
    func aSceneNotReadFromAFileHasNoFolderAndDrawsPlaceholders(name: String) throws {
        let scene = try SceneLoader(registry: .standard).load(SceneSource(name: name, text: Self.scene))
        #expect(scene.sourceDirectory == nil)
        #expect(scene.object("logo", as: ImageView.self)?.imageLookup == .placeholder)
    }
}
