import ArgumentParser
import SceneCore

/// `--canvas DEVICE|WxH`, for the commands that lay a scene out (`render`,
/// `run`, `preview`): the scene on another device, without editing it.
package struct CanvasOption: ParsableArguments {
    @Option(
        name: .customLong("canvas"),
        help: ArgumentHelp(
            "Lay the scene out on this canvas instead of its own: a device ('iPhone SE', 'iPad landscape') or WIDTHxHEIGHT in points.",
            valueName: "device|WxH"))
    package var text: String?

    package init() {}

    /// The canvas given, if one was.
    package var canvas: (size: Size, device: Device?)? { text.flatMap(Self.canvas(named:)) }

    /// What `--canvas` names: a device, or a size in points.
    package static func canvas(named text: String) -> (size: Size, device: Device?)? {
        if let device = Device.named(text) { return (device.size, device) }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            (1...100_000).contains(width), (1...100_000).contains(height)
        else { return nil }
        return (Size(width: width, height: height), nil)
    }

    package func validate() throws {
        if let text, Self.canvas(named: text) == nil {
            throw ValidationError(
                "--canvas '\(text)' is neither a device nor a size: write a device (\(Device.names.prefix(4).map { "'\($0)'" }.joined(separator: ", "))...) or WIDTHxHEIGHT in points from 1 to 100000, such as 375x667."
            )
        }
    }

    /// The folder name a canvas's snapshot references are kept under
    /// (`iPhone-SE`, `iPad-landscape`, `375x667`): the text, spaces as `-`.
    package var snapshotFolderName: String? { text.map { $0.replacingSpaces } }
}

extension String {
    fileprivate var replacingSpaces: String { String(map { $0 == " " ? "-" : $0 }) }
}
