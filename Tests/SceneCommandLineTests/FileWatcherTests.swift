import Foundation
import TestSupport
import Testing

@testable import SceneCommandLine

/// The watcher behind `run --watch`, on real files.
@Suite struct FileWatcherTests {
    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("watcher")
    }

    /// A new folder in the test's, holding `name` with `text`.
    private func file(_ text: String, name: String = "scene.yaml") throws -> String {
        let path = try temporary.folder(UUID().uuidString).appendingPathComponent(name).path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func nothingChangedIsNoChange() throws {
        let path = try file("a")
        var watcher = FileWatcher([path])
        #expect(watcher.changes() == [])
        #expect(watcher.changes() == [])
    }

    @Test func newContentsOfTheSameSizeAreAChange() throws {
        let path = try file("objects: {}\n")
        var watcher = FileWatcher([path])
        // A later modification time, as a save a moment later gives.
        let later = Date().addingTimeInterval(5)
        try "objects: []\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: path)
        #expect(watcher.changes() == [path])
        #expect(watcher.changes() == [], "a change is reported once")
    }

    @Test func aFileRenamedOverTheOriginalIsAChange() throws {
        let path = try file("objects: {}\n")
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        var watcher = FileWatcher([path])
        // An editor's safe save: a copy with the same size and time, renamed over.
        let copy = path + ".tmp"
        try "objects: []\n".write(toFile: copy, atomically: false, encoding: .utf8)
        if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: copy) }
        #expect(rename(copy, path) == 0)
        #expect(watcher.changes() == [path])
    }

    @Test func aFileThatVanishesAndComesBackChangesTwice() throws {
        let path = try file("a")
        var watcher = FileWatcher([path])
        try FileManager.default.removeItem(atPath: path)
        #expect(watcher.changes() == [path])
        try "b".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(watcher.changes() == [path])
    }

    @Test func aFileGivenTwiceIsWatchedOnceAndOnlyChangedFilesAreReported() throws {
        let first = try file("a", name: "first.yaml")
        let second = try file("b", name: "second.yaml")
        var watcher = FileWatcher([first, second, first])
        #expect(watcher.paths == [first, second])
        try "bb".write(toFile: second, atomically: false, encoding: .utf8)
        #expect(watcher.changes() == [second])
    }

    @Test func theNextChangesComeOnceTheFileHasSettled() throws {
        let path = try file("a")
        var watcher = FileWatcher([path])
        watcher.interval = .milliseconds(20)
        // The save comes once the test is about to wait for it (so, almost
        // always, while the watcher waits): either way it is reported once.
        let waiting = Atomicish()
        let writer = Thread {
            waitUntil(timeout: .seconds(60)) { waiting.isSet }
            try? "bb".write(toFile: path, atomically: false, encoding: .utf8)
        }
        writer.start()
        waiting.set()
        #expect(watcher.nextChanges(givingUpAfter: 3000) == [path])
        #expect(watcher.changes() == [])
    }

    @Test func aWatcherWithADeadlineGivesUpWhenNothingChanges() throws {
        let path = try file("a")
        var watcher = FileWatcher([path])
        watcher.interval = .milliseconds(5)
        #expect(watcher.nextChanges(givingUpAfter: 4) == [])
    }

    @Test func aFileThatNeverSettlesIsReportedAfterTheLimit() throws {
        let path = try file("a")
        var watcher = FileWatcher([path])
        watcher.interval = .milliseconds(20)
        let done = Atomicish()
        let writer = Thread {
            var size = 1
            // A write every 5 ms (four an interval), until the test is done.
            while !done.isSet, size < 2000 {
                size += 1
                try? String(repeating: "x", count: size).write(toFile: path, atomically: false, encoding: .utf8)
                waitUntil(timeout: .milliseconds(5), poll: .milliseconds(5)) { done.isSet }
            }
        }
        writer.start()
        #expect(watcher.nextChanges(maxSettling: 3, givingUpAfter: 3000) == [path])
        done.set()
    }
}

/// A flag one thread sets and another reads.
private final class Atomicish: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
