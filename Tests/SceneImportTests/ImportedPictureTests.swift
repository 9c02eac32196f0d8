import Foundation
import SceneBehaviours
import SceneCore
import SceneDrawing
import SceneImport
import SceneLoader
import Testing

/// Item 9 of issue 33: an imported scene drawn by the path `render` uses
/// (`ScenePicture`) puts every view where Interface Builder saved it.
@Suite struct ImportedPictureTests {
    /// A view of the storyboard written for the test: its element, IB id,
    /// frame relative to its parent, what goes inside the element besides
    /// the frame and the subviews, attributes of its own, and its subviews.
    struct IBView {
        var element: String
        var id: String
        var x: Double, y: Double, width: Double, height: Double
        var inner: String = ""
        var attributes: String = ""
        var subviews: [IBView] = []

        /// The element as Interface Builder writes it, `key` on the root.
        func xml(key: String? = nil) -> String {
            let keyAttribute = key.map { " key=\"\($0)\"" } ?? ""
            let frame = "<rect key=\"frame\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\"/>"
            let children =
                subviews.isEmpty ? "" : "<subviews>\n\(subviews.map { $0.xml() }.joined(separator: "\n"))\n</subviews>"
            return
                "<\(element)\(keyAttribute) opaque=\"NO\" contentMode=\"scaleToFill\"\(attributes) id=\"\(id)\">\n\(frame)\n\(children)\n\(inner)\n</\(element)>"
        }

        /// Each view's IB id and its absolute origin: the frames summed up the hierarchy.
        func origins(from parent: (x: Double, y: Double) = (0, 0)) -> [(id: String, x: Double, y: Double)] {
            let origin = (x: parent.x + x, y: parent.y + y)
            return [(id, origin.x, origin.y)] + subviews.flatMap { $0.origins(from: origin) }
        }
    }

    /// Three levels of views under the root, with fractional frames as
    /// Auto Layout leaves them, colours in three of the files' forms, a
    /// label's text and a button's title.
    static let root = IBView(
        element: "view", id: "RTV-aa-bbb", x: 0, y: 0, width: 400, height: 300,
        inner: "<color key=\"backgroundColor\" white=\"0.9\" alpha=\"1\" colorSpace=\"calibratedWhite\"/>",
        subviews: [
            IBView(
                element: "view", id: "CRD-aa-bbb", x: 20, y: 30.5, width: 360, height: 240,
                inner:
                    "<color key=\"backgroundColor\" red=\"1\" green=\"0.0\" blue=\"0.0\" alpha=\"1\" colorSpace=\"calibratedRGB\"/>",
                subviews: [
                    IBView(
                        element: "view", id: "ROW-aa-bbb", x: 10.25, y: 15.333333333333343, width: 300, height: 100,
                        inner:
                            "<color key=\"backgroundColor\" red=\"0.0\" green=\"0.0\" blue=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"/>",
                        subviews: [
                            IBView(
                                element: "label", id: "LBL-aa-bbb", x: 5, y: 8.6666666666666856, width: 120, height: 21,
                                inner:
                                    "<string key=\"text\">Hello there</string><color key=\"textColor\" red=\"0.0\" green=\"0.5\" blue=\"0.0\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"/>"
                            ),
                            IBView(
                                element: "textField", id: "TXF-aa-bbb", x: 5, y: 60.5, width: 140, height: 30,
                                inner:
                                    "<color key=\"backgroundColor\" red=\"0.40392156862745099\" green=\"0.40392156862745099\" blue=\"0.40392156862745099\" alpha=\"1\" colorSpace=\"calibratedRGB\"/>",
                                attributes: " placeholder=\"Email Address\""),
                            IBView(
                                element: "button", id: "BTN-aa-bbb", x: 150.5, y: 40, width: 100, height: 33,
                                inner: "<state key=\"normal\" title=\"Go on\"/>"),
                        ]),
                    IBView(element: "view", id: "FTR-aa-bbb", x: 0, y: 200, width: 360, height: 40),
                ])
        ])

    static func storyboardText() -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <scenes>
                <scene sceneID="S00-aa-bbb">
                    <objects>
                        <viewController id="VC1-aa-bbb" sceneMemberID="viewController">
        \(root.xml(key: "view"))
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    /// The picture `render` would draw of the imported scene, and the
    /// imported scene's text.
    static func importedPicture() throws -> (svg: String, scene: String) {
        let imported = try importOne(Array(storyboardText().utf8), name: "Nested.storyboard")
        let scene = try SceneLoader(registry: .standard).load(SceneSource(name: "Nested.yaml", text: imported.text))
        return (ScenePicture.svg(of: scene), imported.text)
    }

    /// The scene id the importer gave the view of IB id `ibID` (written
    /// `  id:  # IB-id`).
    static func sceneID(of ibID: String, in text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasSuffix("  # \(ibID)") && line.hasPrefix("  ") {
            return line.dropFirst(2).split(separator: ":").first.map(String.init)
        }
        return nil
    }

    /// The origin of the group the picture draws for `id`
    /// (`<g data-id="ID" ... transform="translate(X Y)"`).
    static func origin(of id: String, in svg: String) -> (x: Double, y: Double)? {
        for line in svg.split(separator: "\n") where line.hasPrefix("<g data-id=\"\(id)\"") {
            guard let start = line.range(of: "translate("),
                let end = line[start.upperBound...].firstIndex(of: ")")
            else { return nil }
            let numbers = line[start.upperBound..<end].split(separator: " ").compactMap { Double($0) }
            guard numbers.count == 2 else { return nil }
            return (numbers[0], numbers[1])
        }
        return nil
    }

    @Test func everyViewIsDrawnWhereTheFramesUpTheHierarchyPutIt() throws {
        let (svg, text) = try Self.importedPicture()
        let origins = Self.root.origins()
        #expect(origins.count == 7)
        for expected in origins {
            let id = try #require(Self.sceneID(of: expected.id, in: text), "no object for \(expected.id)")
            let drawn = try #require(Self.origin(of: id, in: svg), "\(id) is not drawn:\n\(svg)")
            #expect(abs(drawn.x - expected.x) <= 0.5, "\(id): x \(drawn.x), the frames sum to \(expected.x)")
            #expect(abs(drawn.y - expected.y) <= 0.5, "\(id): y \(drawn.y), the frames sum to \(expected.y)")
        }
    }

    @Test func theTitlesTextsAndColoursAreDrawn() throws {
        let (svg, _) = try Self.importedPicture()
        #expect(svg.contains(">Hello there</text>"))
        #expect(svg.contains(">Go on</text>"))
        #expect(svg.contains("fill=\"#e6e6e6\""), "the root's calibrated white")
        #expect(svg.contains("fill=\"#ff0000\""), "the card's calibrated RGB")
        #expect(svg.contains("fill=\"#0000ff\""), "the row's sRGB")
        #expect(svg.contains("fill=\"#008000\">Hello there</text>"), "the label's text colour")
        #expect(svg.contains(">Email Address</text>"))
        // The text field is drawn in its own background colour, not over it in white.
        let field = try #require(svg.split(separator: "\n").first { $0.contains("data-type=\"TextField\"") })
        #expect(field.contains("fill=\"#676767\""), "\(field)")
        #expect(!field.contains("fill=\"#ffffff\""), "\(field)")
    }
}
