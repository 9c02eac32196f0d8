import Foundation
import TestSupport
import Testing

/// The pictures of shipped scenes that the README and docs show are what
/// `scene-runner render` draws now: the film strips of
/// `docs/images/pictures/` and the controls catalogue of
/// `docs/images/controls/` (docs/Controls.md). With `SCENE_UPDATE_DOCS=1`
/// the tests rewrite the pictures that differ instead; look at them
/// before committing (`scripts/ci/render.sh` draws each with
/// `rsvg-convert`):
///
///     swift build && SCENE_UPDATE_DOCS=1 swift test --filter PicturesTests
@Suite struct PicturesTests {
    /// A film strip: the scene rendered at several virtual times, side by
    /// side, each cropped to the part of the canvas its views use and
    /// captioned with its time.
    struct Strip: CustomTestStringConvertible, Sendable {
        var name: String
        var scene: String
        var times: [String]
        /// The height of canvas shown.
        var height: Int
        var caption: String
        var testDescription: String { name }
    }

    static let strips = [
        Strip(
            name: "video-controls-fade", scene: "Scenes/video-player.yaml",
            times: ["2.9s", "3.05s", "3.1s", "3.15s", "3.2s"], height: 110,
            caption: "Scenes/video-player.yaml: the controls fade out 3 s after the last touch"),
        Strip(
            name: "login-shake", scene: "Scenes/login-form.yaml",
            times: ["0.75s", "0.79s", "0.85s", "0.92s", "0.95s"], height: 200,
            caption: "Scenes/login-form.yaml: the empty user name shakes (+10, -8, +4, 0)"),
        Strip(
            name: "two-players", scene: "Scenes/two-players.yaml", times: ["0s", "3.2s", "5.2s", "5.4s"],
            height: 140,
            caption:
                "Scenes/two-players.yaml: one component twice; the right hides after 3 s, the left after 5 s, "
                + "a tap brings it back"),
        Strip(
            name: "stack-distributions", scene: "Scenes/stack-distributions.yaml", times: ["0s"], height: 300,
            caption:
                "Scenes/stack-distributions.yaml: a distribution a bar"),
    ]

    /// The width of a frame, the gap between frames and the height of a caption.
    static let (width, gap, captionHeight) = (390, 12, 22)

    /// The SVG texts `render` draws of `scene` at each of `times`.
    static func frames(of scene: String, at times: [String]) throws -> [String] {
        let folder = try temporaryFolder()
        let result = try runSceneRunner(
            ["render", packageRoot.appendingPathComponent(scene).path, "-o", folder.path("frame.svg")]
                + times.flatMap { ["--at", $0] })
        try #require(result.status == 0, "render \(scene) failed:\n\(result.output)")
        let names = ["frame.svg"] + (times.count < 2 ? [] : (2...times.count).map { "frame-\($0).svg" })
        return try names.map { try String(contentsOf: folder.url($0), encoding: .utf8) }
    }

    /// `text` for SVG text and attributes.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The opening of a picture of `frames` side by side: the SVG element
    /// in the fonts the frames name (Inter first), a white ground and the caption.
    static func header(width: Int, height: Int, caption: String, frames: [String]) -> [String] {
        let first = frames.first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let family = first.prefixMatch(of: /<svg[^>]*font-family="([^"]*)"/).map { String($0.1) } ?? "sans-serif"
        return [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
                + "viewBox=\"0 0 \(width) \(height)\" font-family=\"\(family)\">",
            "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
            "<text x=\"0\" y=\"15\" font-size=\"13\" fill=\"#57606a\">\(escaped(caption))</text>",
        ]
    }

    /// What a frame's SVG element holds, without the element itself.
    static func contents(of frame: String) -> Substring {
        var inner = Substring(frame.trimmingCharacters(in: .whitespacesAndNewlines))
        if let open = inner.prefixMatch(of: /<svg[^>]*>\n?/) { inner = inner[open.range.upperBound...] }
        if inner.hasSuffix("</svg>") { inner = inner.dropLast("</svg>".count) }
        return inner
    }

    /// The film strip of `frames`, one SVG.
    static func picture(of strip: Strip, frames: [String]) -> String {
        let width = frames.count * Self.width + (frames.count - 1) * gap
        let total = strip.height + captionHeight * 2
        var parts = header(width: width, height: total, caption: strip.caption, frames: frames)
        for (index, (frame, time)) in zip(frames, strip.times).enumerated() {
            let x = index * (Self.width + gap)
            let inner = contents(of: frame)
            parts.append(
                "<svg x=\"\(x)\" y=\"\(captionHeight)\" width=\"\(Self.width)\" height=\"\(strip.height)\" "
                    + "viewBox=\"0 0 \(Self.width) \(strip.height)\">\(inner)</svg>")
            parts.append(
                "<rect x=\"\(Double(x) + 0.5)\" y=\"\(Double(captionHeight) + 0.5)\" width=\"\(Self.width - 1)\" "
                    + "height=\"\(strip.height - 1)\" fill=\"none\" stroke=\"#d0d7de\"/>")
            parts.append(
                "<text x=\"\(Double(x) + Double(Self.width) / 2)\" y=\"\(captionHeight + strip.height + 16)\" "
                    + "font-size=\"12\" text-anchor=\"middle\" fill=\"#57606a\">at \(escaped(time))</text>")
        }
        parts.append("</svg>\n")
        return parts.joined(separator: "\n")
    }

    @Test(arguments: strips)
    func everyFilmStripIsWhatRenderDraws(_ strip: Strip) throws {
        let picture = Self.picture(of: strip, frames: try Self.frames(of: strip.scene, at: strip.times))
        let file = GeneratedFile("docs/images/pictures/\(strip.name).svg")
        #expect(try file.isCurrent(with: picture), "\(file.advice(filter: "PicturesTests"))")
    }

    /// One scene laid out on several devices (`render --canvas`), side by
    /// side at one height, each captioned with its device.
    struct DeviceStrip: CustomTestStringConvertible, Sendable {
        var name: String
        var scene: String
        var time: String
        var devices: [(name: String, size: (width: Int, height: Int))]
        var caption: String
        var testDescription: String { name }
    }

    static let deviceStrips = [
        DeviceStrip(
            name: "sign-in-devices", scene: "Scenes/sign-in-layout.yaml", time: "1s",
            devices: [("iPhone SE", (375, 667)), ("iPhone 15", (393, 852)), ("iPad", (820, 1180))],
            caption:
                "Scenes/sign-in-layout.yaml on an iPhone SE, an iPhone 15 and an iPad, one file laid out by its constraints"
        )
    ]

    /// The height every device of a strip is drawn at.
    static let deviceHeight = 420.0

    /// The picture of `strip`: each device's frame scaled to ``deviceHeight``.
    static func picture(of strip: DeviceStrip) throws -> String {
        var frames: [String] = []
        for device in strip.devices {
            let folder = try temporaryFolder()
            let result = try runSceneRunner([
                "render", packageRoot.appendingPathComponent(strip.scene).path, "--canvas", device.name, "--at",
                strip.time, "-o", folder.path("frame.svg"),
            ])
            try #require(result.status == 0, "render \(strip.scene) on \(device.name) failed:\n\(result.output)")
            frames.append(try String(contentsOf: folder.url("frame.svg"), encoding: .utf8))
        }
        let widths = strip.devices.map { Double($0.size.width) * deviceHeight / Double($0.size.height) }
        let width = Int(widths.reduce(0, +).rounded(.up)) + (frames.count - 1) * gap
        let total = Int(deviceHeight) + captionHeight * 2
        var parts = header(width: width, height: total, caption: strip.caption, frames: frames)
        var x = 0.0
        for (index, frame) in frames.enumerated() {
            let device = strip.devices[index]
            let inner = contents(of: frame)
            let shown = (widths[index] * 100).rounded() / 100
            parts.append(
                "<svg x=\"\(x)\" y=\"\(captionHeight)\" width=\"\(shown)\" height=\"\(Int(deviceHeight))\" "
                    + "viewBox=\"0 0 \(device.size.width) \(device.size.height)\">\(inner)</svg>")
            parts.append(
                "<rect x=\"\(x + 0.5)\" y=\"\(Double(captionHeight) + 0.5)\" width=\"\(shown - 1)\" "
                    + "height=\"\(Int(deviceHeight) - 1)\" fill=\"none\" stroke=\"#d0d7de\"/>")
            parts.append(
                "<text x=\"\(x + shown / 2)\" y=\"\(captionHeight + Int(deviceHeight) + 16)\" "
                    + "font-size=\"12\" text-anchor=\"middle\" fill=\"#57606a\">\(escaped(device.name))</text>")
            x += (shown + Double(gap)).rounded()
        }
        parts.append("</svg>\n")
        return parts.joined(separator: "\n")
    }

    @Test(arguments: deviceStrips)
    func everyDevicePictureIsWhatRenderDraws(_ strip: DeviceStrip) throws {
        let picture = try Self.picture(of: strip)
        let file = GeneratedFile("docs/images/pictures/\(strip.name).svg")
        #expect(try file.isCurrent(with: picture), "\(file.advice(filter: "PicturesTests"))")
    }

    /// The scenes of the controls catalogue, `docs/images/controls/NAME.yaml`.
    static func catalogueScenes() throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent("docs/images/controls").path
        ).filter { $0.hasSuffix(".yaml") }.sorted().map { "docs/images/controls/" + $0 }
    }

    @Test func theCatalogueHasItsScenes() throws {
        #expect(try Self.catalogueScenes().count >= 3)
    }

    /// Each scene of the catalogue is drawn at the end of its script into
    /// `NAME.svg` beside it.
    @Test(arguments: try catalogueScenes())
    func everyCataloguePictureIsWhatRenderDraws(_ scene: String) throws {
        let picture = try #require(try Self.frames(of: scene, at: []).first)
        let file = GeneratedFile(String(scene.dropLast(".yaml".count)) + ".svg")
        #expect(try file.isCurrent(with: picture), "\(file.advice(filter: "PicturesTests"))")
    }
}
