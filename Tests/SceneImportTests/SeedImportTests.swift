import Foundation
import SceneBehaviours
import SceneCore
import SceneImport
import SceneLoader
import SceneRunning
import TestSupport
import Testing

/// The fixture `name` under Tests/SceneImportTests/Fixtures.
func fixture(_ name: String) throws -> [UInt8] {
    let url = packageRoot.appendingPathComponent("Tests/SceneImportTests/Fixtures/\(name)")
    return try Array(Data(contentsOf: url))
}

/// Imports `bytes` (named `name`) with the standard types; its one scene.
func importOne(_ bytes: [UInt8], name: String = "Test.storyboard", map: ImportMap = ImportMap()) throws
    -> SceneImporter.ImportedScene
{
    let scenes = try SceneImporter(registry: .standard, map: map).importFile(bytes, name: name).scenes
    #expect(scenes.count == 1)
    return try #require(scenes.first)
}

/// Imports a storyboard of one scene whose `<objects>` hold `objects`.
func importObjects(_ objects: String, map: ImportMap = ImportMap()) throws -> SceneImporter.ImportedScene {
    try importOne(Array(storyboard(objects).utf8), map: map)
}

/// Imports a root view of 320 by 480 holding `subviews`, then `others` beside it.
func importViews(_ subviews: String, others: String = "", map: ImportMap = ImportMap()) throws
    -> SceneImporter.ImportedScene
{
    try importObjects(
        """
        <viewController id="V-C-1" sceneMemberID="viewController">
            <view key="view" id="R-O-T">
                <rect key="frame" x="0" y="0" width="320" height="480"/>
                <subviews>
        \(subviews)
                </subviews>
            </view>
        </viewController>
        \(others)
        """, map: map)
}

/// A storyboard of one scene whose `<objects>` hold `objects`.
func storyboard(_ objects: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
        <scenes>
            <scene sceneID="S00-aa-bbb">
                <objects>
    \(objects)
                </objects>
            </scene>
        </scenes>
    </document>
    """
}

/// Whether the written `scene` loads with the standard types.
func loads(_ scene: SceneImporter.ImportedScene) -> Bool {
    if case .success = SceneLoader(registry: .standard).validate(SceneSource(name: "x.yaml", text: scene.text)) {
        return true
    }
    return false
}

/// The messages of `scene`'s warnings.
func messages(_ scene: SceneImporter.ImportedScene) -> [String] { scene.warnings.map(\.message) }

/// Runs `text` with the standard types; its transcript, or `nil` (and an
/// issue with the diagnostics) when it does not load.
func runScene(_ text: String) -> Transcript? {
    switch SceneRunner(registry: .standard).run(SceneSource(name: "imported.yaml", text: text)) {
    case .ran(let transcript): return transcript
    case .invalid(let error):
        Issue.record("the scene does not load:\n\(error.rendered)")
        return nil
    }
}

/// The seeds' own patterns, in files written for these tests after the
/// seeds' originals: TimeoutController's storyboard and the AuthView xib.
@Suite struct SeedImportTests {
    @Test func theTimeoutStoryboardBecomesAWiredSceneThatChecks() throws {
        let scene = try importOne(
            try fixture("TimeoutControls.storyboard"), name: "Fixtures/TimeoutControls.storyboard")
        #expect(scene.name == "ViewController")
        let text = scene.text
        #expect(text.contains("canvas: {width: 736, height: 414}\n"))
        #expect(
            text.contains(
                "  view:  # RTV-aa-bbb\n    type: View\n    constraints:\n      - leading == canvas.leading\n      - trailing == canvas.trailing\n      - top == canvas.top\n      - bottom == canvas.bottom\n"
            ), "\(text)")
        #expect(text.contains("    backgroundColor: \"#000000\"\n"))
        #expect(text.contains("  viewToHide:  # CTL-aa-bbb\n    type: View\n    parent: view\n"))
        #expect(text.contains("    backgroundColor: \"#00000080\"\n    cornerRadius: 12\n"))
        #expect(text.contains("  playButton:  # PLY-aa-bbb\n    type: Button\n    parent: viewToHide\n"))
        #expect(text.contains("    frame: {x: 16, y: 8.667, width: 100, height: 33}\n    title: \"Play\"\n"))
        #expect(text.contains("    minimum: 0\n    maximum: 1\n    value: 0.5\n"))
        #expect(text.contains("  tapGesture:  # TG1-aa-bbb\n    type: TapGesture\n    view: view\n"))
        #expect(text.contains("  trackGesture:  # TG2-aa-bbb\n    type: TapGesture\n    view: view_TRK_aa_bbb\n"))
        #expect(
            text.contains(
                "    autoStart: true\n    animationDuration: 0.2s\n    tapGesture: tapGesture\n    timeoutController: timeoutController\n    viewToHide: viewToHide\n"
            ))
        #expect(text.contains("    timeout: 3s\n    providers: [playButton, slider_VOL_aa_bbb, trackGesture]\n"))
        let loaded = SceneLoader(registry: .standard).validate(SceneSource(name: "imported.yaml", text: text))
        if case .failure(let error) = loaded { Issue.record("\(error.rendered)") }
    }

    @Test func theImportedTimeoutSceneHidesItsControlsAndATapBringsThemBack() throws {
        let scene = try importOne(try fixture("TimeoutControls.storyboard"))
        let script = """
            script:
              - wait: 3.3s
              - expect: { viewToHide.hidden: true }
              - tap: tapGesture
              - wait: 0.3s
              - expect: { viewToHide.hidden: false }
              - press: slider_VOL_aa_bbb
              - wait: 10s
              - expect: { viewToHide.hidden: false }
              - release: slider_VOL_aa_bbb
              - wait: 3.3s
              - expect: { viewToHide.hidden: true }

            """
        let transcript = try #require(runScene(scene.text + script))
        #expect(transcript.succeeded, "\(TranscriptRenderer.text(transcript))")
    }

    @Test func theAuthViewXibWiresTheFormAndItsShakes() throws {
        let scene = try importOne(try fixture("AuthView.xib"), name: "Views/AuthView.xib")
        #expect(scene.name == "AuthView")
        let text = scene.text
        #expect(text.contains("  userNameInput:  # USR-aa-bbb\n    type: TextField\n"))
        #expect(
            text.contains(
                "    placeholder: \"Password\"\n    secure: true\n    shakeAnimation: passwordInputShakeAnimation\n"))
        #expect(text.contains("    backgroundColor: \"#676767\"\n"))
        #expect(text.contains("    title: \"LOG IN\"\n    on:\n      tap: formBehaviour.submit\n"))
        #expect(
            text.contains(
                "  userNameInputShakeAnimation:  # SK1-aa-bbb\n    type: ShakeAnimation\n    view: userNameInput\n"))
        #expect(
            text.contains(
                "  formBehaviour:  # FRM-aa-bbb\n    type: AuthFormBehaviour\n    password: passwordInput\n    username: userNameInput\n    fields: [userNameInput, passwordInput]\n"
            ))
        #expect(messages(scene).contains("the outlet 'formBehaviour' of File's Owner is not carried over"))
        #expect(
            messages(scene).contains("the action 'loginButtonTouchBegin:' sent to File's Owner is not carried over"))
        // The authenticator is made in code: the scene is written, and check says what it lacks.
        guard
            case .failure(let error) = SceneLoader(registry: .standard).validate(
                SceneSource(name: "a.yaml", text: text))
        else {
            Issue.record("an AuthFormBehaviour without an authenticator loaded")
            return
        }
        #expect(error.diagnostics.map(\.code) == [.missingOutlet])
    }

    @Test func theAuthViewCompletedWithAnAuthenticatorShakesTheEmptyUserName() throws {
        let scene = try importOne(try fixture("AuthView.xib"))
        // The form is the last object: its outlet, then a new object.
        let completed =
            scene.text + """
                    authenticator: auth
                  auth:
                    type: CredentialAuthenticator
                script:
                  - tap: logInButton
                  - expect: { formBehaviour.failure: emptyUsername, userNameInput.invalidInput: true }
                  - expect: { userNameInputShakeAnimation.playing: true, passwordInputShakeAnimation.playing: false }

                """
        let transcript = try #require(runScene(completed))
        #expect(transcript.succeeded, "\(TranscriptRenderer.text(transcript))")
    }

    @Test func theSameFileGivesTheSameBytes() throws {
        let bytes = try fixture("AuthView.xib")
        let first = try importOne(bytes).text
        let second = try importOne(bytes).text
        #expect(Array(first.utf8) == Array(second.utf8))
    }

    @Test func idsStayWhenAViewIsAddedElsewhere() throws {
        let bytes = try fixture("TimeoutControls.storyboard")
        let text = String(decoding: bytes, as: UTF8.self)
        let added = text.replacingOccurrences(
            of: "<subviews>\n                            <view contentMode=\"scaleToFill\" id=\"CTL-aa-bbb\"",
            with:
                "<subviews>\n<label text=\"New\" id=\"NEW-aa-bbb\"><rect key=\"frame\" x=\"1\" y=\"1\" width=\"50\" height=\"20\"/></label>\n                            <view contentMode=\"scaleToFill\" id=\"CTL-aa-bbb\""
        )
        #expect(added != text)
        let before = try importOne(bytes).text
        let after = try importOne(Array(added.utf8)).text
        let ids = { (text: String) in
            Set(text.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") })
        }
        #expect(ids(after).subtracting(ids(before)) == ["  newLabel:  # NEW-aa-bbb"])
        #expect(ids(before).isSubset(of: ids(after)))
    }
}
