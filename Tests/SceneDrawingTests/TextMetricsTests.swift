import SceneCore
import Testing

@testable import SceneDrawing

/// The text metric is Inter's: advances and kerning from its font files
/// (scripts/font-metrics.py), per weight. At a font size of
/// ``FontTable/unitsPerEm`` a width is in font units.
@Suite struct TextMetricsTests {
    let em = Double(FontTable.unitsPerEm)

    func units(_ text: String, _ weight: FontWeight = .regular) -> Double {
        TextMetrics.width(of: text, fontSize: em, weight: weight)
    }

    @Test func aWidthIsTheSumOfTheTablesAdvances() {
        let table = FontWeight.regular.table
        let advance = { (character: Unicode.Scalar) in
            Double(table.advances[FontTable.index(of: character.value) ?? 0])
        }
        // No pair of these kerns.
        #expect(units("il") == advance("i") + advance("l"))
        #expect(units("€") == advance("€") && advance("€") > 0)
        #expect(units("") == 0)
        #expect(
            TextMetrics.width(of: "il", fontSize: 17) == TextMetrics.width(of: "il", fontSize: 17, weight: .regular))
        #expect(TextMetrics.width(of: "Play", fontSize: 34) == 2 * TextMetrics.width(of: "Play", fontSize: 17))
    }

    @Test func pairsKernAndAnAccentedLetterKernsAsItsBase() {
        let kern = units("AV") - units("A") - units("V")
        #expect(kern < 0)
        #expect(units("ÀV") - units("À") - units("V") == kern)
        // A combining mark between the pair takes no room and leaves it kerned.
        #expect(units("A\u{300}V") == units("AV"))
        #expect(units("To") < units("T") + units("o"))
    }

    @Test func heavierWeightsAreWiderAndEachHasItsOwnTable() {
        let widths = FontWeight.allCases.map { units("Settings", $0) }
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 })
        #expect(FontWeight.allCases.map(\.cssValue) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(FontWeight(rawValue: "semibold") == .semibold)
    }

    @Test func charactersInterDoesNotDrawAreMeasuredAsTheirFallbacksDrawThem() {
        #expect(TextMetrics.width(of: "日本", fontSize: 10) == 20)
        #expect(units("한") == Double(FontTable.hangulAdvance) && FontTable.hangulAdvance < FontTable.unitsPerEm)
        #expect(units("😀") == Double(FontTable.emojiAdvance) && units("⚽") == units("😀"))
        // A flag is two regional indicators, drawn as one emoji; a skin tone joins the emoji before it.
        #expect(units("🇫🇷") == units("😀") && units("👍🏽") == units("👍"))
        #expect(units("e\u{301}") == units("e"))
        #expect(units("\u{7}") == 0 && units("\u{200D}") == 0)
        #expect(units("a\nb") == units("a b"))
        // A script of no known class: 0.6 em.
        #expect(units("ა") == (em * 6 / 10).rounded(.down))
    }

    @Test func aLineIsInterAscenderAndDescenderHigh() {
        #expect(TextMetrics.lineHeight(fontSize: em) == Double(FontTable.ascender + FontTable.descender))
        #expect(TextMetrics.baseline(fontSize: em) == Double(FontTable.ascender))
        #expect(TextMetrics.size(of: "x", fontSize: 10).height == TextMetrics.lineHeight(fontSize: 10))
        let height = TextMetrics.lineHeight(fontSize: 1)
        #expect(height > 1.2 && height < 1.22)
    }

    @Test func aPictureNamesInterAndEachWeightByNumber() {
        let items = [
            PictureItem(node: LayoutNode(intrinsicSize: Size(width: 100, height: 20)), id: "a", typeName: "View") {
                $0.text("Semibold", in: $0.bounds, weight: .semibold)
                $0.text("Regular", in: $0.bounds)
                $0.text("Bold", in: $0.bounds, weight: .bold)
            }
        ]
        let svg = Picture.svg(items, canvas: Size(width: 200, height: 60))
        #expect(svg.contains(#"font-family="Inter, DejaVu Sans"#))
        #expect(svg.contains(##"font-weight="600" fill="#000000">Semibold<"##))
        #expect(svg.contains(##"font-size="17" fill="#000000">Regular<"##))
        #expect(svg.contains(##"font-weight="700" fill="#000000">Bold<"##))
        // Centred by the width of the weight it is drawn in, in the view the
        // canvas's stack makes 168 wide (200 less 16 each side).
        let semibold = TextMetrics.width(of: "Semibold", fontSize: 17, weight: .semibold)
        let regular = TextMetrics.width(of: "Regular", fontSize: 17)
        #expect(svg.contains("<text x=\"\(SVGText.number((168 - semibold) / 2))\""))
        #expect(svg.contains("<text x=\"\(SVGText.number((168 - regular) / 2))\""))
    }
}
