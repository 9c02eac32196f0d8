import LanguageServerProtocol
import SceneCore
import SceneLanguageServer
import SceneLoader
import SceneOutput
import TestSupport
import Testing

/// The server's answers, asked in process with positions marked in the
/// documents' text.
@Suite struct LanguageServerTests {
    static let mistakes = """
        scene: Player controls, with mistakes
        objects:
          controls:
            type: View
            hidden: 1️⃣no
          play:
            type: 2️⃣Buton
            parent: controls
          backgroundTap:
            type: TapGesture
            view: controls
            on:
              recognised: controls.hid

        """

    static let player = """
        scene: Player
        canvas: 1️⃣iPhone SE
        objects:
          controls:
            type: View
          play:
            type: 2️⃣Button
            parent: 3️⃣controls
            title: Play
          backgroundTap:
            type: TapGesture
            view: controls
            on:
              recognized: 4️⃣controls.hide
        script:
          - tap: 5️⃣play
          - expect: { play.6️⃣title: Play }

        """

    // MARK: - Lifecycle

    @Test func requestsBeforeInitializeAreRefused() {
        let server = LanguageServer(loader: SceneLoader(registry: .standard))
        let answer = server.handle(.request(id: .number(1), method: "textDocument/hover", params: .null))
        #expect(answer.first?["error"]?["code"]?.intValue == -32002)
    }

    @Test func aSecondInitializeIsRefused() {
        let client = TestServer()
        guard case .failure(let error) = client.request("initialize", .fields([("capabilities", .fields([]))])) else {
            Issue.record("a second initialize was answered")
            return
        }
        #expect(error.code == .invalidRequest)
    }

    @Test func utf8IsChosenOnlyWhenOffered() {
        #expect(TestServer(offering: ["utf-8", "utf-16"]).encoding == .utf8)
        #expect(TestServer(offering: ["utf-32"]).encoding == .utf16)
        #expect(TestServer().encoding == .utf16)
    }

    @Test func unknownMethodsAreMethodNotFound() {
        let client = TestServer()
        guard case .failure(let error) = client.request("workspace/fly", .null) else {
            Issue.record("an unknown method was answered")
            return
        }
        #expect(error.code == .methodNotFound)
    }

    @Test func afterShutdownOnlyExitIsTaken() {
        let client = TestServer()
        _ = client.result("shutdown", .null)
        guard
            case .failure(let error) = client.request("textDocument/hover", TestServer.at(.init(line: 0, character: 0)))
        else {
            Issue.record("a request after shutdown was answered")
            return
        }
        #expect(error.code == .invalidRequest)
        #expect(!client.server.exitedCleanly)
        _ = client.server.handle(.notification(method: "exit", params: .null))
        #expect(client.server.exitedCleanly)
    }

    @Test func requestsForDocumentsNeverOpenedAreErrors() {
        let client = TestServer()
        guard
            case .failure(let error) = client.request(
                "textDocument/completion", TestServer.at(.init(line: 0, character: 0)))
        else {
            Issue.record("a document never opened was answered")
            return
        }
        #expect(error.code == .invalidParams)
        #expect(error.message.contains("not open"))
    }

    // MARK: - Diagnostics

    @Test func diagnosticsAreCheckSDiagnosticsWithCodesAndHints() {
        let marked = MarkedText(Self.mistakes)
        let client = TestServer()
        let diagnostics = client.open(marked.text)
        let model = SceneLoader(registry: .standard).model(
            of: SceneSource(name: "/virtual/scene.yaml", text: marked.text))
        #expect(diagnostics.compactMap { $0["code"]?.stringValue } == model.diagnostics.map(\.code.rawValue))
        #expect(diagnostics.first?["range"]?.start == marked["1️⃣"])
        #expect(diagnostics.first?["severity"]?.intValue == 1)
        #expect(
            diagnostics.first?["message"]?.stringValue?.contains("help: scene files take booleans literally") == true)
        #expect(diagnostics[1]["range"]?.start == marked["2️⃣"])
        #expect(
            diagnostics[1]["codeDescription"]?["href"]?.stringValue == "https://example.com/SceneFormat.md#diagnostics")
    }

    @Test func aFixedDocumentIsPublishedEmptyWithItsVersion() {
        let client = TestServer()
        client.open(MarkedText(Self.mistakes).text)
        client.change(MarkedText(Self.player).text, version: 7)
        let published = client.published()
        #expect(published.count == 1)
        #expect(published.first?["version"]?.intValue == 7)
        #expect(published.first?["diagnostics"]?.arrayValue?.isEmpty == true)
    }

    @Test func closingADocumentClearsItsDiagnostics() {
        let client = TestServer()
        client.open(MarkedText(Self.mistakes).text)
        let cleared = client.server.handle(
            .notification(
                method: "textDocument/didClose",
                params: .fields([("textDocument", .fields([("uri", .string("file:///virtual/scene.yaml"))]))])))
        #expect(cleared.first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)
        #expect(client.published().isEmpty)
    }

    @Test func changesAreCheckedOnceTheTypingPauses() {
        let client = TestServer()
        client.open("scene: A\nobjects:\n  a: {type: View}\n")
        for version in 2...20 { client.change("scene: A\nobjects:\n  a: {type: Vie\(version)}\n", version: version) }
        let published = client.published()
        // Nineteen changes, one check: of the last text.
        #expect(published.count == 1)
        #expect(published.first?["version"]?.intValue == 20)
    }

    @Test func columnsAreCountedInTheNegotiatedEncoding() {
        let text = "scene: \"😀漢\"\nobjects:\n  a: {type: 1️⃣Vew}\n  b😀: {type: View}\n"
        for encodings in [["utf-16"], ["utf-8"]] {
            let client = TestServer(offering: encodings)
            let marked = MarkedText(text, encoding: client.encoding)
            let diagnostics = client.open(marked.text)
            #expect(diagnostics.first?["range"]?.start == marked["1️⃣"])
            // The invalid id's range ends after the emoji: 2 units in UTF-16, 4 in UTF-8.
            let end = diagnostics.last?["range"]?["end"]?["character"]?.intValue
            #expect(end == (client.encoding == .utf8 ? 7 : 5))
        }
    }

    @Test func incrementalChangesEditTheText() {
        let client = TestServer()
        client.open("scene: A\nobjects:\n  a: {type: Vew}\n")
        _ = client.server.handle(
            .notification(
                method: "textDocument/didChange",
                params: .fields([
                    ("textDocument", .fields([("uri", .string("file:///virtual/scene.yaml")), ("version", .int(2))])),
                    (
                        "contentChanges",
                        .array([
                            .fields([
                                (
                                    "range",
                                    .fields([
                                        ("start", .fields([("line", .int(2)), ("character", .int(13))])),
                                        ("end", .fields([("line", .int(2)), ("character", .int(14))])),
                                    ])
                                ), ("text", .string("ie")),
                            ])
                        ])
                    ),
                ])))
        #expect(client.diagnostics().isEmpty)
    }

    // MARK: - Completion

    @Test func typeValuesCompleteToRegisteredTypes() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        let labels = client.completionLabels(at: marked["2️⃣"])
        #expect(labels.contains("Button"))
        #expect(labels.contains("TimeoutController"))
    }

    @Test func keysAreOnlyThoseOfTheObjectsType() {
        let text = "scene: A\nobjects:\n  volume:\n    type: Slider\n    va1️⃣\n"
        let marked = MarkedText(text)
        let client = TestServer()
        client.open(marked.text)
        let labels = client.completionLabels(at: marked["1️⃣"])
        #expect(labels.contains("value"))
        #expect(labels.contains("parent"))
        #expect(!labels.contains("title"))
        #expect(!labels.contains("type"))
    }

    @Test func aParentOffersViewsNotGestures() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        let labels = client.completionLabels(at: marked["3️⃣"])
        #expect(labels == ["controls"])
    }

    @Test func anEventOffersActionsThatTakeItsPayload() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        let labels = client.completionLabels(at: marked["4️⃣"])
        #expect(labels.contains("controls.hide"))
        #expect(labels.contains("play.hide"))
    }

    @Test func theCanvasOffersDevices() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        let labels = client.completionLabels(at: marked["1️⃣"])
        #expect(labels.contains("iPhone SE"))
        #expect(labels.contains("iPad landscape"))
    }

    @Test func scriptStepsOfferTheIdsThatTakeTheInput() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        // `tap:` takes the objects whose types have the input: views and tap gestures.
        let labels = client.completionLabels(at: marked["5️⃣"])
        #expect(labels == ["controls", "play", "backgroundTap"])
        // After `play.`, its members, read-only ones included in `expect:`.
        let paths = client.completionLabels(at: marked["6️⃣"])
        #expect(paths.contains("play.title"))
        #expect(paths.contains("play.highlighted"))
        #expect(!paths.contains("controls.hidden"))
    }

    @Test func aNewScriptStepOffersVerbsAndInputs() {
        let marked = MarkedText("scene: A\nobjects:\n  a: {type: Button}\nscript:\n  - 1️⃣\n")
        let client = TestServer()
        client.open(marked.text)
        let labels = client.completionLabels(at: marked["1️⃣"])
        #expect(labels.prefix(2) == ["wait", "at"])
        #expect(labels.contains("tap"))
    }

    @Test func enumValuesAndBooleansComplete() {
        let marked = MarkedText("scene: A\nobjects:\n  a:\n    type: Button\n    style: 1️⃣\n    hidden: 2️⃣\n")
        let client = TestServer()
        client.open(marked.text)
        #expect(client.completionLabels(at: marked["1️⃣"]) == ["plain", "gray", "tinted", "filled"])
        #expect(client.completionLabels(at: marked["2️⃣"]) == ["true", "false"])
    }

    @Test func anInstanceOffersItsComponentsParametersAndIds() throws {
        let folder = try temporaryFolder()
        _ = try folder.write(
            "params:\n  label: { type: String }\n  tint: { type: Color, default: blue }\nobjects:\n  panel: {type: View}\n  confirm: {type: Button, parent: panel, title: $label}\n",
            to: "confirm.yaml")
        let marked = MarkedText(
            "scene: A\nobjects:\n  left:\n    include: confirm.yaml\n    params:\n      1️⃣\n    set: { confirm.2️⃣ }\n    3️⃣\n  right:\n    include: 4️⃣\n  more:\n    include: parts/5️⃣\n"
        )
        _ = try folder.write("objects: {}\n", to: "parts/extra.yaml")
        let client = TestServer()
        let uri = "file://" + folder.path("scene.yaml")
        client.open(marked.text, uri: uri)
        #expect(client.completionLabels(at: marked["1️⃣"], uri: uri) == ["label", "tint"])
        let paths = client.completionLabels(at: marked["2️⃣"], uri: uri)
        #expect(paths.contains("confirm.title"))
        #expect(!paths.contains("confirm.highlighted"))
        #expect(client.completionLabels(at: marked["3️⃣"], uri: uri) == ["include", "params", "parent", "set"])
        // The component files beside the scene, then in the folder typed.
        #expect(client.completionLabels(at: marked["4️⃣"], uri: uri) == ["confirm.yaml", "parts/"])
        #expect(client.completionLabels(at: marked["5️⃣"], uri: uri) == ["parts/extra.yaml"])
    }

    @Test func invariantsOfferTheirKeysAndReadablePaths() {
        let marked = MarkedText(
            "scene: A\nobjects:\n  t: {type: TimeoutController, timeout: 3s}\ninvariants:\n  - name: x\n    when: { 1️⃣ }\n    expect: { t.2️⃣ }\n    3️⃣\n"
        )
        let client = TestServer()
        client.open(marked.text)
        #expect(client.completionLabels(at: marked["1️⃣"]) == ["t"])
        #expect(client.completionLabels(at: marked["2️⃣"]).contains("t.pending"))
        #expect(client.completionLabels(at: marked["3️⃣"]) == ["name", "when", "expect"])
    }

    // MARK: - Hover

    @Test func hoverExplainsMembersTypesAndIds() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        let type = client.result("textDocument/hover", TestServer.at(marked["2️⃣"]))["contents"]?["value"]?.stringValue
        #expect(type?.hasPrefix("**Button**") == true)
        #expect(type?.contains("Properties:") == true)
        let id = client.result("textDocument/hover", TestServer.at(marked["3️⃣"]))["contents"]?["value"]?.stringValue
        #expect(id?.hasPrefix("`controls`: **View**, declared at /virtual/scene.yaml:4") == true)
        let device = client.result("textDocument/hover", TestServer.at(marked["1️⃣"]))["contents"]?["value"]?.stringValue
        #expect(device == "**iPhone SE**: 375 × 667 points")
    }

    @Test func hoverGivesADurationsMeaning() {
        let marked = MarkedText("scene: A\nobjects:\n  t:\n    type: TimeoutController\n    timeout: 1️⃣1m30s\n")
        let client = TestServer()
        client.open(marked.text)
        let text = client.result("textDocument/hover", TestServer.at(marked["1️⃣"]))["contents"]?["value"]?.stringValue
        #expect(text?.contains("`1m30s` is 90.0 seconds") == true)
    }

    // MARK: - Navigation

    @Test func definitionOfAReferenceIsTheObjectsId() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        for marker in ["3️⃣", "4️⃣"] {
            let location = client.result("textDocument/definition", TestServer.at(marked[marker]))
            #expect(location["range"]?.start == LinePosition(line: 3, character: 2))
        }
        let step = client.result("textDocument/definition", TestServer.at(marked["5️⃣"]))
        #expect(step["range"]?.start == LinePosition(line: 5, character: 2))
    }

    @Test func referencesAreEveryPlaceTheIdIsWritten() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        let found = client.result("textDocument/references", TestServer.at(marked["5️⃣"]))
        let lines = found.arrayValue?.compactMap { $0["range"]?.start?.line }
        // `play:` itself, `tap: play`, `play.title`.
        #expect(lines == [5, 15, 16])
        let controls = client.result("textDocument/references", TestServer.at(marked["3️⃣"]))
        #expect(controls.arrayValue?.compactMap { $0["range"]?.start?.line } == [3, 7, 11, 13])
    }

    @Test func renameEditsEveryReference() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        let edit = client.result("textDocument/rename", TestServer.at(marked["3️⃣"], [("newName", .string("panel"))]))
        let edits = edit["changes"]?["file:///virtual/scene.yaml"]?.arrayValue ?? []
        var bytes = Array(marked.text.utf8)
        let index = LineIndex(bytes)
        // Applied from the last, so that earlier ranges stay put.
        let ranges = edits.compactMap { edit -> (Range<Int>, String)? in
            guard let start = edit["range"]?.start, let end = TestServer.position(edit["range"]?["end"]),
                let text = edit["newText"]?.stringValue
            else { return nil }
            return (index.offset(of: start, in: .utf16)..<index.offset(of: end, in: .utf16), text)
        }
        for (range, text) in ranges.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            bytes.replaceSubrange(range, with: Array(text.utf8))
        }
        let renamed = String(decoding: bytes, as: UTF8.self)
        #expect(!renamed.contains("controls"))
        #expect(renamed.contains("recognized: panel.hide"))
        client.change(renamed, version: 2)
        #expect(client.diagnostics().isEmpty)
    }

    @Test func renameToAnExistingOrInvalidIdIsRefused() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        for name in ["play", "2fast", "has space"] {
            guard
                case .failure(let error) = client.request(
                    "textDocument/rename", TestServer.at(marked["3️⃣"], [("newName", .string(name))]))
            else {
                Issue.record("rename to '\(name)' was carried out")
                continue
            }
            #expect(error.code == .requestFailed)
        }
    }

    @Test func theOutlineNestsViewsByParent() {
        let marked = MarkedText(Self.player)
        let client = TestServer()
        client.open(marked.text)
        let symbols = client.result(
            "textDocument/documentSymbol",
            .fields([("textDocument", .fields([("uri", .string("file:///virtual/scene.yaml"))]))]))
        let names = symbols.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["controls", "backgroundTap", "script"])
        let children = symbols.arrayValue?.first?["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(children == ["play"])
        #expect(symbols.arrayValue?.first?["detail"]?.stringValue == "View")
    }

    // MARK: - Quick fixes

    @Test func hintsBecomeQuickFixes() {
        let marked = MarkedText(Self.mistakes)
        let client = TestServer()
        let diagnostics = client.open(marked.text)
        let actions = client.result(
            "textDocument/codeAction",
            .fields([
                ("textDocument", .fields([("uri", .string("file:///virtual/scene.yaml"))])),
                ("range", diagnostics.first?["range"] ?? .null),
                ("context", .fields([("diagnostics", .array(diagnostics))])),
            ]))
        let replacements = actions.arrayValue?.compactMap {
            $0["edit"]?["changes"]?["file:///virtual/scene.yaml"]?.arrayValue?.first?["newText"]?.stringValue
        }
        #expect(replacements == ["false", "Button", "recognized", "hide"])
        #expect(actions.arrayValue?.first?["kind"]?.stringValue == "quickfix")
    }
}

extension TestServer {
    static func position(_ value: JSONValue?) -> LinePosition? {
        guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue else { return nil }
        return LinePosition(line: line, character: character)
    }
}

extension LanguageServerTests {
    @Test func aMissingOutletOffersTheObjectsThatFit() {
        let text =
            "scene: A\nobjects:\n  panel: {type: View}\n  timer: {type: TimeoutController, timeout: 3s}\n  host:\n    type: TimeoutControllerHost\n    viewToHide: panel\n"
        let client = TestServer()
        let diagnostics = client.open(text).filter { $0["code"]?.stringValue == "missing-outlet" }
        #expect(!diagnostics.isEmpty)
        let actions = client.result(
            "textDocument/codeAction",
            .fields([
                ("textDocument", .fields([("uri", .string("file:///virtual/scene.yaml"))])),
                ("range", diagnostics.first?["range"] ?? .null),
                ("context", .fields([("diagnostics", .array(Array(diagnostics.prefix(1))))])),
            ]))
        let titles = actions.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        #expect(titles == ["Connect 'timeoutController' to 'timer'"])
        let inserted = actions.arrayValue?.first?["edit"]?["changes"]?["file:///virtual/scene.yaml"]?.arrayValue?.first
        #expect(inserted?["range"]?.start == LinePosition(line: 5, character: 0))
        #expect(inserted?["newText"]?.stringValue == "    timeoutController: timer\n")
    }
}

extension LanguageServerTests {
    @Test func invariantsPathsAreReferencesAndAreRenamed() {
        let marked = MarkedText(
            "scene: A\nobjects:\n  1️⃣t: {type: TimeoutController, timeout: 3s}\nscript:\n  - expect: { t.pending: false }\ninvariants:\n  - name: x\n    when: { 2️⃣t.running: false }\n    expect: { t.pending: false }\n"
        )
        let client = TestServer()
        client.open(marked.text)
        let found = client.result("textDocument/references", TestServer.at(marked["1️⃣"]))
        #expect(found.arrayValue?.compactMap { $0["range"]?.start?.line } == [2, 4, 7, 8])
        let definition = client.result("textDocument/definition", TestServer.at(marked["2️⃣"]))
        #expect(definition["range"]?.start == LinePosition(line: 2, character: 2))
        let edit = client.result("textDocument/rename", TestServer.at(marked["2️⃣"], [("newName", .string("timer"))]))
        #expect(edit["changes"]?["file:///virtual/scene.yaml"]?.arrayValue?.count == 4)
    }
}

extension LanguageServerTests {
    @Test func renameInAComponentEditsTheSetKeysOfTheScenesThatIncludeIt() throws {
        let folder = try temporaryFolder()
        let componentText = MarkedText("objects:\n  panel: {type: View}\n  1️⃣confirm: {type: Button, parent: panel}\n")
        let component = try folder.write(componentText.text, to: "confirm.yaml")
        let sceneText = MarkedText(
            "scene: A\nobjects:\n  left:\n    include: confirm.yaml\n    set: { 2️⃣confirm.title: Go, panel.hidden: false }\n"
        )
        let scene = folder.path("scene.yaml")
        let client = TestServer()
        client.open(sceneText.text, uri: "file://" + scene)
        client.open(componentText.text, uri: "file://" + component)
        // From the scene, the set: key leads to the component's object.
        let definition = client.result("textDocument/definition", TestServer.at(sceneText["2️⃣"], uri: "file://" + scene))
        #expect(definition["uri"]?.stringValue == "file://" + component)
        #expect(definition["range"]?.start == LinePosition(line: 2, character: 2))
        let edit = client.result(
            "textDocument/rename",
            TestServer.at(componentText["1️⃣"], uri: "file://" + component, [("newName", .string("ok"))]))
        #expect(edit["changes"]?["file://" + component]?.arrayValue?.count == 1)
        let sceneEdits = edit["changes"]?["file://" + scene]?.arrayValue ?? []
        #expect(sceneEdits.count == 1)
        #expect(sceneEdits.first?["range"]?.start == sceneText["2️⃣"])
    }
}

extension LanguageServerTests {
    @Test func aProtocolOutletOffersWhatConforms() {
        let marked = MarkedText(
            "scene: A\nobjects:\n  play: {type: Button}\n  tap: {type: TapGesture}\n  other: {type: TimeoutController, timeout: 1s}\n  t:\n    type: TimeoutController\n    timeout: 3s\n    providers: [1️⃣]\n"
        )
        let client = TestServer()
        client.open(marked.text)
        // InteractionProvider: the button and the gesture, not the other controller.
        #expect(client.completionLabels(at: marked["1️⃣"]) == ["play", "tap"])
    }
}
