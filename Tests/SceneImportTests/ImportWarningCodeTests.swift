import Foundation
import SceneBehaviours
import SceneCore
import SceneImport
import SceneLoader
import TestSupport
import Testing

/// The whole text of a warning of each code `import` gives, as `check`'s
/// renderer prints it at the Interface Builder file's line and column
/// (`DiagnosticLimitTests.codesTestedInSceneImportTests` names them), and
/// that docs/Import.md documents every code.
@Suite struct ImportWarningCodeTests {
    /// The warnings of `objects` (a storyboard scene's) with `code`, rendered.
    private func rendered(_ objects: String, code: DiagnosticCode) throws -> String {
        let source = SceneSource(name: "Main.storyboard", text: storyboard(objects))
        let file = try SceneImporter(registry: .standard).importFile(source.bytes, name: source.name)
        let warnings = (file.scenes.flatMap(\.warnings) + file.unwritten).filter { $0.code == code }
        return DiagnosticRenderer.render(warnings, in: source)
    }

    private static let frame = #"<rect key="frame" x="0" y="0" width="10" height="10"/>"#

    /// A storyboard scene's objects for each code, and the whole text of its warnings of that code.
    static let cases: [(code: DiagnosticCode, objects: String, text: String)] = [
        (
            .constraintsNotImported,
            #"<view key="view" id="V-1">\#(frame)<constraints><constraint firstAttribute="width" constant="10" id="k-1"/></constraints></view>"#,
            #"""
            Main.storyboard:6:94: warning: 1 Auto Layout constraint(s) are not carried over: they relate a view Interface Builder places by its frame, a view's own margins or a layout guide other than the safe area; those views keep the frames saved
                6 | …ey="frame" x="0" y="0" width="10" height="10"/><constraints><constraint firstAttribute="width" constant="10" id="k-1"/></constraints></view>
                  |                                                              ^

            """#
        ),
        (
            .segueNotImported,
            #"<view key="view" id="V-1">\#(frame)<connections><segue destination="X-Y-Z" kind="show" id="g-1"/></connections></view>"#,
            #"""
            Main.storyboard:6:94: warning: the show segue is not carried over; a scene is one screen
                6 | …ey="frame" x="0" y="0" width="10" height="10"/><connections><segue destination="X-Y-Z" kind="show" id="g-1"/></connections></view>
                  |                                                              ^
                  = help: each destination is imported as a scene file of its own

            """#
        ),
        (
            .connectionNotImported,
            #"<view key="view" id="V-1">\#(frame)<connections><outlet property="nothing" destination="V-1" id="o-1"/></connections></view>"#,
            #"""
            Main.storyboard:6:94: warning: View has no outlet 'nothing'; the outlet is not carried over
                6 | …ey="frame" x="0" y="0" width="10" height="10"/><connections><outlet property="nothing" destination="V-1" id="o-1"/></connections></view>
                  |                                                              ^
                  = help: map it to one of View's outlets with --map, or register a type with it

            """#
        ),
        (
            .classNotRegistered,
            #"<customObject id="C-1" customClass="App.Helper"/><view key="view" id="V-1">\#(frame)</view>"#,
            #"""
            Main.storyboard:6:1: warning: 'Helper' has no registered type; the object is left out
                6 | <customObject id="C-1" customClass="App.Helper"/><view key="view" id="V-1"><rect key="frame" x="0" y…
                  | ^
                  = help: register a type named 'Helper', or map it to one with --map (docs/Import.md)

            """#
        ),
        (
            .elementNotImported,
            #"<tableView key="view" id="T-1">\#(frame)<prototypes><tableViewCell id="c-1"/></prototypes></tableView>"#,
            #"""
            Main.storyboard:6:86: warning: the table's 1 prototype cell(s) are not carried over
                6 | …"T-1"><rect key="frame" x="0" y="0" width="10" height="10"/><prototypes><tableViewCell id="c-1"/></prototypes></tableView>
                  |                                                              ^
                  = help: a TableView shows a TableData's rows; give it one

            """#
        ),
        (
            .attributeNotImported,
            #"<view key="view" id="V-1">\#(frame)<userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="number" keyPath="layer.borderWidth"><real key="value" value="1"/></userDefinedRuntimeAttribute></userDefinedRuntimeAttributes></view>"#,
            #"""
            Main.storyboard:6:111: warning: the layer key path 'layer.borderWidth' is not carried over
                6 | …y="0" width="10" height="10"/><userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="number" keyPath="layer.borderWidth"><real key="value" value="1"/>…
                  |                                                              ^

            """#
        ),
        (
            .valueChanged,
            #"<view key="view" id="V-1"><rect key="frame" x="0" y="0" width="10"/></view>"#,
            #"""
            Main.storyboard:6:27: warning: the frame's 'height' is missing; 0 is used
                6 | <view key="view" id="V-1"><rect key="frame" x="0" y="0" width="10"/></view>
                  |                           ^

            """#
        ),
        (
            .objectAdded, #"<tableView key="view" id="T-1">\#(frame)</tableView>"#,
            #"""
            Main.storyboard:6:1: warning: 1 empty TableData(s) added for the required outlet 'data' of TableView; the app fills it in code
                6 | <tableView key="view" id="T-1"><rect key="frame" x="0" y="0" width="10" height="10"/></tableView>
                  | ^

            """#
        ),
        (
            .canvasUnknown,
            #"<view key="view" id="V-1"><rect key="frame" x="0" y="0" width="0" height="0"/></view>"#,
            #"""
            Main.storyboard:6:27: warning: the root view's frame gives no canvas (a width and height from 1 to 100000); the scene has no canvas
                6 | <view key="view" id="V-1"><rect key="frame" x="0" y="0" width="0" height="0"/></view>
                  |                           ^
                  = help: a scene that includes this one can give itself a canvas: {width, height}

            """#
        ),
    ]

    @Test func everyImportCodeHasACase() {
        #expect(Self.cases.map(\.code) == DiagnosticCode.importWarnings)
    }

    @Test(arguments: cases.indices) func theWholeTextOfAWarningOfEachCode(_ index: Int) throws {
        let (code, objects, text) = Self.cases[index]
        let found = try rendered(objects, code: code)
        #expect(found == text, "\(code)")
    }

    /// Each code is a row of docs/Import.md's table (import's) or
    /// docs/SceneFormat.md's (check's): the codes `--allow` takes.
    @Test func everyWarningCodeIsDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        let importDoc = try String(contentsOf: root.appendingPathComponent("docs/Import.md"), encoding: .utf8)
        let formatDoc = try String(contentsOf: root.appendingPathComponent("docs/SceneFormat.md"), encoding: .utf8)
        for code in DiagnosticCode.importWarnings {
            #expect(importDoc.contains("\n| `\(code.rawValue)` | "), "\(code) is not in docs/Import.md")
        }
        for code in DiagnosticCode.sceneWarnings {
            #expect(formatDoc.contains("\n| `\(code.rawValue)` | "), "\(code) is not in docs/SceneFormat.md")
        }
    }
}
