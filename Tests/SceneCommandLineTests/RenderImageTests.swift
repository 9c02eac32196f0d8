import Foundation
import SceneDrawing
import TestSupport
import Testing

@testable import SceneCommandLine

/// `render` of scenes whose image views name large files: each file read
/// once and embedded at most twice, a bound on what one picture embeds,
/// and an image of 7 MiB and more converted to PNG.
@Suite struct RenderImageTests {
    /// A valid PNG of `width` by `height` pixels of noise, its pixels
    /// stored uncompressed (deflate's stored blocks): about 4 bytes a pixel.
    static func noisePNG(width: Int, height: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 4 + 1) * height)
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<(width * 4) { raw.append(UInt8.random(in: 0...255, using: &generator)) }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, raw.count - start)
            zlib.append(start + count == raw.count ? 1 : 0)
            zlib += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[start..<(start + count)]
            start += count
        } while start < raw.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += bigEndian(b << 16 | a)
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func sixHundredViewsOfOneFileEmbedItTwice() throws {
        let folder = try temporaryFolder("render-images")
        try Data(Self.noisePNG(width: 300, height: 300)).write(to: folder.url("photo.png"))
        var lines = ["canvas: {width: 390, height: 844}", "objects:"]
        for index in 0..<600 {
            lines.append(
                "  i\(index): {type: ImageView, image: photo, "
                    + "frame: {x: \(index % 10 * 39), y: \(index / 10 * 14), width: 39, height: 14}}")
        }
        let path = try folder.write(lines.joined(separator: "\n") + "\n", to: "many.yaml")
        let result = run(["render", path])
        #expect(result.status == 0, "\(result.errors)")
        let svg = result.output
        #expect(svg.components(separatedBy: ";base64,").count - 1 == 2, "the file embedded once, and once in a symbol")
        #expect(svg.components(separatedBy: "<use href=\"#image-").count - 1 == 599)
        #expect(svg.utf8.count < 3 * 360_000 + 200_000, "\(svg.utf8.count) bytes")
    }

    @Test func aPictureEmbedsAtMostItsBoundOfImagesAndNamesTheRest() throws {
        // Five different files of 7 MiB: four fit in the 32 MiB a picture
        // embeds; the fifth view shows its name and why instead.
        let folder = try temporaryFolder("render-images")
        var lines = ["canvas: {width: 500, height: 200}", "objects:"]
        for index in 0..<5 {
            var bytes = Self.noisePNG(width: 4, height: 4)
            bytes += [UInt8](repeating: UInt8(index), count: 7 << 20)
            try Data(bytes).write(to: folder.url("photo\(index).png"))
            lines.append(
                "  i\(index): {type: ImageView, image: photo\(index), "
                    + "frame: {x: \(index * 100), y: 0, width: 100, height: 100}}")
        }
        let path = try folder.write(lines.joined(separator: "\n") + "\n", to: "five.yaml")
        let result = run(["render", path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.components(separatedBy: ";base64,").count - 1 == 4)
        #expect(result.output.contains(">too many images in one picture</text>"))
    }

    @Test(.enabled(if: Graphviz.locate("rsvg-convert") != nil, "rsvg-convert is not installed (.ci/run installs it)"))
    func anImageOfSevenMiBAndMoreBecomesAPNG() throws {
        // Its base64 is one attribute of over 10,000,000 bytes.
        let folder = try temporaryFolder("render-images")
        let bytes = Self.noisePNG(width: 1_400, height: 1_400)
        #expect(bytes.count > 7_500_000 && bytes.count <= 8 << 20)
        try Data(bytes).write(to: folder.url("big.png"))
        let path = try folder.write(
            "canvas: {width: 390, height: 390}\nobjects:\n"
                + "  one: {type: ImageView, image: big, frame: {x: 0, y: 0, width: 390, height: 390}}\n",
            to: "one.yaml")
        let png = folder.path("one.png")
        let result = run(["render", path, "-o", png])
        #expect(result.status == 0, "\(result.errors)")
        let written = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(written.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
