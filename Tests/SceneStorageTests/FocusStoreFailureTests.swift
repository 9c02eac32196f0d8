import Behaviours
import Foundation
import GRDB
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneStorage
import TestSupport
import Testing

/// What a scene author sees when a store's file cannot be used: a load
/// diagnostic at the store, or a failure while the scene runs, each naming
/// the file; never silence, never a crash.
@Suite struct FocusStoreFailureTests {
    /// A timer and its store, declared on line 3.
    private let yaml = """
        objects:
          timer: {type: FocusTimer, workLength: 2s, shortBreakLength: 1s, store: store}
          store: {type: FocusStore, path: focus.sqlite}

        """

    /// A store in `folder` that holds a saved state and one finished interval.
    private func makeStore(in folder: URL) throws -> URL {
        let store = FocusStore(path: "focus.sqlite")
        try store.open(stateDirectory: folder.path)
        let state = FocusTimer.SavedState(
            settings: FocusTimer.Settings(), status: .paused, activity: .work, remaining: .seconds(7),
            completedCycles: 1)
        store.saveFocusState(
            state,
            finishing: .init(activity: .shortBreak, length: .seconds(300), endTime: .seconds(9), completedCycles: 1))
        #expect(store.error == nil)
        store.close()
        return folder.appendingPathComponent("focus.sqlite")
    }

    /// The first line of the load error for the scene with its store in `folder`,
    /// or `nil` when it loads.
    private func loadError(stateDirectory folder: URL) -> String? {
        var loader = SceneLoader(registry: .standardWithStorage)
        loader.stateDirectory = folder.path
        do {
            _ = try loader.load(SceneSource(name: "s.yaml", text: yaml))
            return nil
        } catch {
            #expect(error.diagnostics.map(\.code) == [.objectFailed])
            return error.rendered.split(separator: "\n").first.map(String.init)
        }
    }

    /// A change made to a store's file by another program, and the reason
    /// the store then gives for not opening it.
    struct Tampering: Sendable, CustomTestStringConvertible {
        let sql: String
        let reason: String
        var testDescription: String { sql }
    }

    static let tamperings = [
        Tampering(
            sql: "UPDATE settings SET workLength = 'x'",
            reason: "the setting 'workLength' holds 'x', which is not a whole number of milliseconds"),
        Tampering(
            sql: "UPDATE settings SET longBreakEvery = 1e30",
            reason: "the setting 'longBreakEvery' holds 1e+30, which is out of range for a whole number"),
        Tampering(
            sql: "UPDATE settings SET shortBreakLength = 2.5",
            reason: "the setting 'shortBreakLength' holds 2.5, which is not a whole number of milliseconds"),
        Tampering(
            sql: "UPDATE settings SET longBreaks = 'yes'",
            reason: "the setting 'longBreaks' holds 'yes', which is not 1 (true) or 0 (false)"),
        Tampering(
            sql: "UPDATE state SET status = 'asleep'",
            reason: "the state's 'status' holds 'asleep', which is not one of stopped, running, paused"),
        Tampering(
            sql: "UPDATE state SET completedCycles = x'0102'",
            reason: "the state's 'completedCycles' holds a blob of 2 bytes, which is not a whole number"),
        Tampering(
            sql: "UPDATE state SET completedCycles = 9223372036854775807",
            reason: "the state's 'completedCycles' holds 9223372036854775807, "
                + "which is out of range for a count of cycles (0 to 2147483647)"),
        Tampering(
            sql: "ALTER TABLE settings RENAME COLUMN workLength TO work",
            reason: "its table 'settings' has no column 'workLength'"),
        Tampering(sql: "DROP TABLE history", reason: "its table 'history' is missing"),
        Tampering(
            sql: "INSERT INTO grdb_migrations VALUES ('v2')",
            reason:
                "it was made by a newer version of FocusStore (its schema has migration 'v2'; this version knows up to 'v1')"
        ),
    ]

    @Test(arguments: tamperings)
    func aFileChangedByAnotherProgramFailsTheLoadNamingTheFileAndIsLeftAsItWas(_ tampering: Tampering) throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let file = try makeStore(in: folder)
        try execute(tampering.sql, onDatabaseAt: file)
        let bytes = try Data(contentsOf: file)
        #expect(
            loadError(stateDirectory: folder)
                == "s.yaml:3:3: error: cannot open focus store '\(file.path)': \(tampering.reason); "
                + "the file was left as it was")
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test func aStoreInAFolderItCannotWriteInFailsTheLoadNamingTheFolder() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        guard let undo = try makeUnwritable(folder) else {
            try Test.cancel(
                "running as root, where permissions are not enforced, and `chattr +i` cannot mark a folder immutable here"
            )
        }
        defer { undo() }
        let file = folder.appendingPathComponent("focus.sqlite").path
        #expect(
            loadError(stateDirectory: folder)
                == "s.yaml:3:3: error: cannot create focus store '\(file)': its folder '\(folder.path)' is not writable"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test func anExistingStoreInAFolderItCannotWriteInFailsTheLoadNamingTheFolder() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let file = try makeStore(in: folder)
        let bytes = try Data(contentsOf: file)
        guard let undo = try makeUnwritable(folder) else {
            try Test.cancel(
                "running as root, where permissions are not enforced, and `chattr +i` cannot mark a folder immutable here"
            )
        }
        defer { undo() }
        #expect(
            loadError(stateDirectory: folder)
                == "s.yaml:3:3: error: cannot open focus store '\(file.path)': its folder '\(folder.path)' "
                + "is not writable; the file was left as it was")
        #expect(try Data(contentsOf: file) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["focus.sqlite"])
    }

    @Test func aStoreWhoseFileIsReadOnlyFailsTheLoad() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let file = try makeStore(in: folder)
        guard let undo = try makeUnwritable(file) else {
            try Test.cancel(
                "running as root, where permissions are not enforced, and `chattr +i` cannot mark a file immutable here"
            )
        }
        defer { undo() }
        #expect(
            loadError(stateDirectory: folder)
                == "s.yaml:3:3: error: cannot open focus store '\(file.path)': it is read-only; the file was left as it was"
        )
    }

    // MARK: While the scene runs

    @Test func aSaveThatFailsWhileTheSceneRunsIsReportedNamingTheFileOncePerRunOfFailures() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        var loader = SceneLoader(registry: .standardWithStorage)
        loader.stateDirectory = folder.path
        let scene = try loader.load(SceneSource(name: "s.yaml", text: yaml))
        var failures: [Scene.Failure] = []
        scene.observeFailures { failures.append($0) }
        let timer = try #require(scene.entry("timer")?.object as? FocusTimer)
        let store = try #require(scene.entry("store")?.object as? FocusStore)
        let file = folder.appendingPathComponent("focus.sqlite")
        timer.start()
        try execute("DROP TABLE history", onDatabaseAt: file)
        // Work ends at 2 s and the break at 3 s: two saves in a row fail.
        try scene.scheduler.advance(by: .seconds(3))
        let message = "cannot save to focus store '\(file.path)': its table 'history' is missing"
        #expect(failures.map(\.objectID) == ["store"])
        #expect(failures.map(\.message) == [message])
        #expect(store.error == message)
        #expect(store.finishedIntervals == 0)
        // A save without an interval succeeds at 4 s; the next interval fails again at 5 s.
        try scene.scheduler.advance(by: .seconds(1))
        #expect(store.error == nil)
        try scene.scheduler.advance(by: .seconds(1))
        #expect(failures.map(\.message) == [message, message])
        #expect(scene.failures.isEmpty)
    }

    @Test func aSaveThatWaitsTooLongForAnotherProgramsLockIsReported() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let file = try makeStore(in: folder)
        let store = FocusStore(path: "focus.sqlite")
        store.lockTimeout = .milliseconds(200)
        let scene = Scene(
            title: nil, summary: nil,
            entries: [Scene.Entry(id: "store", type: FocusStore.sceneDescription(), object: store)],
            stateDirectory: folder.path)
        store.awake(in: scene)
        #expect(scene.failures.isEmpty)
        var failures: [Scene.Failure] = []
        scene.observeFailures { failures.append($0) }
        let state = try #require(store.restoreFocusState())
        // Another connection holds the write lock while the store saves.
        let other = try DatabaseQueue(path: file.path)
        try other.inTransaction(.immediate) { _ in
            store.saveFocusState(state, finishing: nil)
            return .rollback
        }
        try other.close()
        let message =
            "cannot save to focus store '\(file.path)': another program kept the database locked for more than 200 ms"
        #expect(failures.map(\.message) == [message])
        #expect(store.error == message)
        store.saveFocusState(state, finishing: nil)
        #expect(store.error == nil)
    }

    @Test func aStateThatStopsDecodingAfterOpeningIsReportedAndNotOverwritten() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let file = try makeStore(in: folder)
        let store = FocusStore(path: "focus.sqlite")
        try store.open(stateDirectory: folder.path)
        try execute("UPDATE settings SET workLength = 'x'", onDatabaseAt: file)
        #expect(store.restoreFocusState() == nil)
        #expect(
            store.error
                == "cannot read focus store '\(file.path)': the setting 'workLength' holds 'x', "
                + "which is not a whole number of milliseconds")
        #expect(!store.isOpen)
        store.saveFocusState(
            FocusTimer.SavedState(
                settings: FocusTimer.Settings(), status: .stopped, activity: .work, remaining: .seconds(1),
                completedCycles: 0),
            finishing: nil)
        let database = try DatabaseQueue(path: file.path)
        defer { try? database.close() }
        #expect(try database.read { try String.fetchOne($0, sql: "SELECT workLength FROM settings") } == "x")
    }

    @Test func aHistoryRowThatDoesNotDecodeIsAnErrorNamingTheRow() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let file = try makeStore(in: folder)
        try execute("UPDATE history SET length = 'x' WHERE id = 1", onDatabaseAt: file)
        let store = FocusStore(path: "focus.sqlite")
        try store.open(stateDirectory: folder.path)
        let error = try #require(throws: FocusStoreError.self) { try store.history() }
        #expect(
            error.description
                == "cannot read focus store '\(file.path)': the history row 1's 'length' holds 'x', "
                + "which is not a whole number of milliseconds")
    }
}
