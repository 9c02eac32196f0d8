import Behaviours
import Foundation
import GRDB
import SceneBehaviours
import SceneCore
import SceneOutput

/// A ``FocusTimer``'s settings, state and history of finished intervals in
/// a real SQLite database file, through GRDB.
///
/// Its ``path`` is the database file: a relative path resolves in the
/// run's state directory (``Scene/stateDirectory``, from `scene-runner run
/// --state-dir DIR`), or, when the run keeps no state, in a fresh temporary
/// folder removed with the store, so that running a scene twice gives the
/// same transcript.
///
///     timer:
///       type: FocusTimer
///       store: focusStore
///     focusStore:
///       type: FocusStore
///       path: focus.sqlite
///
/// The contract:
/// - The store opens in `awake`, before the timer that uses it wakes and
///   restores its state. A missing file is created, with its folder.
/// - Opening checks the file before it writes anything, and fails the
///   scene's load (a diagnostic at the store; `scene-runner` exits 2) with
///   a ``FocusStoreError`` naming the file when the store cannot be used:
///   its folder is not writable ("its folder 'DIR' is not writable": SQLite
///   writes its journal beside the file), the file is read-only, is not an
///   SQLite database, is corrupt, is another application's database, was
///   made by a newer version (its schema has a migration this version does
///   not know), lacks a table or a column, or holds a saved value that does
///   not decode ("the setting 'workLength' holds 'x', which is not a whole
///   number of milliseconds"; a number out of range, an unknown status).
///   An existing file is then neither written, moved nor deleted.
/// - Every save writes the settings and the state, and a finished interval
///   when there is one, in one transaction: a process killed at any instant
///   leaves the last committed save intact and no partial interval.
/// - A failure while the scene runs is never silent and never a crash: a
///   save that fails (the disk is full, a table was dropped, another
///   program held the lock longer than ``lockTimeout``) is reported with
///   `scene.reportFailure` as "cannot save to focus store 'PATH': REASON"
///   (the runner shows it in the transcript and the run fails). A run of
///   saves failing for the same reason is reported once, at its first;
///   ``error`` keeps the last failure until a save succeeds. A saved state
///   that stops decoding after opening is reported as "cannot read focus
///   store 'PATH': REASON" and closes the store, so that no save
///   overwrites what could not be read.
/// - The schema is made and upgraded by a `DatabaseMigrator`; the file is
///   marked with its own `application_id` so that another database is
///   never mistaken for a store.
///
/// Concurrency: any number of stores, in one process or in several (two
/// `scene-runner run` on one `--state-dir` at once), may use one file at
/// the same time, and every save of each is recorded. The file is in WAL
/// mode, so reading never waits for a save and a save never waits for a
/// reader (its `-wal` and `-shm` files lie beside it while it is open);
/// every save is an immediate transaction, and a store that finds another
/// connection saving waits for it, up to ``lockTimeout`` (10 s), before the
/// save fails and is reported. Opening survives a concurrent opener: a new
/// file is marked in one transaction, a migration that another opener
/// applied first is taken as done, and a lock that SQLite does not wait for
/// (switching to WAL) is waited for by trying again, up to ``lockTimeout``.
/// Runs that share a file share its state: the settings and state are those
/// of the last save, whichever store made it, and the history holds every
/// store's intervals in the order they were committed.
/// ``finishedIntervals`` counts the intervals the file held when this store
/// opened and those it added since.
package final class FocusStore: SceneObject, FocusTimerStore, PropertyNotifying {
    /// Who follows its properties (see ``PropertyNotifying``); `nil` until someone does.
    package var propertyObservers: PropertyObservers?

    /// The database file; relative paths resolve in the state directory.
    package var path = ""

    /// How many finished intervals the history held when the store opened,
    /// plus those it added since.
    package private(set) var finishedIntervals = 0 {
        didSet { propertyDidChange(\.finishedIntervals, from: oldValue, to: finishedIntervals) }
    }

    /// The last failure, as a sentence naming the file (see
    /// ``FocusStoreError``); `nil` once a save succeeds.
    package private(set) var error: String? {
        didSet { propertyDidChange(\.error, from: oldValue, to: error) }
    }

    /// The file in use once open.
    package private(set) var databasePath: String?

    /// Whether the database is open.
    package var isOpen: Bool { database != nil }

    /// How long an access waits while another connection holds the
    /// database's lock before it fails: 10 s (at most 24 days). Set it
    /// before opening.
    package var lockTimeout: Duration = .seconds(10)

    /// The `application_id` that marks a store's database: "FOCU".
    package static let applicationID: Int32 = 0x464F_4355

    private var database: DatabaseQueue?
    /// A temporary folder this store made, removed when it closes.
    private var ownedDirectory: URL?
    /// Its registration with ``TemporaryItems``, so that an interrupted
    /// process removes it too.
    private var ownedDirectoryToken: Int?
    /// The scene to tell of failures, from ``awake(in:)``.
    private weak var scene: Scene?

    /// A store with no path yet.
    package init() {}

    /// A store for the database at `path`.
    package init(path: String) {
        self.path = path
    }

    deinit {
        close()
    }

    /// Opens the database in the scene's state directory; a failure fails
    /// the scene's load with the error. Keeps the scene to report later
    /// failures to.
    package func awake(in scene: Scene) {
        self.scene = scene
        do {
            try open(stateDirectory: scene.stateDirectory)
        } catch {
            report(error)
        }
    }

    /// Keeps `failure` in ``error`` and reports it to the scene, unless it
    /// repeats the failure before it.
    private func report(_ failure: FocusStoreError) {
        let message = failure.description
        guard message != error else { return }
        error = message
        scene?.reportFailure(of: self, message)
    }

    // MARK: Opening

    /// Opens (creating when missing) the database at ``path``, resolved in
    /// `stateDirectory`, or in a fresh temporary folder when it is `nil`.
    ///
    /// - Throws: ``FocusStoreError`` naming the file when it cannot be made
    ///   or is not a usable store's database; an existing file is left as
    ///   it was.
    package func open(stateDirectory: String?) throws(FocusStoreError) {
        close()
        let file = try resolve(stateDirectory: stateDirectory)
        let manager = FileManager.default
        let folder = file.deletingLastPathComponent()
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FocusStoreError(
                .create, path: file.path, reason: "cannot create its folder (\(error.localizedDescription))")
        }
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: file.path, isDirectory: &isDirectory)
        let operation: FocusStoreError.Operation = exists ? .open : .create
        if exists && isDirectory.boolValue { throw FocusStoreError(path: file.path, reason: "it is a folder") }
        // SQLite writes its journal and WAL files beside the database.
        guard manager.isWritableFile(atPath: folder.path) else {
            throw FocusStoreError(operation, path: file.path, reason: "its folder '\(folder.path)' is not writable")
        }
        if exists && !manager.isWritableFile(atPath: file.path) {
            throw FocusStoreError(path: file.path, reason: "it is read-only")
        }
        do {
            let (queue, count) = try openQueue(at: file)
            database = queue
            databasePath = file.path
            finishedIntervals = count
            error = nil
        } catch {
            throw FocusStoreError(operation, path: file.path, reason: reason(error))
        }
    }

    /// Opens a connection and prepares the database; returns it with the
    /// number of finished intervals. A connection waits up to
    /// ``lockTimeout`` for another's lock, but not always: switching a new
    /// file to WAL fails at once while another connection uses it, and so,
    /// SQLite says, may opening while the last connection closes a WAL
    /// database or one recovers it after a crash. Opening then tries
    /// again, every 10 ms, until ``lockTimeout`` has passed.
    private func openQueue(at file: URL) throws -> (DatabaseQueue, Int) {
        // SQLite counts the timeout in milliseconds in 32 bits (24 days).
        let timeout = min(max(Self.milliseconds(lockTimeout), 0), Int64(Int32.max))
        var configuration = Configuration()
        configuration.busyMode = .timeout(Double(timeout) / 1000)
        let deadline = ContinuousClock.now + .milliseconds(timeout)
        while true {
            do {
                let queue = try DatabaseQueue(path: file.path, configuration: configuration)
                do {
                    return (queue, try Self.prepare(queue))
                } catch {
                    try? queue.close()
                    throw error
                }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                guard ContinuousClock.now < deadline else { throw error }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    /// Checks the database, then makes or upgrades its schema, and returns
    /// how many finished intervals it holds. Only reads until the file is
    /// known to be a store's of this version with values that decode.
    private static func prepare(_ queue: DatabaseQueue) throws -> Int {
        let isEmpty = try queue.read { db in
            let isEmpty = try checkFormat(db)
            try checkVersion(db)
            if try Set(migrator.migrations).isSubset(of: appliedMigrations(db)) {
                try checkSchema(db)
                _ = try savedState(db)
            }
            return isEmpty
        }
        if isEmpty {
            try queue.inTransaction(.immediate) { db in
                try mark(db)
                return .commit
            }
        }
        try migrate(queue)
        try queue.writeWithoutTransaction { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
        }
        return try queue.read { db in
            try checkSchema(db)
            _ = try savedState(db)
            return try historyCount(db)
        }
    }

    /// Applies the migrations; a migration that fails because a concurrent
    /// opener applied it first is tried again, and found done.
    private static func migrate(_ queue: DatabaseQueue) throws {
        var applied = try queue.read(appliedMigrations)
        while true {
            do {
                try migrator.migrate(queue)
                return
            } catch {
                let now = try queue.read(appliedMigrations)
                guard now != applied else { throw error }
                applied = now
            }
        }
    }

    /// Closes the database, and removes the temporary folder the store made.
    package func close() {
        closeDatabase()
        if let ownedDirectory { try? FileManager.default.removeItem(at: ownedDirectory) }
        if let ownedDirectoryToken { TemporaryItems.unregister(ownedDirectoryToken) }
        ownedDirectory = nil
        ownedDirectoryToken = nil
    }

    private func closeDatabase() {
        if let database { try? database.close() }
        database = nil
        databasePath = nil
    }

    private func resolve(stateDirectory: String?) throws(FocusStoreError) -> URL {
        guard !path.isEmpty else { throw FocusStoreError(.create, path: path, reason: "the path is empty") }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        if let stateDirectory {
            return URL(fileURLWithPath: stateDirectory, isDirectory: true).appendingPathComponent(path)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-state-\(UUID().uuidString)", isDirectory: true)
        ownedDirectory = folder
        ownedDirectoryToken = TemporaryItems.register(folder.path)
        return folder.appendingPathComponent(path)
    }

    /// `error` as the reason of a ``FocusStoreError``.
    private func reason(_ error: any Error) -> String {
        if let problem = error as? StoreProblem { return problem.reason }
        guard let error = error as? DatabaseError else { return "\(error)" }
        return switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            "another program kept the database locked for more than \(Self.text(lockTimeout))"
        case .SQLITE_NOTADB: "it is not an SQLite database"
        case .SQLITE_CORRUPT: "the database is corrupt"
        case .SQLITE_CANTOPEN: "it cannot be opened"
        case .SQLITE_READONLY: "it is read-only"
        case .SQLITE_FULL: "the disk is full"
        default: error.message ?? "\(error)"
        }
    }

    /// A timeout as a message shows it: "10 s", "200 ms".
    private static func text(_ duration: Duration) -> String {
        let milliseconds = milliseconds(duration)
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    // MARK: FocusTimerStore

    /// The state saved last, with the settings saved with it; `nil` when
    /// the store is closed or empty. A saved value that does not decode is
    /// reported as a failure naming the file and the value, and closes the
    /// store, so that no save overwrites it.
    package func restoreFocusState() -> FocusTimer.SavedState? {
        guard let database, let file = databasePath else { return nil }
        do {
            return try database.read(Self.savedState)
        } catch {
            closeDatabase()
            report(FocusStoreError(.read, path: file, reason: reason(error)))
            return nil
        }
    }

    /// Writes the settings, the state and `finished`, if any, in one
    /// transaction; nothing is half-written. A failure is kept in
    /// ``error`` and reported to the scene (once for a run of failures
    /// with the same reason).
    package func saveFocusState(_ state: FocusTimer.SavedState, finishing finished: FocusTimer.FinishedInterval?) {
        guard let database, let file = databasePath else { return }
        do {
            try database.inTransaction(.immediate) { db in
                try Self.write(state, finishing: finished, in: db)
                return .commit
            }
            if finished != nil { finishedIntervals += 1 }
            error = nil
        } catch {
            var reason = reason(error)
            // A table or column that went missing explains a failed statement best.
            if let error = error as? DatabaseError, error.resultCode == .SQLITE_ERROR,
                let problem = try? database.read(Self.schemaProblem)
            {
                reason = problem
            }
            report(FocusStoreError(.save, path: file, reason: reason))
        }
    }

    private static func write(
        _ state: FocusTimer.SavedState, finishing finished: FocusTimer.FinishedInterval?, in db: Database
    ) throws {
        let settings = state.settings
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO settings
                (id, workLength, shortBreakLength, longBreakLength, longBreakEvery, longBreaks)
                VALUES (1, ?, ?, ?, ?, ?)
                """,
            arguments: [
                milliseconds(settings.workLength), milliseconds(settings.shortBreakLength),
                milliseconds(settings.longBreakLength), settings.longBreakEvery, settings.longBreaks,
            ])
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO state (id, status, activity, remaining, completedCycles)
                VALUES (1, ?, ?, ?, ?)
                """,
            arguments: [
                state.status.rawValue, state.activity.rawValue, milliseconds(state.remaining),
                state.completedCycles,
            ])
        if let finished {
            try db.execute(
                sql: "INSERT INTO history (activity, length, endTime, completedCycles) VALUES (?, ?, ?, ?)",
                arguments: [
                    finished.activity.rawValue, milliseconds(finished.length), milliseconds(finished.endTime),
                    finished.completedCycles,
                ])
        }
    }

    /// Every finished interval, oldest first; none when the store is closed.
    ///
    /// - Throws: ``FocusStoreError`` naming the file, and the row and value
    ///   when one does not decode.
    package func history() throws(FocusStoreError) -> [FocusTimer.FinishedInterval] {
        guard let database, let file = databasePath else { return [] }
        do {
            return try database.read(Self.history)
        } catch {
            throw FocusStoreError(.read, path: file, reason: reason(error))
        }
    }

    /// `duration` in whole milliseconds, rounded to the nearest; one too
    /// long for 64 bits of milliseconds (292 million years) is cut to the
    /// largest, or smallest, that fits.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (sum, sumOverflow) = whole.addingReportingOverflow(
            (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000)
        guard !overflow && !sumOverflow else { return seconds < 0 ? .min : .max }
        return sum
    }

    // MARK: Registration

    /// Registers `FocusStore`: `path`, `finishedIntervals` and `error`; it
    /// satisfies `FocusTimer.store` through the `FocusTimerStore` protocol.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "FocusStore", summary: "A FocusTimer's settings, state and history in an SQLite file.",
            make: { FocusStore() }
        ) { type in
            type.property(
                "path", \.path, required: true,
                doc: "The database file; a relative path resolves in the run's state directory.")
            type.readOnly(
                "finishedIntervals", \.finishedIntervals,
                doc: "How many finished intervals the history held on opening, plus those saved since.")
            type.readOnly("error", \.error, doc: "The last failure, naming the file; null once a save succeeds.")
        }
    }
}

extension SceneRegistry {
    /// ``standard`` with the types that keep state on disk: `FocusStore`.
    package static var standardWithStorage: SceneRegistry {
        var registry = SceneRegistry.standard
        registry.registerBuiltIn { (registry: inout SceneRegistry) throws(RegistrationError) in
            try registry.registerStorageTypes()
        }
        return registry
    }

    /// Registers `FocusStore`, and the `FocusTimerStore` protocol it
    /// conforms to when the registry lacks it. Registering it twice changes
    /// nothing.
    package mutating func registerStorageTypes() throws(RegistrationError) {
        guard type(named: "FocusStore") == nil else { return }
        try declareFocusTimerStore()
        try register(FocusStore.sceneDescription())
    }
}
