import Behaviours
import Foundation
import GRDB
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning
import SceneStorage
import TestSupport
import Testing

@Suite struct FocusStoreTests {
    private func state(
        _ status: FocusTimer.Status = .paused, _ activity: FocusTimer.Activity = .shortBreak,
        remaining: Duration = .milliseconds(1234), cycles: Int = 5
    ) -> FocusTimer.SavedState {
        var settings = FocusTimer.Settings()
        settings.workLength = .seconds(3)
        return FocusTimer.SavedState(
            settings: settings, status: status, activity: activity, remaining: remaining, completedCycles: cycles)
    }

    @Test func aMissingDatabaseIsCreatedWithItsFolder() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let store = FocusStore(path: "nested/focus.sqlite")
        try store.open(stateDirectory: folder.path)
        let file = folder.appendingPathComponent("nested/focus.sqlite").path
        #expect(store.databasePath == file)
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(store.restoreFocusState() == nil)
        #expect(store.finishedIntervals == 0)
    }

    @Test func theStateAndTheHistorySurviveClosingAndOpeningAgain() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let store = FocusStore(path: "focus.sqlite")
        try store.open(stateDirectory: folder.path)
        let interval = FocusTimer.FinishedInterval(
            activity: .work, length: .seconds(3), endTime: .seconds(9), completedCycles: 5)
        store.saveFocusState(state(), finishing: interval)
        store.saveFocusState(state(remaining: .milliseconds(999)), finishing: nil)
        store.close()

        let reopened = FocusStore(path: "focus.sqlite")
        try reopened.open(stateDirectory: folder.path)
        #expect(reopened.restoreFocusState() == state(remaining: .milliseconds(999)))
        #expect(try reopened.history() == [interval])
        #expect(reopened.finishedIntervals == 1)
        #expect(reopened.error == nil)
    }

    @Test func anAbsolutePathIgnoresTheStateDirectory() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let file = folder.appendingPathComponent("absolute.sqlite").path
        let store = FocusStore(path: file)
        try store.open(stateDirectory: "/nonexistent-state")
        #expect(store.databasePath == file)
    }

    @Test func withoutAStateDirectoryTheStoreUsesATemporaryFolderItRemoves() throws {
        let store = FocusStore(path: "focus.sqlite")
        try store.open(stateDirectory: nil)
        let file = try #require(store.databasePath)
        #expect(FileManager.default.fileExists(atPath: file))
        store.close()
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path))
    }

    @Test func aFileThatIsNotADatabaseFailsNamingItAndIsLeftUntouched() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let file = folder.appendingPathComponent("focus.sqlite")
        let bytes = Data("my notes, not a database\n".utf8) + Data(repeating: 7, count: 5000)
        try bytes.write(to: file)
        let store = FocusStore(path: "focus.sqlite")
        #expect(throws: FocusStoreError(path: file.path, reason: "it is not an SQLite database")) {
            try store.open(stateDirectory: folder.path)
        }
        #expect(!store.isOpen)
        #expect(try Data(contentsOf: file) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["focus.sqlite"])
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftUntouched() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let file = folder.appendingPathComponent("focus.sqlite")
        let other = try DatabaseQueue(path: file.path)
        try other.write { db in
            try db.execute(sql: "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')")
        }
        try other.close()
        let bytes = try Data(contentsOf: file)
        let store = FocusStore(path: "focus.sqlite")
        let error = try #require(throws: FocusStoreError.self) { try store.open(stateDirectory: folder.path) }
        #expect(error.path == file.path)
        #expect(error.description.contains("another application's SQLite database"))
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test func aCorruptStoreFailsNamingItAndIsLeftUntouched() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let store = FocusStore(path: "focus.sqlite")
        try store.open(stateDirectory: folder.path)
        for cycle in 0..<200 {
            store.saveFocusState(
                state(cycles: cycle),
                finishing: .init(activity: .work, length: .seconds(3), endTime: .seconds(cycle), completedCycles: cycle)
            )
        }
        store.close()
        let file = folder.appendingPathComponent("focus.sqlite")
        var bytes = try Data(contentsOf: file)
        // Keep the header (the first 100 bytes); garble the schema page and the rest.
        for offset in stride(from: 100, to: bytes.count, by: 7) { bytes[offset] = 0xA5 }
        try bytes.write(to: file)
        let error = try #require(throws: FocusStoreError.self) {
            try FocusStore(path: "focus.sqlite").open(stateDirectory: folder.path)
        }
        #expect(error.path == file.path)
        #expect(error.description.hasPrefix("cannot open focus store '\(file.path)': "))
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test func aSceneWhoseStoreCannotOpenFailsToLoadWithADiagnosticAtTheStore() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        try Data("not sqlite".utf8).write(to: folder.appendingPathComponent("broken.sqlite"))
        var loader = SceneLoader(registry: .standardWithStorage)
        loader.stateDirectory = folder.path
        let yaml =
            "objects:\n  timer: {type: FocusTimer, store: store}\n  store: {type: FocusStore, path: broken.sqlite}\n"
        #expect(throws: SceneLoadError.self) { try loader.load(SceneSource(name: "s.yaml", text: yaml)) }
        do {
            _ = try loader.load(SceneSource(name: "s.yaml", text: yaml))
        } catch {
            let path = folder.appendingPathComponent("broken.sqlite").path
            #expect(
                error.rendered.hasPrefix(
                    "s.yaml:3:3: error: cannot open focus store '\(path)': it is not an SQLite database; "
                        + "the file was left as it was\n"))
            #expect(error.diagnostics.map(\.code) == [.objectFailed])
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("broken.sqlite")) == Data("not sqlite".utf8))
    }

    @Test func registersPathAndItsReadOnlyState() throws {
        let registry = SceneRegistry.standardWithStorage
        let type = try #require(registry.type(named: "FocusStore"))
        #expect(registry.type(type, satisfies: "FocusTimerStore"))
        #expect(type.properties.map(\.name) == ["path", "finishedIntervals", "error"])
        #expect(type.requiredProperties.map(\.name) == ["path"])
        #expect(registry.types.last?.name == "FocusStore")
    }
}

@Suite struct FocusTimerSceneTests {
    private let scene = packageRoot.appendingPathComponent("Scenes/focus-timer.yaml").path

    /// The first value `path` had in an expectation of `transcript`.
    private func firstActual(_ path: String, in transcript: Transcript) -> SceneValue? {
        for entry in transcript.entries {
            if case .expectation(path, _, let actual, _, _) = entry.kind { return actual }
        }
        return nil
    }

    private func run(stateDirectory: String?) throws -> Transcript {
        let outcome = SceneRunner(registry: .standardWithStorage, stateDirectory: stateDirectory).run(contentsOf: scene)
        guard case .ran(let transcript) = outcome else {
            Issue.record("the scene did not load: \(outcome)")
            throw CancellationError()
        }
        return transcript
    }

    @Test func theScenePassesAndRunsTheSameTwiceWithoutAStateDirectory() throws {
        let first = try run(stateDirectory: nil)
        #expect(first.succeeded)
        #expect(first.passedCount == 73)
        #expect(try run(stateDirectory: nil).entries == first.entries)
    }

    @Test func aSecondRunWithTheSameStateDirectoryContinuesTheFirst() throws {
        let temporary = try temporaryFolder("focus")
        let folder = temporary.url
        let first = try run(stateDirectory: folder.path)
        #expect(first.succeeded)
        let second = try run(stateDirectory: folder.path)
        // The first run ended running with 2 s left after 3 cycles and 7
        // finished intervals: the second comes back paused there.
        #expect(firstActual("timer.status", in: second) == .enumCase("paused"))
        #expect(firstActual("timer.activity", in: second) == .enumCase("work"))
        #expect(firstActual("timer.secondsLeft", in: second) == .int(2))
        #expect(firstActual("timeLabel.text", in: second) == .string("00:02"))
        #expect(firstActual("statusLabel.text", in: second) == .string("Work paused"))
        #expect(firstActual("startButton.title", in: second) == .string("Resume"))
        #expect(firstActual("timer.completedCycles", in: second) == .int(3))
        #expect(firstActual("store.finishedIntervals", in: second) == .int(7))
    }
}
