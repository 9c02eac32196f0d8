import Foundation
import GRDB
import SceneCore
import TestSupport
import Testing

/// Kills a `scene-runner` that is writing to a focus store, with SIGKILL at
/// random instants, and checks after each kill that everything committed
/// is intact.
///
/// The instant is not a time: each run is killed once it has committed a
/// random number of intervals more (read from the database while it
/// writes), so that a fast machine and a loaded one both kill every run in
/// the middle of its writing.
@Suite struct FocusStoreCrashTests {
    /// A timer whose every activity lasts 1 s, started (or resumed, when the
    /// store brought it back paused) and run for a long virtual time: one
    /// transaction per virtual second, as fast as the disk allows.
    private let scene = """
        objects:
          store: {type: FocusStore, path: focus.sqlite}
          timer:
            type: FocusTimer
            workLength: 1s
            shortBreakLength: 1s
            longBreakLength: 1s
            longBreakEvery: 3
            store: store
        script:
          - call: timer.start
          - wait: 30000s
        """

    /// What the database holds, after checking everything that must hold.
    /// Zero when the process was killed before its first commit.
    private func checkedHistoryCount(_ file: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: file) else { return 0 }
        let database = try DatabaseQueue(path: file)
        defer { try? database.close() }
        return try database.read { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            guard try db.tableExists("history") else { return 0 }
            let ids = try Int.fetchAll(db, sql: "SELECT id FROM history ORDER BY id")
            #expect(ids == Array(stride(from: 1, through: ids.count, by: 1)), "the history has a gap")
            // Every interval is whole: a full second, of a known activity.
            let partial = try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM history
                    WHERE length != 1000 OR activity NOT IN ('work', 'shortBreak', 'longBreak')
                    """)
            #expect(partial == 0)
            guard let state = try Row.fetchOne(db, sql: "SELECT * FROM state") else { return ids.count }
            // The state was written with the interval that led to it: a
            // cycle completes exactly when a break ends, and nothing stops.
            let breaks = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM history WHERE activity != 'work'") ?? -1
            #expect(breaks == state["completedCycles"] as Int)
            let remaining: Int = state["remaining"]
            #expect((0...1000).contains(remaining))
            let last = try Row.fetchOne(db, sql: "SELECT * FROM history ORDER BY id DESC LIMIT 1")
            if let last {
                #expect(last["completedCycles"] as Int == state["completedCycles"] as Int)
                #expect((last["activity"] as String == "work") != (state["activity"] as String == "work"))
            }
            return ids.count
        }
    }

    /// How many intervals the history holds now, read while another
    /// process writes; nil while it cannot be read (not made yet, or busy).
    private func historyCountWhileWriting(_ file: String) -> Int? {
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(1)
        guard let database = try? DatabaseQueue(path: file, configuration: configuration) else { return nil }
        defer { try? database.close() }
        return try? database.read { db in
            try db.tableExists("history") ? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM history") : 0
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func killingAWritingProcessAtRandomInstantsLosesNothingCommitted() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let scenePath = folder.appendingPathComponent("crash.yaml")
        try scene.write(to: scenePath, atomically: true, encoding: .utf8)
        let stateDirectory = folder.appendingPathComponent("state")
        let database = stateDirectory.appendingPathComponent("focus.sqlite").path
        let executable = try sceneRunnerURL()
        var generator = SplitMix64(seed: 0x5EED_F0C5)
        var committed = 0
        var kills = 0
        let runs = 8
        for _ in 0..<runs {
            let process = try RunningExecutable(
                executable, arguments: ["run", "--state-dir", stateDirectory.path, scenePath.path], output: .discarded,
                errors: .discarded)
            // Killed once it has committed between 1 and 40 intervals more
            // than the run before left: at whatever point of its next
            // transaction it is then. A run writes 30,000 intervals, far
            // more than the wait needs (the wait is a hang guard).
            let target = committed + 1 + Int(generator.next() % 40)
            var seen = committed
            waitUntil(timeout: .seconds(120), poll: .milliseconds(5)) {
                seen = max(seen, historyCountWhileWriting(database) ?? 0)
                return !process.isRunning || seen >= target
            }
            if process.isRunning {
                process.send(SIGKILL)
                kills += 1
            }
            _ = try process.wait(timeout: .seconds(60))
            // What was seen committed while it ran is there after the kill.
            let count = try checkedHistoryCount(database)
            #expect(count >= seen, "a committed interval was lost")
            committed = count
        }
        #expect(kills == runs, "a run ended by itself before it had written what it was to be killed after")
        #expect(committed > 0)
    }
}
