import Foundation
import SceneBehaviours
import SceneCore
import SceneDrawing
import TestSupport
import Testing

/// A folder of its own in the temporary directory, removed at the end.
private final class Folder {
    private let folder: TemporaryFolder
    var path: String { folder.path }

    init() throws {
        folder = try temporaryFolder("images")
    }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: "\(path)/\(name)"))
    }
}

/// A 3 by 2 pixel PNG: its signature and header, which is what is read of it.
let smallPNG: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 3, 0, 0, 0, 2]
    + [8, 6, 0, 0, 0, 0, 0, 0, 0]
let smallSVG = Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#.utf8)

@Suite struct ImageViewTests {
    private let limit = ImageView.maximumImageBytes

    @Test func defaultsAreNoImage() {
        var expected = viewDefaults
        expected["image"] = .string("")
        #expect(ImageView.sceneDescription().defaultValues() == expected)
        #expect(ImageView().image.isEmpty)
        #expect(ImageView().imageLookup == .none)
    }

    @Test func registersTheViewMembersAndTheImageName() {
        #expect(
            MemberList(of: ImageView.sceneDescription())
                == MemberList.view(properties: ["image: String"], events: ["imageChanged: String"]))
    }

    @Test func theLimitIsEightMebibytes() {
        #expect(ImageView.maximumImageBytes == 8 * 1_024 * 1_024)
    }

    @Test func aBareNameWithNoFileIsThePlaceholderWithoutAWarning() throws {
        let folder = try Folder()
        #expect(ImageFile.lookUp("logo", in: folder.path, maximumBytes: limit) == .placeholder)
        #expect(ImageFile.lookUp("logo", in: nil, maximumBytes: limit) == .placeholder)
    }

    @Test func aBareNameFindsThePNGBeforeTheSVG() throws {
        let folder = try Folder()
        try folder.write("logo.svg", smallSVG)
        #expect(
            ImageFile.lookUp("logo", in: folder.path, maximumBytes: limit)
                == .file(name: "logo.svg", format: .svg, bytes: smallSVG, size: nil))
        try folder.write("logo.png", smallPNG)
        #expect(
            ImageFile.lookUp("logo", in: folder.path, maximumBytes: limit)
                == .file(name: "logo.png", format: .png, bytes: smallPNG, size: Size(width: 3, height: 2)))
    }

    @Test func aNameWithItsExtensionNamesTheFileAndAMissingOneIsWarnedOf() throws {
        let folder = try Folder()
        try folder.write("logo.png", smallPNG)
        #expect(
            ImageFile.lookUp("logo.svg", in: folder.path, maximumBytes: limit)
                == .refused("no such file"))
        #expect(
            ImageFile.lookUp("logo.svg", in: nil, maximumBytes: limit)
                == .refused("the scene has no folder"))
        guard case .file(let name, .png, _, _) = ImageFile.lookUp("logo.png", in: folder.path, maximumBytes: limit)
        else {
            Issue.record("logo.png was not read")
            return
        }
        #expect(name == "logo.png")
    }

    @Test(arguments: [
        ("../secret", "a path, not a name"), ("a/b.png", "a path, not a name"), ("a\\b", "a path, not a name"),
        ("..", "a name holding '..'"), ("x..png", "a name holding '..'"), (".hidden", "a hidden file's name"),
        ("bell\u{7}", "a control character"),
    ])
    func aNameThatIsNotAFileNameBesideTheSceneIsRefused(name: String, warning: String) throws {
        let folder = try Folder()
        #expect(ImageFile.lookUp(name, in: folder.path, maximumBytes: limit) == .refused(warning))
    }

    @Test func aFileOverTheLimitIsRefusedUnread() throws {
        let folder = try Folder()
        try folder.write("big.png", smallPNG + [UInt8](repeating: 0, count: 100))
        #expect(
            ImageFile.lookUp("big", in: folder.path, maximumBytes: 64)
                == .refused("133 bytes, over 64"))
    }

    @Test func aFileThatIsNotWhatItsNameSaysIsRefused() throws {
        let folder = try Folder()
        try folder.write("fake.png", Array("<svg/>".utf8))
        try folder.write("fake2.svg", smallPNG)
        #expect(ImageFile.lookUp("fake", in: folder.path, maximumBytes: limit) == .refused("not a PNG file"))
        #expect(
            ImageFile.lookUp("fake2.svg", in: folder.path, maximumBytes: limit)
                == .refused("not an SVG file"))
    }

    @Test func aSymbolicLinkIsNotFollowedAndAFolderIsNotAFile() throws {
        let folder = try Folder()
        let outside = try Folder()
        try outside.write("secret.png", smallPNG)
        try FileManager.default.createSymbolicLink(
            atPath: "\(folder.path)/linked.png", withDestinationPath: "\(outside.path)/secret.png")
        try FileManager.default.createDirectory(atPath: "\(folder.path)/folder.png", withIntermediateDirectories: true)
        #expect(
            ImageFile.lookUp("linked", in: folder.path, maximumBytes: limit)
                == .refused("a symbolic link"))
        #expect(
            ImageFile.lookUp("folder.png", in: folder.path, maximumBytes: limit)
                == .refused("not a regular file"))
    }

    @Test func itLooksInTheScenesFolderFromAwakeAndAgainWhenTheNameChanges() throws {
        let folder = try Folder()
        try folder.write("logo.png", smallPNG)
        let view = ImageView()
        view.image = "logo"
        let scene = Scene(
            title: nil, summary: nil,
            entries: [Scene.Entry(id: "logo", type: ImageView.sceneDescription(), object: view)]
        )
        scene.sourceDirectory = folder.path
        view.awake(in: scene)
        #expect(view.intrinsicSize == Size(width: 3, height: 2))
        try FileManager.default.removeItem(atPath: "\(folder.path)/logo.png")
        // Read once per name: the picture does not change under a run.
        #expect(view.intrinsicSize == Size(width: 3, height: 2))
        view.image = "other"
        #expect(view.imageLookup == .placeholder)
        #expect(view.intrinsicSize == Size(width: 100, height: 100))
        view.image = "logo"
        #expect(view.imageLookup == .placeholder)
    }

    @Test func aGivenFolderIsKeptAtAwake() throws {
        let folder = try Folder()
        try folder.write("logo.svg", smallSVG)
        let view = ImageView(imageDirectory: folder.path)
        view.image = "logo"
        let scene = Scene(title: nil, summary: nil, entries: [])
        scene.sourceDirectory = "/nonexistent"
        view.awake(in: scene)
        #expect(view.imageDirectory == folder.path)
        #expect(view.imageLookup == .file(name: "logo.svg", format: .svg, bytes: smallSVG, size: nil))
    }
}
