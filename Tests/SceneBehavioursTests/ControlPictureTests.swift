import Behaviours
import Foundation
import SceneBehaviours
import SceneCore
import SceneDrawing
import TestSupport
import Testing

/// A type of a user's own that draws nothing itself: it gets the default box.
private final class Gauge: View {
    override class func sceneDescription() -> TypeDescription {
        TypeDescription("Gauge", summary: "A gauge.", base: View.sceneDescription(), make: { Gauge() })
    }
}

/// A type of a user's own that draws itself.
private final class Dial: View {
    var level = 0.25
    override class func sceneDescription() -> TypeDescription {
        TypeDescription("Dial", summary: "A dial.", base: View.sceneDescription(), make: { Dial() })
    }
    override var intrinsicSize: Size { Size(width: 60, height: 60) }
    override func draw(in context: DrawingContext) {
        context.strokeCircle(center: Point(x: 30, y: 30), radius: 28, color: .black)
        context.fill(
            Rect(x: 28, y: 30 - 28 * level, width: 4, height: 28 * level), color: Color(red: 255, green: 0, blue: 0))
        context.text("\(Int(level * 100))%", in: context.bounds, fontSize: 11)
    }
}

/// Every standard control in each of its states, drawn and compared whole
/// with a reviewed picture in `Tests/SceneBehavioursTests/Pictures`. A
/// missing picture is written and the test fails; with
/// `SCENE_UPDATE_PICTURES=1` every picture is rewritten.
@Suite struct ControlPictureTests {
    static let canvas = Size(width: 240, height: 120)

    private func picture(_ views: [(String, View)]) -> String {
        ReviewedPictures.picture(views, canvas: Self.canvas)
    }

    private func expectPicture(
        _ name: String, _ views: [(String, View)], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try ReviewedPictures.expect(name, views, canvas: Self.canvas, sourceLocation: sourceLocation)
    }

    @Test func buttons() throws {
        let plain = Button()
        plain.title = "Play"
        try expectPicture("button", [("play", plain)])
        let pressed = Button()
        pressed.title = "Play"
        pressed.press()
        try expectPicture("button-highlighted", [("play", pressed)])
        let disabled = Button()
        disabled.title = "Play"
        disabled.enabled = false
        try expectPicture("button-disabled", [("play", disabled)])
        let coloured = Button()
        coloured.title = "Stop"
        coloured.backgroundColor = Color(red: 0xFF, green: 0xCC, blue: 0x00)
        coloured.cornerRadius = 4
        try expectPicture("button-coloured", [("stop", coloured)])
    }

    @Test func labels() throws {
        let label = Label()
        label.text = "Welcome, <alice> & co"
        let red = Label()
        red.text = "Wrong code"
        red.textColor = Color(red: 255, green: 0, blue: 0)
        try expectPicture("labels", [("welcome", label), ("error", red)])
    }

    @Test func labelsWrapAndTruncateAsUIKitDoes() throws {
        let wrapped = Label()
        wrapped.text = "A label of several lines\nwraps its words and keeps its paragraph breaks."
        wrapped.numberOfLines = 0
        wrapped.frame = Rect(x: 8, y: 4, width: 224, height: 64)
        let two = Label()
        two.text = "Two lines at most: the rest of this rather long sentence, which goes on and on, ends in an ellipsis"
        two.numberOfLines = 2
        two.textAlignment = .center
        two.font = Font(size: 13)
        two.frame = Rect(x: 8, y: 70, width: 224, height: 32)
        let head = Label()
        head.text = "The start is truncated"
        head.lineBreakMode = .byTruncatingHead
        head.frame = Rect(x: 8, y: 100, width: 104, height: 20)
        let tail = Label()
        tail.text = "The end is truncated"
        tail.frame = Rect(x: 128, y: 100, width: 104, height: 20)
        try expectPicture("labels-wrapped", [("wrapped", wrapped), ("two", two), ("head", head), ("tail", tail)])
    }

    @Test func textFields() throws {
        let empty = TextField()
        empty.placeholder = "User name"
        let filled = TextField()
        filled.text = "alice"
        let secure = TextField()
        secure.text = "rabbit"
        secure.secure = true
        let invalid = TextField()
        invalid.text = "x"
        invalid.invalidInput = true
        let disabled = TextField()
        disabled.text = "off"
        disabled.enabled = false
        let dark = TextField()
        dark.text = "on dark"
        dark.backgroundColor = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
        dark.cornerRadius = 5
        try ReviewedPictures.expect(
            "text-fields",
            [
                ("empty", empty), ("filled", filled), ("secret", secure), ("invalid", invalid), ("disabled", disabled),
                ("dark", dark),
            ], canvas: Size(width: 240, height: 280))
        let focused = TextField()
        focused.placeholder = "Password"
        let scene = Scene(
            title: nil, summary: nil,
            entries: [Scene.Entry(id: "field", type: TextField.sceneDescription(), object: focused)])
        focused.awake(in: scene)
        focused.focus()
        #expect(focused.focused)
        try expectPicture("text-field-focused", [("field", focused)])
    }

    @Test func sliders() throws {
        let low = Slider()
        low.slide(to: 0)
        let half = Slider()
        half.slide(to: 0.5)
        let held = Slider()
        held.slide(to: 1)
        held.press()
        try expectPicture("sliders", [("low", low), ("half", half), ("held", held)])
    }

    @Test func spinnersPagesSegmentsAndTables() throws {
        let spinning = ActivityIndicator()
        spinning.start()
        let stopped = ActivityIndicator()
        try expectPicture("spinners", [("spinning", spinning), ("stopped", stopped)])
        let pages = PageIndicator()
        pages.numberOfPages = 3
        pages.currentPage = 1
        let segments = SegmentedControl()
        segments.segments = ["One", "Two", "Three"]
        segments.selectedIndex = 2
        try expectPicture("pages-and-segments", [("pages", pages), ("segments", segments)])
        let data = TableData()
        data.sections = [
            TableSection(title: "Lorem", rows: ["ipsum", "dolor"]), TableSection(title: "Sit", rows: ["amet"]),
        ]
        let table = TableView()
        table.data = data
        try expectPicture("table", [("list", table)])
    }

    @Test func switchesSteppersAndProgressBars() throws {
        let off = Switch()
        let on = Switch()
        on.tap()
        #expect(off.intrinsicSize == Size(width: 51, height: 31))
        try expectPicture("switches", [("off", off), ("on", on)])
        let middle = Stepper()
        middle.value = 5
        middle.maximum = 10
        let atMaximum = Stepper()
        atMaximum.maximum = 2
        atMaximum.value = 2
        #expect(middle.intrinsicSize == Size(width: 94, height: 32))
        try expectPicture("steppers", [("middle", middle), ("top", atMaximum)])
        let empty = ProgressView()
        empty.frame = Rect(x: 10, y: 10, width: 200, height: 4)
        let partly = ProgressView()
        partly.progress = 0.3
        partly.frame = Rect(x: 10, y: 30, width: 200, height: 4)
        let full = ProgressView()
        full.progress = 1
        full.frame = Rect(x: 10, y: 50, width: 200, height: 2)
        #expect(partly.intrinsicSize.height == 4)
        try expectPicture("progress-views", [("empty", empty), ("partly", partly), ("full", full)])
    }

    @Test func imagePlaceholdersNameTheImageAndSayWhyAFileIsNotShown() throws {
        let named = ImageView()
        named.image = "banner"
        named.frame = Rect(x: 10, y: 10, width: 100, height: 100)
        let refused = ImageView()
        refused.image = "../secret.png"
        refused.frame = Rect(x: 120, y: 10, width: 110, height: 100)
        try expectPicture("image-placeholders", [("banner", named), ("secret", refused)])
    }

    @Test func anImageFileBesideTheSceneIsEmbeddedWhole() throws {
        let temporary = try temporaryFolder("embed")
        let folder = temporary.url
        try Data(smallPNG).write(to: folder.appendingPathComponent("logo.png"))
        let view = ImageView(imageDirectory: folder.path)
        view.image = "logo"
        view.frame = Rect(x: 10, y: 20, width: 30, height: 40)
        let svg = picture([("logo", view)])
        let encoded = Data(smallPNG).base64EncodedString()
        #expect(
            svg.contains(
                "<image x=\"0\" y=\"0\" width=\"30\" height=\"40\" preserveAspectRatio=\"xMidYMid meet\""
                    + " href=\"data:image/png;base64,\(encoded)\"/>"))
        #expect(!svg.contains("logo</text>"), "the placeholder was drawn too")
    }

    @Test func containersStackTheirViewsAndHiddenViewsAreLeftOut() throws {
        let bar = View()
        bar.layout = StackLayout(axis: .horizontal, spacing: 4, padding: 4, alignment: .center)
        bar.backgroundColor = Color(red: 0xEE, green: 0xEE, blue: 0xEE)
        bar.cornerRadius = 6
        let back = Button()
        back.title = "Back"
        back.parent = bar
        let gone = Button()
        gone.title = "Gone"
        gone.hidden = true
        gone.parent = bar
        let next = Button()
        next.title = "Next"
        next.parent = bar
        next.offsetX = 6
        next.alpha = 0.5
        try expectPicture("container", [("bar", bar), ("back", back), ("gone", gone), ("next", next)])
    }

    @Test func typesOfYourOwnGetABoxOrDrawThemselves() throws {
        let gauge = Gauge()
        gauge.frame = Rect(x: 120, y: 10, width: 110, height: 40)
        let dial = Dial()
        dial.frame = Rect(x: 10, y: 10, width: 60, height: 60)
        try expectPicture("custom-types", [("gauge", gauge), ("dial", dial)])
    }
}
