import SceneBehaviours
import SceneCore
import SceneImport
import SceneLoader
import Testing

/// The whole text of each diagnostic code `import` reports, as `check`'s
/// renderer prints it at the Interface Builder file's line and column
/// (`DiagnosticLimitTests.codesTestedInSceneImportTests` names them).
@Suite struct ImportDiagnosticTextTests {
    private func rendered(_ xml: String) -> String {
        let source = SceneSource(name: "Main.storyboard", text: xml)
        do {
            let scenes = try SceneImporter(registry: .standard).importFile(source.bytes, name: source.name)
            return DiagnosticRenderer.render(scenes.scenes.flatMap(\.warnings) + scenes.unwritten, in: source)
        } catch {
            return DiagnosticRenderer.render(error, in: source)
        }
    }

    @Test func xmlSyntax() {
        #expect(
            rendered("<document>\n  <objects>\n</document>\n")
                == """
                Main.storyboard:3:1: error: malformed XML: the end tag </document> does not match the start tag <objects> at 2:3
                    3 | </document>
                      | ^
                      = help: each element ends with the end tag of its own name, inner ones first

                """)
    }

    @Test func unsupportedDocument() {
        #expect(
            rendered(
                "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"3.0\"/>\n")
                    == """
                    Main.storyboard:2:1: error: this is a macOS (Cocoa) document; only iOS storyboards and xibs are imported
                        2 | <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0"/>
                          | ^
                          = help: the standard types model UIKit's controls, not AppKit's

                    """)
    }

    @Test func classNotRegistered() {
        let xml = storyboard(
            """
                        <customObject id="C-1" customClass="App.Helper"/>
                        <view key="view" id="V-1"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
            """)
        #expect(
            rendered(xml)
                == """
                Main.storyboard:6:13: warning: 'Helper' has no registered type; the object is left out
                    6 |             <customObject id="C-1" customClass="App.Helper"/>
                      |             ^
                      = help: register a type named 'Helper', or map it to one with --map (docs/Import.md)

                """)
    }
}
