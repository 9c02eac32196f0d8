import Foundation
import SceneLoader
import TestSupport
import Testing

/// Reading a scene file is bounded: a file over the limit is refused
/// before it is read, a device is refused, a pipe is read only up to the
/// limit and only while data keeps coming.
@Suite struct SceneSourceTests {
    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("source")
    }

    /// A new path in the test's folder, ending in `name`.
    private func temporaryPath(_ name: String) -> String {
        temporary.path("\(UUID().uuidString)-\(name)")
    }

    private func message(_ read: () throws(Diagnostic) -> SceneSource) -> String? {
        do {
            _ = try read()
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aSparseGiantIsRefusedByItsSizeWithoutBeingRead() throws {
        let path = temporaryPath("giant.yaml")
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
        try #require(descriptor >= 0)
        #expect(ftruncate(descriptor, 3 << 30) == 0)
        close(descriptor)
        defer { unlink(path) }
        let start = ContinuousClock.now
        #expect(
            message { () throws(Diagnostic) in try SceneSource(contentsOf: path) }
                == "'\(path)' is 3221225472 bytes, more than the limit of 67108864; nothing was read past it")
        // A hang guard, with room for a loaded machine: the message (its size,
        // not "holds more than") already says it was judged without reading.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test(arguments: ["/dev/zero", "/dev/null"])
    func aDeviceIsRefused(path: String) {
        #expect(
            message { () throws(Diagnostic) in try SceneSource(contentsOf: path) }
                == "cannot read '\(path)': it is a device, not a file")
    }

    @Test func aPipeWithoutDataIsGivenUpAfterTheWait() throws {
        let path = temporaryPath("fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // A writer that opens the pipe and then says nothing.
        let writer = open(path, O_RDWR | O_NONBLOCK)
        defer { close(writer) }
        let start = ContinuousClock.now
        #expect(
            message { () throws(Diagnostic) in
                try SceneSource(contentsOf: path, maxBytes: 1000, maxWait: .milliseconds(200))
            }
                == "cannot read '\(path)': no data arrived within 200ms")
        // It gives up rather than wait forever (a hang guard, not a speed target).
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func aPipeIsReadOnlyUpToTheLimit() throws {
        let path = temporaryPath("fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let writer = open(path, O_RDWR | O_NONBLOCK)
        defer { close(writer) }
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
        #expect(write(writer, bytes, bytes.count) == bytes.count)
        #expect(
            message { () throws(Diagnostic) in
                try SceneSource(contentsOf: path, maxBytes: 1000, maxWait: .milliseconds(200))
            }
                == "'\(path)' holds more than 1000 bytes, more than the limit of 1000; nothing was read past it")
    }

    @Test func aPipeIsReadToItsEnd() throws {
        let path = temporaryPath("fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let writer = open(path, O_RDWR | O_NONBLOCK)
        let text = Array("objects:\n  v: {type: View}\n".utf8)
        #expect(write(writer, text, text.count) == text.count)
        // The reader sees the end once the only writer has closed, after it
        // opened: the writer closes once the reader has taken every byte out
        // of the pipe (closing before it opened would throw the bytes away).
        let closer = Thread {
            waitUntil(timeout: .seconds(60)) { bytesInPipe(writer) == 0 }
            close(writer)
        }
        closer.start()
        let source = try SceneSource(contentsOf: path, maxBytes: 1000, maxWait: .seconds(60))
        #expect(source.bytes == text)
    }

    @Test func aPipeWhoseWriterComesLaterIsWaitedFor() throws {
        let path = temporaryPath("fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let text = Array("objects:\n  v: {type: View}\n".utf8)
        // The writer opens the pipe only once the reader has it open (until
        // then opening it to write fails), so the reader meets a pipe with
        // no writer yet.
        let writer = Thread {
            var descriptor: Int32 = -1
            waitUntil(timeout: .seconds(60)) {
                descriptor = open(path, O_WRONLY | O_NONBLOCK)
                return descriptor >= 0
            }
            guard descriptor >= 0 else { return }
            _ = write(descriptor, text, text.count)
            close(descriptor)
        }
        writer.start()
        let source = try SceneSource(contentsOf: path, maxBytes: 1000, maxWait: .seconds(60))
        #expect(source.bytes == text)
    }

    @Test func aNameThatIsNotUTF8IsSaidToBeSo() {
        let path = "/tmp/caf\u{FFFD}.yaml"
        #expect(
            message { () throws(Diagnostic) in try SceneSource(contentsOf: path) }
                == "cannot read '\(path)': its name is not valid UTF-8 (or holds U+FFFD)")
    }
}

/// How many bytes wait in the pipe that `descriptor` is open on (-1 when
/// that cannot be told).
private func bytesInPipe(_ descriptor: Int32) -> Int32 {
    var count: Int32 = 0
    return ioctl(descriptor, UInt(FIONREAD), &count) == 0 ? count : -1
}
