import SceneBehaviours
import SceneCore
import Testing

@testable import SceneLoader

/// A scene text with places marked `‸`: the text without the marks, and
/// each mark's line and column (1-based, in Unicode scalars).
struct MarkedText {
    let text: String
    let marks: [(line: Int, column: Int)]

    init(_ marked: String) {
        var text = ""
        var marks: [(line: Int, column: Int)] = []
        var (line, column) = (1, 1)
        for scalar in marked.unicodeScalars {
            if scalar == "‸" {
                marks.append((line, column))
                continue
            }
            text.unicodeScalars.append(scalar)
            if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
        }
        (self.text, self.marks) = (text, marks)
    }
}

extension SceneModel.Meaning {
    /// The reference this is, if it is one.
    var reference: SceneModel.Reference? {
        if case .reference(let reference) = self { reference } else { nil }
    }
}

/// The scene model on documents full of mistakes: what is at a position,
/// and which ids fit there.
@Suite struct SceneModelTests {
    static let scene = MarkedText(
        """
        objects:
          controls:
            type: View
          play:
            type: Button
            parent: ‸controls
            ‸titel: Play
            on: { tap: ‸controls.hide }
          ghost:
            type: ‸Ghost
          backgroundTap:
            type: TapGesture
          host:
            type: TimeoutControllerHost
            viewToHide: ‸nowhere
            tapGesture: ‸~
            timeoutController: timeout
          timeout:
            type: TimeoutController
            timeout: 3s
        script:
          - ‸tap: play
          - expect: { ‸controls.hidden: false }

        """)

    let model = SceneLoader(registry: .standard).model(of: SceneSource(name: "test.yaml", text: Self.scene.text))

    func element(_ mark: Int) throws -> SceneModel.Element {
        let (line, column) = Self.scene.marks[mark]
        return try #require(model.element(atLine: line, column: column))
    }

    @Test func everyObjectIsInTheModelWithItsTypeOrNone() {
        #expect(model.hasErrors)
        #expect(model.objectCount == 6)
        #expect(
            (0..<model.objectCount).map { model.object(at: $0).id } == [
                "controls", "play", "ghost", "backgroundTap", "host", "timeout",
            ])
        #expect(model.object(at: 1).type?.name == "Button")
        #expect(model.object(at: 2).type == nil)
        #expect(model.object(at: 4).span.start.line == 13)
    }

    @Test func anOutletTargetResolvesToItsObjectWithItsRange() throws {
        let found = try element(0)
        let reference = try #require(found.meaning.reference)
        #expect(reference.kind == .outletTarget(outlet: "parent"))
        #expect(reference.owner == 1)
        #expect(reference.written == "controls")
        #expect(reference.resolution == .object(0))
        #expect(found.file == "test.yaml")
        #expect(found.span.start.line == 6 && found.span.start.column == 13)
        #expect(found.span.end.column == 21)
    }

    @Test func aMisspeltKeyIsAnUnknownKeyOfItsObject() throws {
        #expect(try element(1).meaning == .unknownKey("titel", object: 1))
    }

    @Test func anActionTargetResolvesThroughItsEvent() throws {
        let reference = try #require(try element(2).meaning.reference)
        #expect(reference.kind == .actionTarget(event: "tap", action: "hide"))
        #expect(reference.resolution == .object(0))
    }

    @Test func anUnknownTypeIsTheTypeOfAnObjectWithoutOne() throws {
        #expect(try element(3).meaning == .type(object: 2))
    }

    @Test func aReferenceToNoObjectSaysSo() throws {
        let reference = try #require(try element(4).meaning.reference)
        #expect(reference.resolution == .noSuchID)
        #expect(model.references.contains(reference))
    }

    @Test func anEmptyOutletIsTheValueOfItsKey() throws {
        #expect(try element(5).meaning == .value(ofKey: "tapGesture", object: 4))
    }

    @Test func scriptStepsAndPathsNameTheirVerbAndObject() throws {
        #expect(try element(6).meaning == .scriptStep(verb: "tap"))
        #expect(try element(7).meaning == .scriptPath("controls.hidden", object: 0))
    }

    @Test func aParentTakesOnlyViews() {
        let (line, column) = Self.scene.marks[0]
        // Not the button itself, not the gesture, the controller or its host, nor the object of unknown type.
        #expect(model.candidates(atLine: line, column: column) == ["controls"])
    }

    @Test func anOutletTakesOnlyObjectsOfItsType() {
        let (line, column) = Self.scene.marks[5]
        #expect(model.candidates(atLine: line, column: column) == ["backgroundTap"])
    }

    @Test func anActionTargetTakesActionsThatTakeTheEventsPayload() {
        let (line, column) = Self.scene.marks[2]
        let candidates = model.candidates(atLine: line, column: column)
        #expect(candidates.contains("controls.hide"))
        #expect(candidates.contains("controls.show"))
        #expect(!candidates.contains { $0.hasPrefix("ghost.") })
    }

    @Test func nothingIsAtBlankSpaceOrPastTheEnd() {
        #expect(model.element(atLine: 1, column: 20) == nil)
        #expect(model.element(atLine: 400, column: 1) == nil)
        #expect(model.candidates(atLine: 400, column: 1).isEmpty)
    }

    @Test func aFileThatIsNoYAMLHasAModelWithItsDiagnostic() {
        let model = SceneLoader(registry: .standard).model(of: SceneSource(name: "bad.yaml", text: "objects: [1, 2\n"))
        #expect(model.hasErrors)
        #expect(model.diagnostics.map(\.code) == [.yamlSyntax])
        #expect(model.objectCount == 0)
        #expect(model.element(atLine: 1, column: 1) == nil)
    }
}

/// Positions in components: the file and range of what a component writes.
@Suite struct SceneModelComponentTests {
    static let component = MarkedText(
        """
        objects:
          box: { type: View }
          label: { type: Button, parent: ‸box, on: { tap: ‸box.hid } }

        """)
    static let scene = MarkedText(
        """
        objects:
          root: { type: View }
          left: { include: parts/row.yaml, parent: ‸root }

        """)

    @Test func aComponentsReferencesResolveInItsFile() throws {
        let folder = try SceneFolder(["scene.yaml": Self.scene.text, "parts/row.yaml": Self.component.text])
        let loader = SceneLoader(registry: .standard)
        let model = loader.model(of: try loader.source(contentsOf: folder.path + "/scene.yaml"))
        #expect(model.objectCount == 3)
        let box = model.object(at: 1)
        #expect(box.id == "left.box")
        #expect(box.file.hasSuffix("parts/row.yaml"))
        #expect(box.span.start.line == 2)

        let (line, column) = Self.component.marks[0]
        let parent = try #require(model.element(atLine: line, column: column, inFile: box.file))
        let reference = try #require(parent.meaning.reference)
        #expect(reference.resolution == .object(1))
        #expect(parent.file == box.file)
        #expect(parent.span.start.line == 3 && parent.span.start.column == 34)
        #expect(model.candidates(atLine: line, column: column, inFile: box.file) == ["box"])

        let (actionLine, actionColumn) = Self.component.marks[1]
        let action = try #require(model.element(atLine: actionLine, column: actionColumn, inFile: box.file))
        let misspelt = try #require(action.meaning.reference)
        #expect(misspelt.resolution == .noSuchAction(1))

        let (siteLine, siteColumn) = Self.scene.marks[0]
        let site = try #require(model.element(atLine: siteLine, column: siteColumn))
        let rootParent = try #require(site.meaning.reference)
        #expect(rootParent.resolution == .object(0))
        #expect(rootParent.kind == .outletTarget(outlet: "parent"))
    }
}
