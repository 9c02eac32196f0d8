import Behaviours
import Foundation
import GRDB
import SceneBehaviours
import SceneStorage
import TestSupport
import Testing

/// Two stores on one file at once, in one process and in two: every save
/// of each is recorded, and opening a new file together works.
@Suite struct FocusStoreConcurrencyTests {
    /// What each writer's thread gives back, by writer.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int: [String]] = [:]

        func set(_ errors: [String], for writer: Int) {
            lock.withLock { values[writer] = errors }
        }

        var all: [Int: [String]] { lock.withLock { values } }
    }

    /// Runs `body` for writers 0 and 1 on two threads released together,
    /// and returns the errors each gave, by writer.
    private func together(_ body: @escaping @Sendable (Int) -> [String]) -> [Int: [String]] {
        let results = Results()
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for writer in 0..<2 {
            done.enter()
            Thread {
                start.wait()
                results.set(body(writer), for: writer)
                done.leave()
            }.start()
        }
        start.signal()
        start.signal()
        done.wait()
        return results.all
    }

    /// Opens a store on `folder`'s `focus.sqlite`, saves `count` states each
    /// with a finished interval tagged with `writer`, and closes it; the
    /// errors met on the way.
    private static func write(_ count: Int, as writer: Int, in folder: String) -> [String] {
        let store = FocusStore(path: "focus.sqlite")
        do {
            try store.open(stateDirectory: folder)
        } catch {
            return [error.description]
        }
        var errors: [String] = []
        for index in 0..<count {
            let state = FocusTimer.SavedState(
                settings: FocusTimer.Settings(), status: .running, activity: .work, remaining: .seconds(1),
                completedCycles: writer)
            store.saveFocusState(
                state,
                finishing: .init(
                    activity: .work, length: .seconds(1), endTime: .seconds(index), completedCycles: writer))
            if let error = store.error { errors.append(error) }
        }
        store.close()
        return errors
    }

    /// The history's rows by writer, after checking its ids have no gap.
    private func rowsByWriter(in file: URL) throws -> [Int: Int] {
        let database = try DatabaseQueue(path: file.path)
        defer { try? database.close() }
        return try database.read { db in
            let ids = try Int.fetchAll(db, sql: "SELECT id FROM history ORDER BY id")
            #expect(ids == Array(stride(from: 1, through: ids.count, by: 1)), "the history has a gap")
            var rows: [Int: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT completedCycles, COUNT(*) FROM history GROUP BY 1") {
                rows[try row.decode(Int.self, atIndex: 0)] = try row.decode(Int.self, atIndex: 1)
            }
            return rows
        }
    }

    @Test func twoStoresOpeningOneNewFileAtOnceBothOpenAndSave() throws {
        for _ in 0..<25 {
            let temporary = try temporaryFolder("focus")
            let folder = temporary.url
            let errors = together { Self.write(1, as: $0, in: folder.path) }
            #expect(errors == [0: [], 1: []])
            #expect(try rowsByWriter(in: folder.appendingPathComponent("focus.sqlite")) == [0: 1, 1: 1])
        }
    }

    @Test func twoStoresWritingOneFileAtOnceRecordEverySave() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let errors = together { Self.write(1500, as: $0, in: folder.path) }
        #expect(errors == [0: [], 1: []])
        #expect(try rowsByWriter(in: folder.appendingPathComponent("focus.sqlite")) == [0: 1500, 1: 1500])
    }

    /// A timer whose every activity lasts 1 s, run for 500 s: 500 finished
    /// intervals, one transaction each, as fast as the disk allows.
    private let scene = """
        objects:
          store: {type: FocusStore, path: focus.sqlite}
          timer: {type: FocusTimer, workLength: 1s, shortBreakLength: 1s, longBreakLength: 1s, store: store}
        script:
          - call: timer.start
          - wait: 500s
          - expect: {store.error: null}
        """

    // A hang guard, not a speed target: 1,000 transactions on a loaded disk.
    @Test(.timeLimit(.minutes(5)))
    func twoRunsOnOneNewStateDirectoryAtOnceBothRecordEveryInterval() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let scenePath = folder.appendingPathComponent("twice.yaml")
        try scene.write(to: scenePath, atomically: true, encoding: .utf8)
        let stateDirectory = folder.appendingPathComponent("state")
        let executable = try sceneRunnerURL()
        // Both started before either is waited for: they run at once.
        let runs = try (0..<2).map { _ in
            try RunningExecutable(
                executable, arguments: ["run", "--state-dir", stateDirectory.path, scenePath.path], mergingErrors: true)
        }
        for run in runs {
            let result = try run.wait(timeout: .seconds(240))
            #expect(result.status == 0, "\(result.output)")
        }
        let rows = try rowsByWriter(in: stateDirectory.appendingPathComponent("focus.sqlite"))
        #expect(rows.values.reduce(0, +) == 1000)
    }
}
