import Foundation
import TestSupport
import Testing

/// `scene-runner import` on real Interface Builder files: the 59
/// unmodified storyboards and xibs of `../shared/interface-builder` (or
/// `IB_FILES_DIR`), which are not in the repository, so the suite runs
/// only where they are (CI has them). The project's other import tests use
/// small files written for them.
@Suite struct InterfaceBuilderCorpusTests {
    /// The corpus's folder, when it is here.
    static let corpus: URL? = {
        let given = ProcessInfo.processInfo.environment["IB_FILES_DIR"]
        let url =
            given.map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/interface-builder")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    static func file(_ name: String) throws -> String {
        let url = try #require(corpus).appendingPathComponent(name)
        try #require(FileManager.default.fileExists(atPath: url.path), "\(url.path) is missing")
        return url.path
    }

    /// Every file imports without a crash; only macOS documents are
    /// refused; every written scene that checks clean is drawn by `render`.
    /// A written scene that `check` refuses (an outlet the app sets in
    /// code) is expected: import exits 2 for it, as `check` would.
    @Test(.enabled(if: corpus != nil, "needs ../shared/interface-builder or IB_FILES_DIR"))
    func everyFileImportsAndEveryValidSceneIsDrawn() throws {
        let folder = try #require(Self.corpus)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }.sorted()
        #expect(names.count >= 59, "\(names.count) files in \(folder.path)")
        var drawn = 0
        for name in names {
            let output = try temporaryFolder("import")
            let path = folder.appendingPathComponent(name).path
            let result = try runSceneRunner(["import", path, "-o", output.path("scenes")])
            #expect(
                result.status == 0 || result.status == 2, "\(name): import exited \(result.status)\n\(result.output)")
            if result.output.contains(": not imported\n") {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                #expect(text.contains("com.apple.InterfaceBuilder3.Cocoa."), "\(name): refused\n\(result.output)")
                continue
            }
            for line in result.output.split(separator: "\n") {
                guard let end = line.range(of: ".yaml: ok (") else { continue }
                let scene = String(line[..<end.lowerBound]) + ".yaml"
                let render = try runSceneRunner(["render", scene, "-o", output.path("picture.svg")])
                #expect(render.status == 0, "\(scene): render exited \(render.status)\n\(render.output)")
                drawn += 1
            }
        }
        #expect(drawn > 0)
    }

    /// The files whose every view laid out by constraints is solved where
    /// Interface Builder saved it, within 2 points (the seeds' AuthView
    /// and Main storyboards among them), by `scripts/ci/layout-oracle.py`.
    static let laidOutExactly = [
        "ilyapuchka+ViewControllerThinning+ViewControllerThinning+Base.lproj+Main@c59a559.storyboard",
        "ilyapuchka+ViewControllerThinning+ViewControllerThinning+Base.lproj+Main@fcd8fa7.storyboard",
        "ilyapuchka+ViewControllerThinning+ViewControllerThinning+Views+Auth+AuthView@50ff6cd.xib",
        "ilyapuchka+ViewControllerThinning+ViewControllerThinning+Views+Auth+AuthView@efa09d1.xib",
        "ilyapuchka+ViewControllerThinning+ViewControllerThinning+Views+Auth+AuthView@f3e4aa3.xib",
        "THEOplayer+samples-ios-sdk+Advertising-OptiView-Ads+OptiView-Ads+Base.lproj+LaunchScreen.storyboard",
        "THEOplayer+samples-ios-sdk+Google-Cast+Google_Cast+Base.lproj+LaunchScreen.storyboard",
        "tgebarowski+SwiftBehaviors+SwiftBehaviors+Examples+Base.lproj+LaunchScreen.xib",
    ]

    @Test(.enabled(if: corpus != nil, "needs ../shared/interface-builder or IB_FILES_DIR"))
    func theSavedFramesAreWhereTheConstraintsPutTheViews() throws {
        let folder = try #require(Self.corpus)
        let result = try runExecutable(
            URL(fileURLWithPath: "/usr/bin/env"),
            arguments: [
                "python3", packageRoot.appendingPathComponent("scripts/ci/layout-oracle.py").path, "--files",
                "--runner", try sceneRunnerURL().path, folder.path,
            ], timeout: .seconds(600))
        let output = result.output
        #expect(result.status == 0, "\(output)")
        for name in Self.laidOutExactly {
            let line = output.split(separator: "\n").first { $0.hasPrefix("  \(name): ") }
            let counts = line.map { $0.dropFirst(name.count + 4).split(separator: " ") }
            #expect(counts?.count == 3 && counts?.first == counts?.last, "\(name): \(line ?? "no line")")
        }
    }

    /// The seeds' own files, imported and included by scenes with scripts:
    /// the TimeoutController storyboard hides its controls 3 s after the
    /// last touch, keeps them up while the slider is held and brings them
    /// back on a tap; the AuthView xib (the newest version kept, saved by
    /// Xcode 7.3), given an authenticator with `set:`, shakes the empty
    /// user name field on login.
    @Test(.enabled(if: corpus != nil, "needs ../shared/interface-builder or IB_FILES_DIR"))
    func theSeedsFilesRunTheirScripts() throws {
        let folder = try temporaryFolder("seeds")
        let timeout = try Self.file("shaps80+TimeoutController+TimeoutController+Base.lproj+Main.storyboard")
        let auth = try Self.file(
            "ilyapuchka+ViewControllerThinning+ViewControllerThinning+Views+Auth+AuthView@705dc3a.xib")
        #expect(try runSceneRunner(["import", timeout, "-o", folder.path]).status == 0)
        // The form gets its authenticator in code: the written file alone is refused.
        #expect(try runSceneRunner(["import", auth, "-o", folder.path]).status == 2)
        let authScene = URL(fileURLWithPath: auth).deletingPathExtension().lastPathComponent + ".yaml"
        let timeoutScript = """
            scene: TimeoutController seed
            objects:
              player:
                include: ViewController.yaml
            script:
              - wait: 1s
              - tap: player.playPauseButton
              - wait: 2.8s
              - expect: { player.viewToHide.hidden: false }
              - wait: 0.5s
              - expect: { player.viewToHide.hidden: true }
              - tap: player.tapGesture
              - wait: 0.3s
              - expect: { player.viewToHide.hidden: false }
              - press: player.volumeSlider
              - wait: 5s
              - expect: { player.viewToHide.hidden: false }
              - release: player.volumeSlider
              - wait: 2.8s
              - expect: { player.viewToHide.hidden: false }
              - wait: 0.5s
              - expect: { player.viewToHide.hidden: true }
              - tap: player.tapGesture
              - wait: 0.3s
              - expect: { player.viewToHide.hidden: false }

            """
        let authScript = """
            scene: AuthView seed
            objects:
              auth: { type: CredentialAuthenticator }
              authView:
                include: "\(authScene)"
                set: { formBehaviour.authenticator: auth }
            script:
              - tap: authView.loginButton
              - expect: { authView.formBehaviour.failure: emptyUsername, authView.userNameInput.invalidInput: true }
              - expect: { authView.userNameInputShakeAnimation.playing: true, authView.passwordInputShakeAnimation.playing: false }
              - expect: { auth.requests: 0 }

            """
        for (name, text, count) in [("timeout-seed.yaml", timeoutScript, 7), ("auth-seed.yaml", authScript, 5)] {
            let result = try runSceneRunner(["run", try folder.write(text, to: name)])
            #expect(result.status == 0, "\(name)\n\(result.output)")
            #expect(result.output.contains(": \(count) expectations, \(count) passed, 0 failed,"), "\(result.output)")
        }
    }
}
