import Foundation
import GRDB
import TestSupport
import Testing

/// Kills a `scene-runner` that is writing to a focus store, with SIGKILL at
/// random instants, and checks after each kill that everything committed
/// is intact.
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

    @Test(.timeLimit(.minutes(5)))
    func killingAWritingProcessAtRandomInstantsLosesNothingCommitted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = folder.appendingPathComponent("crash.yaml")
        try scene.write(to: scenePath, atomically: true, encoding: .utf8)
        let stateDirectory = folder.appendingPathComponent("state")
        let executable = try sceneRunnerURL()
        var generator = SeededGenerator(seed: 0x5EED_F0C5)
        var committed = 0
        var kills = 0
        for _ in 0..<8 {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["run", "--state-dir", stateDirectory.path, scenePath.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The random instant counts from when it starts writing (the
            // store's file appears), not from the launch, which a loaded
            // machine can make last longer than the whole delay.
            let database = stateDirectory.appendingPathComponent("focus.sqlite").path
            waitUntil(timeout: .seconds(60)) {
                !process.isRunning || FileManager.default.fileExists(atPath: database)
            }
            usleep(UInt32(40_000 + generator.next() % 400_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            let count = try checkedHistoryCount(stateDirectory.appendingPathComponent("focus.sqlite").path)
            #expect(count >= committed, "a committed interval was lost")
            committed = count
        }
        #expect(kills >= 4, "the runs ended before they could be killed")
        #expect(committed > 0)
    }
}
