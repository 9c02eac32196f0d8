import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// `canvas:` naming a device, and the wording of the warnings `check` gives
/// about views out of place (``PlacementWarning``).
@Suite struct DeviceCanvasTests {
    static let codesTestedHere: Set<DiagnosticCode> = [
        .viewOutsideParent, .viewOutsideCanvas, .stackOverflow, .textCut,
    ]

    private func declaration(_ text: String) throws -> SceneDeclaration {
        try SceneLoader(registry: .standard).validate(SceneSource(name: "test.yaml", text: text)).get()
    }

    @Test(arguments: [
        ("iPhone 15", Device(.iPhone15), Size(width: 393, height: 852)),
        ("iPhone SE", Device(.iPhoneSE), Size(width: 375, height: 667)),
        ("iPhone 15 Pro Max landscape", Device(.iPhone15ProMax, .landscape), Size(width: 932, height: 430)),
        ("iPad portrait", Device(.iPad), Size(width: 820, height: 1180)),
        ("\"iPad landscape\"", Device(.iPad, .landscape), Size(width: 1180, height: 820)),
    ])
    func aCanvasNamesADeviceAndTakesItsSize(written: String, device: Device, size: Size) throws {
        let declared = try declaration("canvas: \(written)\nobjects:\n  a: {type: View}\n")
        #expect(declared.device == device)
        #expect(declared.canvas == size)
        let scene = try SceneLoader(registry: .standard).load(
            SceneSource(name: "test.yaml", text: "canvas: \(written)\nobjects:\n  a: {type: View}\n"))
        #expect(scene.device == device)
        #expect(scene.canvas == size)
    }

    @Test func aCanvasGivenAsASizeNamesNoDevice() throws {
        let declared = try declaration("canvas: {width: 320, height: 480}\nobjects:\n  a: {type: View}\n")
        #expect(declared.device == nil)
        #expect(declared.canvas == Size(width: 320, height: 480))
    }

    @Test func aMisspeltDeviceIsAnErrorAtItsNameWithTheNearestName() throws {
        let text = try renderedDiagnostics("canvas: iPhone 51\nobjects:\n  a: {type: View}\n")
        #expect(
            text == """
                test.yaml:1:9: error: 'canvas' takes a size or a device, not 'iPhone 51'
                    1 | canvas: iPhone 51
                      |         ^~~~~~~~~
                      = help: did you mean 'iPhone 15'?

                """)
        let far = try renderedDiagnostics("canvas: Pixel 8\nobjects:\n  a: {type: View}\n")
        #expect(
            far.contains(
                "help: the devices are 'iPhone SE', 'iPhone 15', 'iPhone 15 Pro Max', 'iPad', each followed by "
                    + "'landscape' or not; a size is written {width: 390, height: 844}"))
    }

    private func rendered(_ warning: PlacementWarning) throws -> String {
        let text = "objects:\n  bar: {type: View}\n  play: {type: Button, parent: bar, title: Play}\n"
        let source = SceneSource(name: "test.yaml", text: text)
        let declared = try SceneLoader(registry: .standard).validate(source).get()
        let index = try #require(declared.index(ofID: "play"))
        return DiagnosticRenderer.render([declared.diagnostic(warning, object: index)], in: source)
    }

    @Test func aViewOutOfItsParentIsWarnedAtItsIdWithTheEdgesAndHowFar() throws {
        let diagnostic = try rendered(
            .outside(
                parent: "bar", canvas: Size(width: 390, height: 844), overhang: EdgeInsets(right: 28.900000000000034),
                isWhollyOutside: false))
        #expect(
            diagnostic == """
                test.yaml:3:3: warning: 'play' sticks out of its parent 'bar': 28.9 points past its right edge
                    3 |   play: {type: Button, parent: bar, title: Play}
                      |   ^~~~
                      = help: move or shrink 'play', or make 'bar' larger

                """)
    }

    @Test func aViewWhollyOutOfTheCanvasNamesTheCanvasAndEveryEdge() throws {
        let diagnostic = try rendered(
            .outside(
                parent: nil, canvas: Size(width: 390, height: 844), overhang: EdgeInsets(top: 4, bottom: 0, right: 120),
                isWhollyOutside: true))
        #expect(
            diagnostic == """
                test.yaml:3:3: warning: 'play' lies wholly outside the canvas (390x844): 4 points past its top edge and 120 points past its right edge
                    3 |   play: {type: Button, parent: bar, title: Play}
                      |   ^~~~
                      = help: move or shrink 'play' (its 'frame'), or give its views less room in the canvas's stack

                """)
    }

    @Test func aStackLongerThanItsRoomSaysByHowMuch() throws {
        let diagnostic = try rendered(.stackOverflow(axis: "horizontal", content: 404.9, room: 358))
        #expect(
            diagnostic == """
                test.yaml:3:3: warning: the views stacked in 'play' are 404.9 points wide, 46.9 more than its 358
                    3 |   play: {type: Button, parent: bar, title: Play}
                      |   ^~~~
                      = help: give 'play' more room, fewer or smaller views, or less spacing and padding

                """)
    }

    @Test func aTextThatWouldBeCutSaysItsWidthAndTheRoom() throws {
        let diagnostic = try rendered(
            .textCut(
                member: "title", text: "Play it again, and again, and again, and again", fontSize: 17, width: 61.26,
                room: 47))
        #expect(
            diagnostic == """
                test.yaml:3:3: warning: the title of 'play', 'Play it again, and again, and again, and…', is 61.26 points wide at 17 points, 14.26 more than the 47 it has: it would be cut
                    3 |   play: {type: Button, parent: bar, title: Play}
                      |   ^~~~
                      = help: make 'play' wider, or its title shorter

                """)
    }
}
