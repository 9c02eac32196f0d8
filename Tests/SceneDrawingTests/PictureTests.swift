import SceneCore
import Testing

@testable import SceneDrawing

@Suite struct PictureTests {
    let small = Size(width: 100, height: 60)

    @Test func aPictureIsTheSameBytesEveryTime() {
        let items = [
            PictureItem(node: LayoutNode(intrinsicSize: Size(width: 20, height: 10)), id: "a", typeName: "View") {
                $0.fill(Rect(origin: .zero, size: $0.size), color: Color(red: 1, green: 2, blue: 3), cornerRadius: 2.5)
                $0.text("Hi & <bye>", in: Rect(origin: .zero, size: $0.size))
            }
        ]
        let first = Picture.svg(items, canvas: small)
        #expect(first == Picture.svg(items, canvas: small))
        #expect(
            first == """
                <svg xmlns="http://www.w3.org/2000/svg" width="100" height="60" viewBox="0 0 100 60" font-family="Inter, DejaVu Sans, Helvetica, Arial, sans-serif">
                <rect width="100" height="60" fill="#ffffff"/>
                <g data-id="a" data-type="View" transform="translate(16 16)"><rect x="0" y="0" width="68" height="10" rx="2.5" fill="#010203"/><text x="-10.35" y="11.18" font-size="17" fill="#000000">Hi &amp; &lt;bye&gt;</text></g>
                </svg>

                """)
    }

    @Test func hiddenViewsAndTheirViewsAreNotDrawnAndOffsetsAndOpacityAreInherited() {
        let box: (DrawingContext) -> Void = { $0.fill(Rect(origin: .zero, size: $0.size), color: .black) }
        let items = [
            PictureItem(
                node: LayoutNode(frame: Rect(x: 0, y: 0, width: 50, height: 50)), id: "outer", typeName: "View",
                alpha: 0.5, offset: Point(x: 3, y: 0), draw: box),
            PictureItem(
                node: LayoutNode(parent: 0, frame: Rect(x: 10, y: 10, width: 5, height: 5)), id: "inner",
                typeName: "View", alpha: 0.5, draw: box),
            PictureItem(node: LayoutNode(frame: .zero, isHidden: true), id: "gone", typeName: "View", draw: box),
            PictureItem(node: LayoutNode(parent: 2, frame: .zero), id: "inGone", typeName: "View", draw: box),
        ]
        let svg = Picture.svg(items, canvas: small)
        #expect(svg.contains(#"<g data-id="outer" data-type="View" transform="translate(3 0)" opacity="0.5">"#))
        #expect(svg.contains(#"<g data-id="inner" data-type="View" transform="translate(13 10)" opacity="0.25">"#))
        #expect(!svg.contains("gone") && !svg.contains("inGone"))
    }

    @Test func idsAndTextThatLookLikeMarkupAreEscaped() {
        let items = [
            PictureItem(node: LayoutNode(), id: "a\"><script>", typeName: "T'\u{1}") { $0.text("\u{0}x", in: .zero) }
        ]
        let svg = Picture.svg(items, canvas: small)
        #expect(!svg.contains("<script>"))
        // A control character is written by its code (MarkupText's one rule).
        #expect(svg.contains(#"data-id="a&quot;&gt;&lt;script&gt;" data-type="T&#39;\u{1}""#))
        // Drawn text leaves a control character out: it takes no room, and its code is no text of the label's.
        #expect(svg.contains(#">x</text>"#))
    }

    @Test func drawnTextShowsNoCodesOfCharactersAndTakesTheRoomItWasMeasuredIn() {
        let noncharacter = Unicode.Scalar(0xFDD0).map { String(Character($0)) } ?? ""
        let text = "a\u{85}b\u{10FFFF}c\u{1B}" + noncharacter
        let items = [
            PictureItem(node: LayoutNode(), id: "l", typeName: "Label") {
                $0.text(text, in: Rect(x: 0, y: 0, width: 100, height: 20), alignment: .leading)
            }
        ]
        let svg = Picture.svg(items, canvas: small)
        #expect(!svg.contains("\\u{"), "\(svg)")
        #expect(svg.contains(">ab\u{FFFD}c\u{FFFD}</text>"), "\(svg)")
        #expect(SVGText.drawn("plain text") == "plain text")
        #expect(
            TextMetrics.width(of: SVGText.drawn(text), fontSize: 17, weight: .regular)
                == TextMetrics.width(of: text, fontSize: 17, weight: .regular))
    }

    @Test func aLargePictureIsHandedOnInPieces() {
        let items = (0..<5_000).map { index in
            PictureItem(node: LayoutNode(intrinsicSize: Size(width: 1, height: 1)), id: "v\(index)", typeName: "View") {
                $0.fill(Rect(origin: .zero, size: $0.size), color: .lightGray)
            }
        }
        var pieces: [String] = []
        Picture.write(items, canvas: small) { pieces.append($0) }
        #expect(pieces.count > 1)
        #expect(pieces.joined() == Picture.svg(items, canvas: small))
    }
}

@Suite struct SVGTextTests {
    @Test(arguments: [
        (0.0, "0"), (-0.001, "0"), (12.0, "12"), (12.5, "12.5"), (-0.25, "-0.25"), (1.006, "1.01"), (3.04, "3.04"),
        (.nan, "0"), (.infinity, "0"), (1e300, "1000000000"),
    ])
    func numbersAreRoundedToHundredthsWithoutTrailingZeros(value: Double, text: String) {
        #expect(SVGText.number(value) == text)
    }

    @Test func coloursAreHexWithAnOpacityWhenNotOpaque() {
        #expect(SVGText.paint("fill", Color(red: 0xE4, green: 0x4F, blue: 0x72)) == ##" fill="#e44f72""##)
        #expect(
            SVGText.paint("stroke", Color(red: 0, green: 0, blue: 0, alpha: 51))
                == ##" stroke="#000000" stroke-opacity="0.2""##)
    }
}
