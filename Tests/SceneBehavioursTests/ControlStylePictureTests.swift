import SceneBehaviours
import SceneCore
import SceneDrawing
import Testing

/// Every standard control's styles, each in its states, drawn and compared
/// whole with a reviewed picture (see ``ReviewedPictures``), and the
/// colours a button chooses for its title where none is set.
@Suite struct ControlStylePictureTests {
    static let canvas = Size(width: 240, height: 200)

    /// A button titled `title` of `style`: normal, pressed, or disabled.
    private func button(_ title: String, _ style: ButtonStyle, pressed: Bool = false, enabled: Bool = true) -> Button {
        let button = Button()
        button.title = title
        button.style = style
        button.enabled = enabled
        if pressed { button.press() }
        return button
    }

    @Test(arguments: ButtonStyle.allCases) func eachButtonStyleInEachState(style: ButtonStyle) throws {
        try ReviewedPictures.expect(
            "button-style-\(style.rawValue)",
            [
                ("normal", button("Play", style)), ("highlighted", button("Play", style, pressed: true)),
                ("disabled", button("Play", style, enabled: false)),
            ], canvas: Self.canvas)
    }

    /// The `fill` of the text of `svg`'s element `id`.
    private func titleFill(of id: String, in svg: String) -> Substring? {
        guard let group = svg.range(of: "data-id=\"\(id)\""),
            let text = svg[group.upperBound...].range(of: "<text "),
            let fill = svg[text.upperBound...].range(of: "fill=\"")
        else { return nil }
        return svg[fill.upperBound...].prefix(7)
    }

    @Test func aTitleWithoutAColourReadsOnWhatIsBehindIt() throws {
        let dark = View()
        dark.backgroundColor = .black
        dark.layout = StackLayout(axis: .vertical, spacing: 4, padding: 4)
        let pause = button("Pause", .plain)
        pause.parent = dark
        let pale = button("Pale", .plain)
        pale.tintColor = Color(red: 0xFF, green: 0xF2, blue: 0xA0)
        let yellow = button("Go", .filled)
        yellow.tintColor = Color(red: 0xFF, green: 0xE0, blue: 0x20)
        let set = button("Set", .filled)
        set.titleColor = Color(red: 0xFF, green: 0, blue: 0)
        let views: [(String, View)] = [
            ("dark", dark), ("pause", pause), ("pale", pale), ("yellow", yellow), ("set", set),
        ]
        let svg = ReviewedPictures.picture(views, canvas: Self.canvas)
        // The tint reads on black (contrast 5.2), so it stays.
        #expect(titleFill(of: "pause", in: svg) == "#007aff")
        // A pale tint on the white canvas does not: black instead.
        #expect(titleFill(of: "pale", in: svg) == "#000000")
        // White on a yellow fill does not read either.
        #expect(titleFill(of: "yellow", in: svg) == "#000000")
        // A colour that is set is kept.
        #expect(titleFill(of: "set", in: svg) == "#ff0000")
        try ReviewedPictures.expect("button-readable-titles", views, canvas: Size(width: 240, height: 240))
    }

    @Test func aPlainTitleOnADarkTranslucentBarTurnsWhite() {
        let bar = View()
        bar.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 200)
        let dim = button("Skip", .plain)
        dim.tintColor = Color(red: 0x30, green: 0x30, blue: 0x60)
        dim.parent = bar
        let svg = ReviewedPictures.picture([("bar", bar), ("skip", dim)], canvas: Self.canvas)
        #expect(titleFill(of: "skip", in: svg) == "#ffffff")
    }

    @Test func fontsAndAlignments() throws {
        let left = button("Left", .gray)
        left.textAlignment = .left
        let right = button("Right", .tinted)
        right.textAlignment = .right
        right.font = Font(size: 15, weight: .semibold)
        let title = Label()
        title.text = "Title"
        title.font = Font(size: 28, weight: .bold)
        let centred = Label()
        centred.text = "Centred, light"
        centred.font = Font(size: 13, weight: .light)
        centred.textAlignment = .center
        let trailing = Label()
        trailing.text = "0:42"
        trailing.textAlignment = .right
        trailing.font = Font(size: 15, weight: .medium)
        let field = TextField()
        field.text = "alice"
        field.font = Font(size: 15, weight: .regular)
        field.textAlignment = .center
        try ReviewedPictures.expect(
            "fonts-and-alignments",
            [
                ("left", left), ("right", right), ("title", title), ("centred", centred), ("trailing", trailing),
                ("field", field),
            ], canvas: Size(width: 240, height: 260))
        let svg = ReviewedPictures.picture([("title", title)], canvas: Self.canvas)
        #expect(svg.contains("font-size=\"28\" font-weight=\"700\""))
        #expect(title.intrinsicSize.width == TextMetrics.width(of: "Title", fontSize: 28, weight: .bold))
    }

    @Test func spinnerStylesAndColours() throws {
        let medium = ActivityIndicator()
        medium.start()
        let large = ActivityIndicator()
        large.style = .large
        large.start()
        let red = ActivityIndicator()
        red.style = .large
        red.color = Color(red: 0xFF, green: 0x3B, blue: 0x30)
        red.start()
        #expect(large.intrinsicSize == Size(width: 37, height: 37))
        #expect(medium.intrinsicSize == Size(width: 20, height: 20))
        try ReviewedPictures.expect(
            "spinner-styles", [("medium", medium), ("large", large), ("red", red)], canvas: Self.canvas)
    }

    @Test func sliderAndSwitchTints() throws {
        let slider = Slider()
        slider.slide(to: 0.6)
        slider.tintColor = Color(red: 0xFF, green: 0x95, blue: 0x00)
        let on = Switch()
        on.tap()
        on.tintColor = Color(red: 0xAF, green: 0x52, blue: 0xDE)
        let held = Switch()
        held.press()
        try ReviewedPictures.expect(
            "slider-and-switch-tints", [("slider", slider), ("on", on), ("held", held)], canvas: Self.canvas)
    }

    @Test func segmentedControlsWithEachSegmentSelected() throws {
        let views: [(String, View)] = (0..<3).map { index in
            let control = SegmentedControl()
            control.segments = ["Day", "Week", "Month"]
            control.selectedIndex = index
            return ("segments\(index)", control)
        }
        try ReviewedPictures.expect("segmented-controls", views, canvas: Self.canvas)
    }
}
