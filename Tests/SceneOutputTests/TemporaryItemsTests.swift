import SceneOutput
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files and folders an interrupted process removes, and
/// the buffered descriptor output files are written through.
@Suite struct TemporaryItemsTests {
    @Test func anItemIsRegisteredUntilItsTokenUnregistersIt() {
        // (`removeAll()`, which the command line calls when interrupted,
        // would remove other tests' files in this process: the end-to-end
        // OutputFileTests interrupt a real run instead.)
        let path = "/tmp/scene-output-item-\(getpid())"
        let first = TemporaryItems.register(path)
        let second = TemporaryItems.register(path + ".2")
        #expect(first != second)
        #expect(TemporaryItems.paths.contains(path) && TemporaryItems.paths.contains(path + ".2"))
        TemporaryItems.unregister(first)
        #expect(!TemporaryItems.paths.contains(path) && TemporaryItems.paths.contains(path + ".2"))
        TemporaryItems.unregister(second)
        #expect(!TemporaryItems.paths.contains(path + ".2"))
    }

    @Test func descriptorOutputRemembersTheFirstFailure() throws {
        let temporary = try temporaryFolder("scene-output")
        let folder = temporary.path
        let output = try #require(DescriptorOutput(creatingNew: folder + "/out", bufferSize: 4))
        output.write("abcdef")
        output.write(bytes: Array("gh".utf8)[...])
        #expect(output.finish() == nil)
        #expect(AtomicFileTests.contents(folder + "/out") == "abcdefgh")
        // The file exists now: creating it again fails, with the reason.
        #expect(DescriptorOutput(creatingNew: folder + "/out") == nil)
        // A device that is always full, where there is one (Linux).
        guard let full = DescriptorOutput(writingInPlace: "/dev/full", bufferSize: 0) else { return }
        full.write("x")
        full.write("y")
        #expect(full.hasFailed && full.failure == ENOSPC)
        #expect(full.finish() == DescriptorOutput.reason(ENOSPC))
    }
}
