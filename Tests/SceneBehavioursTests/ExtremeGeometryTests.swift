import Behaviours
import SceneBehaviours
import SceneCore
import SceneDrawing
import Testing

/// Every standard control drawn with geometry no scene may write (the
/// loader refuses it) but Swift code can set: frames, offsets, corner
/// radii, spacings and canvases of 1e21, -1e21, infinities, NaN, zero and
/// negative sizes, at extreme scales. Each picture is drawn without a
/// crash (a trap converting a size to an integer was one) and is bounded:
/// a complete SVG whose numbers are all finite and clamped.
@Suite struct ExtremeGeometryTests {
    static let values: [Double] = [
        1e21, -1e21, .nan, .infinity, -.infinity, 0, -5, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, 100_000, 9.3e18,
    ]

    /// Every standard type that is a view, each with content to draw.
    private func views() -> [(String, View)] {
        SceneRegistry.standard.types.compactMap { type -> (String, View)? in
            guard let view = type.makeInstance() as? View else { return nil }
            switch view {
            case let button as Button: button.title = "Go"
            case let label as Label: label.text = "Hello 😀"
            case let field as TextField: field.text = "text"
            case let pages as PageIndicator: pages.numberOfPages = 5
            case let segments as SegmentedControl: segments.segments = ["One", "Two"]
            case let spinner as ActivityIndicator: spinner.start()
            case let table as TableView:
                let data = TableData()
                data.sections = [TableSection(title: "Rows", rows: (0..<50).map { "row \($0)" })]
                table.data = data
            default: break
            }
            return (type.name, view)
        }
    }

    /// The picture of `views`, checked to be whole and bounded.
    private func expectBoundedPicture(
        _ views: [(String, View)], canvas: Size, scale: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let entries = views.map { Scene.Entry(id: $0.0, type: type(of: $0.1).sceneDescription(), object: $0.1) }
        let scene = Scene(title: nil, summary: nil, entries: entries)
        for entry in entries { entry.object.awake(in: scene) }
        let svg = ScenePicture.svg(of: scene, canvas: canvas, scale: scale)
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>\n"), sourceLocation: sourceLocation)
        #expect(svg.utf8.count < 4 << 20, "\(svg.utf8.count) bytes", sourceLocation: sourceLocation)
        for word in ["nan", "inf"] {
            #expect(!svg.lowercased().contains(word), "'\(word)' in the picture", sourceLocation: sourceLocation)
        }
        // Colours aside: no exponent, no more digits than the clamped
        // largest coordinate's, and no negative size or radius.
        let numbers = svg.replacing(/#[0-9a-f]{6}/, with: "")
        #expect(!numbers.contains(/[0-9][eE][+-]?[0-9]/), sourceLocation: sourceLocation)
        #expect(!numbers.contains(/[0-9]{11}/), sourceLocation: sourceLocation)
        #expect(!numbers.contains(/\s(width|height|r|rx)="-/), sourceLocation: sourceLocation)
    }

    @Test(arguments: values)
    func everyControlDrawsABoundedPictureWhateverItsFrame(value: Double) {
        let drawn = views()
        #expect(drawn.count >= 9, "\(drawn.map(\.0))")
        for (_, view) in drawn {
            view.frame = Rect(x: value, y: value, width: value, height: value)
            view.offsetX = value
            view.offsetY = value
            view.cornerRadius = value
        }
        expectBoundedPicture(drawn, canvas: Size(width: 390, height: 844), scale: 1)
        // Only the height extreme: the table's row count is its height over 44.
        for (_, view) in drawn { view.frame = Rect(x: 0, y: 0, width: 100, height: value) }
        expectBoundedPicture(drawn, canvas: Size(width: 390, height: 844), scale: 16)
    }

    @Test(arguments: values)
    func stackedControlsDrawABoundedPictureWhateverTheCanvasAndLayout(value: Double) {
        let drawn = views()
        let container = View()
        container.layout = StackLayout(axis: .horizontal, spacing: value, padding: value, alignment: .center)
        for (_, view) in drawn { view.parent = container }
        let all = [("container", container)] + drawn
        expectBoundedPicture(all, canvas: Size(width: value, height: value), scale: 1)
        expectBoundedPicture(all, canvas: Size(width: 390, height: 844), scale: value)
        expectBoundedPicture(all, canvas: Size(width: -value, height: 0), scale: -value)
    }

    @Test func checkedConversionsNeverTrap() {
        #expect(Int(clamping: Double.nan) == 0)
        #expect(Int(clamping: Double.infinity) == .max)
        #expect(Int(clamping: -Double.infinity) == .min)
        #expect(Int(clamping: 1e21 / 44, rounding: .up) == .max)
        #expect(Int(clamping: 9_223_372_036_854_775_807.0) == .max)
        #expect(Int(clamping: -9_223_372_036_854_775_808.0) == .min)
        #expect(Int(clamping: 2.5, rounding: .up) == 3)
        #expect(Int(clamping: -2.5) == -2)
        #expect(Int(clamping: 2.5, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(Int64(clamping: -1e300) == .min)
    }
}
