import SceneOutput
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written whole or not at all, through `PATH.PID.N.partial`.
@Suite struct AtomicFileTests {
    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("scene-output")
    }

    static func contents(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while case let byte = fgetc(file), byte != EOF { bytes.append(UInt8(byte)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    @Test func theFileAppearsOnlyWhenCommitted() throws {
        let folder = temporary.path
        let path = folder + "/page.html"
        let file = try AtomicFile.create(path).get()
        file.write("<p>one</p>")
        file.write(bytes: Array("\n".utf8)[...])
        file.flush()
        // Until the commit, only the temporary file exists, registered for removal.
        #expect(Self.contents(path) == nil)
        #expect(Self.names(in: folder) == [file.partial.split(separator: "/").last.map(String.init) ?? ""])
        #expect(file.partial.hasSuffix(".partial") && TemporaryItems.paths.contains(file.partial))
        #expect(file.commit() == nil)
        #expect(Self.contents(path) == "<p>one</p>\n")
        #expect(Self.names(in: folder) == ["page.html"])
        #expect(!TemporaryItems.paths.contains(file.partial))
    }

    @Test func anAbandonedWriteLeavesTheOldFileAsItWas() throws {
        let folder = temporary.path
        let path = folder + "/kept.txt"
        #expect(AtomicFile.write(Array("old".utf8), to: path) == nil)
        let file = try AtomicFile.create(path).get()
        file.write("new")
        file.abandon()
        #expect(Self.contents(path) == "old")
        #expect(Self.names(in: folder) == ["kept.txt"])
        // A file neither committed nor abandoned is abandoned when it goes.
        do {
            let dropped = try AtomicFile.create(path).get()
            dropped.write("dropped")
        }
        #expect(Self.contents(path) == "old" && Self.names(in: folder) == ["kept.txt"])
    }

    @Test func theReplacedFileKeepsTheModeGiven() throws {
        let folder = temporary.path
        let path = folder + "/private.txt"
        let file = try AtomicFile.create(path, mode: 0o600).get()
        file.write("secret")
        #expect(file.commit() == nil)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    @Test func aFolderThatCannotHoldItSaysWhy() throws {
        let failure = AtomicFile.write([1], to: "/nonexistent-folder-\(getpid())/x")
        #expect(failure?.code == ENOENT && failure?.reason.isEmpty == false)
    }

    @Test func aFileNamedInAnOpenFolderIsWrittenThereWholeAndOnlyByAPlainName() throws {
        let folder = temporary.path
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(AtomicFile.write(Array("one".utf8), named: "a.svg", in: descriptor, path: "\(folder)/a.svg") == nil)
        #expect(Self.contents("\(folder)/a.svg") == "one")
        #expect(AtomicFile.write(Array("two".utf8), named: "a.svg", in: descriptor, path: "\(folder)/a.svg") == nil)
        #expect(Self.contents("\(folder)/a.svg") == "two")
        for name in ["", ".", "..", "../b.svg", "sub/b.svg"] {
            #expect(
                AtomicFile.write(Array("x".utf8), named: name, in: descriptor, path: name)?.code == EINVAL, "\(name)")
        }
        #expect(Self.names(in: folder) == ["a.svg"])
    }
}
