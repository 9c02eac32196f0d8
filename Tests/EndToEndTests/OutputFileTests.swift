import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The rules every option that writes a file follows (`run --timeline`,
/// `run --junit`, `graph --output`, `live --record`), end to end through the built
/// executable: an output never destroys an input, a link stays a link, a
/// FIFO is written in place, a private file stays private, an interrupted
/// run leaves nothing behind, and a closed pipe is exit status 74.
@Suite struct OutputFileTests {
    static let scene = "scene: Outputs\nobjects:\n  play: {type: Button}\nscript:\n  - tap: play\n"

    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("outputs")
    }

    /// The test's folder, now holding `scene.yaml`; its path and the scene's.
    func sceneFolder(scene text: String = scene) throws -> (folder: String, scene: String) {
        (temporary.path, try temporary.write(text, to: "scene.yaml"))
    }

    /// The arguments that write `output` from `scene`, for each option.
    static func writing(_ option: String, _ scene: String, to output: String) -> [String] {
        switch option {
        case "--timeline": ["run", scene, "--timeline", output]
        case "--junit": ["run", scene, "--junit", output]
        case "--output": ["graph", scene, "-o", output]
        default: ["live", scene, "--duration", "10ms", "--record", output]
        }
    }

    static let options = ["--timeline", "--junit", "--output", "--record"]

    @Test(arguments: options)
    func anOutputThatIsTheSceneItselfIsRefusedAndTheSceneIsUnchanged(option: String) throws {
        let (folder, scene) = try sceneFolder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.yaml", withDestinationPath: "scene.yaml")
        try FileManager.default.linkItem(atPath: scene, toPath: folder + "/hard.yaml")
        // The same file by its own path, a relative path, a link and a hard link.
        for output in [
            scene, "./scene.yaml", "link.yaml", "hard.yaml",
            folder + "/../" + (folder as NSString).lastPathComponent + "/scene.yaml",
        ] {
            let result = try runSceneRunner(Self.writing(option, scene, to: output), in: URL(fileURLWithPath: folder))
            #expect(result.status == 64, "\(option) \(output): \(result.output)")
            #expect(result.output.contains("would overwrite a file this command reads"), "\(result.output)")
            #expect(try String(contentsOfFile: scene, encoding: .utf8) == Self.scene)
            var status = stat()
            #expect(lstat(folder + "/link.yaml", &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["hard.yaml", "link.yaml", "scene.yaml"])
    }

    @Test(arguments: options)
    func anOutputThatIsAComponentTheSceneIncludesIsRefused(option: String) throws {
        let component = "objects:\n  button: {type: Button}\n"
        let (folder, scene) = try sceneFolder(
            scene: "objects:\n  first: {include: part.yaml}\nscript:\n  - tap: first.button\n")
        try component.write(toFile: folder + "/part.yaml", atomically: true, encoding: .utf8)
        let check = try runSceneRunner(["check", scene])
        try #require(check.status == 0, "\(check.output)")
        let result = try runSceneRunner(Self.writing(option, scene, to: folder + "/part.yaml"))
        #expect(result.status == 64, "\(result.output)")
        #expect(try String(contentsOfFile: folder + "/part.yaml", encoding: .utf8) == component)
    }

    @Test func aTimelineToStandardOutputRedirectedToAFileIsWrittenInPlaceBesideTheTranscript() throws {
        // `/dev/stdout` leads to the file the shell opened; replacing that
        // file would leave the transcript in the old, unlinked one.
        let (folder, scene) = try sceneFolder()
        let result = try runExecutable(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: [
                "-c", "exec \"$0\" run scene.yaml --timeline /dev/stdout > out.txt", try sceneRunnerURL().path,
            ],
            directory: URL(fileURLWithPath: folder))
        #expect(result.status == 0, "\(result.errors)")
        let written = try String(contentsOfFile: folder + "/out.txt", encoding: .utf8)
        #expect(written.contains("== Outputs (scene.yaml, 1 object)"), "\(written.prefix(300))")
        #expect(written.contains("<!DOCTYPE html>") || written.contains("<html"), "\(written.suffix(300))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out.txt", "scene.yaml"])
        _ = scene
    }

    @Test(arguments: options)
    func aSymbolicLinkHasItsTargetWrittenAndStaysALink(option: String) throws {
        let (folder, scene) = try sceneFolder()
        try "old".write(toFile: folder + "/target.out", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.out", withDestinationPath: "target.out")
        let result = try runSceneRunner(Self.writing(option, scene, to: folder + "/link.out"))
        #expect(result.status == 0, "\(result.output)")
        var status = stat()
        #expect(lstat(folder + "/link.out", &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
        let written = try String(contentsOfFile: folder + "/target.out", encoding: .utf8)
        #expect(written.count > 20 && written != "old")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "link.out", "scene.yaml", "target.out",
            ])
    }

    @Test(arguments: options)
    func aPrivateFileStaysPrivate(option: String) throws {
        let (folder, scene) = try sceneFolder()
        let output = folder + "/private.out"
        try "old".write(toFile: output, atomically: true, encoding: .utf8)
        chmod(output, 0o600)
        let result = try runSceneRunner(Self.writing(option, scene, to: output))
        #expect(result.status == 0, "\(result.output)")
        var status = stat()
        #expect(stat(output, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o600)
        #expect(try String(contentsOfFile: output, encoding: .utf8) != "old")
    }

    #if os(Linux)
        @Test(arguments: options)
        func aNewFileGetsThePermissionsTheUmaskAllows(option: String) throws {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
            let umask = try #require(
                mode_t(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }, radix: 8))
            let (folder, scene) = try sceneFolder()
            let result = try runSceneRunner(Self.writing(option, scene, to: folder + "/new.out"))
            #expect(result.status == 0, "\(result.output)")
            var information = stat()
            #expect(stat(folder + "/new.out", &information) == 0)
            #expect(information.st_mode & 0o7777 == 0o666 & ~umask)
        }
    #endif

    @Test(arguments: options)
    func aFIFOIsWrittenInPlaceAndItsReaderGetsTheBytes(option: String) throws {
        let (folder, scene) = try sceneFolder()
        let fifo = folder + "/pipe"
        try #require(mkfifo(fifo, 0o600) == 0)
        // The reader opens the FIFO (which waits for the writer) and reads to its end.
        let received = ReceivedBytes()
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            guard descriptor >= 0 else { return received.end() }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                received.append(buffer.prefix(count))
            }
            close(descriptor)
            received.end()
        }
        reader.start()
        let result = try runSceneRunner(Self.writing(option, scene, to: fifo))
        #expect(result.status == 0, "\(result.output)")
        waitUntil(timeout: .seconds(60)) { received.isEnded }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        #expect(received.text.count > 20, "\(received.text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["pipe", "scene.yaml"])
    }

    @Test func aClosedPipeEndsARunWithStatus74() throws {
        let (_, scene) = try sceneFolder()
        // Far more than a pipe holds.
        let process = try RunningExecutable(
            try sceneRunnerURL(), arguments: ["run", "--jobs", "1"] + Array(repeating: scene, count: 2000),
            output: .pipe)
        let output = try #require(process.outputPipe)
        // `| head -1`: one line read, then the pipe is closed.
        var byte: UInt8 = 0
        while read(output.fileDescriptor, &byte, 1) == 1 && byte != UInt8(ascii: "\n") {}
        try output.close()
        let result = try process.wait(timeout: .seconds(60))
        #expect(!result.isSignalled)
        #expect(result.status == 74, "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count <= 1)
    }

    @Test func liveRecordsItsSessionEvenWhenItsOutputIsClosed() throws {
        let (folder, scene) = try sceneFolder()
        let recording = folder + "/session.yaml"
        let process = try RunningExecutable(
            try sceneRunnerURL(), arguments: ["live", scene, "--record", recording], output: .pipe,
            errors: .discarded)
        try process.outputPipe?.close()
        process.type("tap: play\ntap: play\n")
        process.endInput()
        let result = try process.wait(timeout: .seconds(60))
        #expect(!result.isSignalled)
        #expect(result.status == 74)
        let recorded = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(recorded.contains("\n  - tap: play\n"))
    }

    /// A run stopped by Ctrl-C (SIGINT) or SIGTERM while it writes a
    /// timeline page (its output is a pipe nobody reads, so it waits
    /// mid-scene) removes the page's temporary file and the store's state
    /// folder, and ends by the signal.
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedRunLeavesNoTemporaryFileNorStateFolder(signal: Int32) throws {
        let notes = (0..<4000).map { "  - note: line \($0) of a long transcript, to fill the pipe\n" }.joined()
        let text = """
            objects:
              store: {type: FocusStore, path: focus.sqlite}
            script:

            """ + notes
        let (folder, scene) = try sceneFolder(scene: text)
        let temporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        // Its output is a pipe nobody reads.
        let process = try RunningExecutable(
            try sceneRunnerURL(), arguments: ["run", scene, "--timeline", folder + "/page.html"],
            environment: ["TMPDIR": temporary], output: .pipe, mergingErrors: true)
        func contents(_ path: String) -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }
        waitUntil(timeout: .seconds(60), poll: .milliseconds(2)) {
            contents(folder).contains { $0.hasSuffix(".partial") } && !contents(temporary).isEmpty
        }
        #expect(contents(folder).contains { $0.hasSuffix(".partial") }, "\(contents(folder))")
        #expect(!contents(temporary).isEmpty)
        process.send(signal)
        let result = try process.wait(timeout: .seconds(60))
        #expect(result.isSignalled)
        #expect(result.status == signal)
        #expect(contents(folder).sorted() == ["scene.yaml", "tmp"])
        #expect(contents(temporary) == [])
    }
}

/// Bytes a reader thread collects.
final class ReceivedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var ended = false

    func append(_ more: some Sequence<UInt8>) { lock.withLock { bytes += more } }
    func end() { lock.withLock { ended = true } }
    var isEnded: Bool { lock.withLock { ended } }
    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
}
