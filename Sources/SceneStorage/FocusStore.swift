import Foundation
import GRDB
import SceneBehaviours
import SceneCore

/// A ``FocusTimer``'s settings, state and history of finished intervals in
/// a real SQLite database file, through GRDB.
///
/// YAML keys: `path: String` (required): the database file; a relative path
/// resolves in the run's state directory (``Scene/stateDirectory``, from
/// `scene-runner run --state-dir DIR`), or, when the run keeps no state,
/// in a fresh temporary folder removed with the store, so that running a
/// scene twice gives the same transcript. Read-only `finishedIntervals: Int`
/// (the rows of the history) and `error: String?` (the last failed save).
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
///   restores its state. A missing file is created, with its folder. A file
///   that is not an SQLite database, is corrupt, or is another
///   application's database fails the scene's load with an error naming the
///   file; the file is neither written, moved nor deleted.
/// - Every save writes the settings and the state, and a finished interval
///   when there is one, in one transaction: a process killed at any instant
///   leaves the last committed save intact and no partial interval.
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
/// save fails. Opening survives a concurrent opener: a new file is marked
/// in one transaction, a migration that another opener applied first is
/// taken as done, and a lock that SQLite does not wait for (switching to
/// WAL) is waited for by trying again, up to ``lockTimeout``. Runs that
/// share a file share its state: the settings and state are those of the
/// last save, whichever store made it, and the history holds every store's
/// intervals in the order they were committed. ``finishedIntervals`` counts
/// the intervals the file held when this store opened and those it added
/// since.
public final class FocusStore: SceneObject, FocusTimerStore {
    /// The database file; relative paths resolve in the state directory.
    public var path = ""

    /// How many finished intervals the history held when the store opened,
    /// plus those it added since.
    public private(set) var finishedIntervals = 0

    /// The last save that failed, as a sentence naming the file; `nil` when
    /// the last save succeeded.
    public private(set) var error: String?

    /// The file in use once open.
    public private(set) var databasePath: String?

    /// Whether the database is open.
    public var isOpen: Bool { database != nil }

    /// How long an access waits while another connection holds the
    /// database's lock before it fails: 10 s (at most 24 days). Set it
    /// before opening.
    public var lockTimeout: Duration = .seconds(10)

    /// The `application_id` that marks a store's database: "FOCU".
    public static let applicationID: Int32 = 0x464F_4355

    private var database: DatabaseQueue?
    /// A temporary folder this store made, removed when it closes.
    private var ownedDirectory: URL?

    /// A store with no path yet.
    public init() {}

    /// A store for the database at `path`.
    public init(path: String) {
        self.path = path
    }

    deinit {
        close()
    }

    /// Opens the database in the scene's state directory; a failure fails
    /// the scene's load with the error.
    public func awake(in scene: Scene) {
        do {
            try open(stateDirectory: scene.stateDirectory)
        } catch {
            scene.reportFailure(of: self, error.description)
        }
    }

    // MARK: Opening

    /// Opens (creating when missing) the database at ``path``, resolved in
    /// `stateDirectory`, or in a fresh temporary folder when it is `nil`.
    ///
    /// - Throws: ``FocusStoreError`` naming the file when it cannot be made
    ///   or is not a store's database; the file is left as it was.
    public func open(stateDirectory: String?) throws(FocusStoreError) {
        close()
        let file = try resolve(stateDirectory: stateDirectory)
        let manager = FileManager.default
        let folder = file.deletingLastPathComponent()
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FocusStoreError(path: file.path, reason: "cannot create its folder (\(error.localizedDescription))")
        }
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: file.path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue { throw FocusStoreError(path: file.path, reason: "it is a folder") }
        do {
            let (queue, count) = try openQueue(at: file)
            database = queue
            databasePath = file.path
            finishedIntervals = count
        } catch let error as FocusStoreError {
            throw FocusStoreError(path: file.path, reason: error.reason)
        } catch let error as DatabaseError {
            throw FocusStoreError(path: file.path, reason: Self.reason(error))
        } catch {
            throw FocusStoreError(path: file.path, reason: "\(error)")
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
    /// known to be a store's.
    private static func prepare(_ queue: DatabaseQueue) throws -> Int {
        if try queue.read(checkFormat) {
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
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM history") ?? 0 }
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

    /// The migrations applied to the database. Unlike GRDB's
    /// `appliedIdentifiers`, which may find the table missing and then
    /// present when a concurrent opener makes it in between, it looks for
    /// the table and reads it in one snapshot (the caller's read
    /// transaction, begun by the first statement).
    private static func appliedMigrations(_ db: Database) throws -> Set<String> {
        let hasTable =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations')"
            ) ?? false
        guard hasTable else { return [] }
        return try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
    }

    /// Closes the database, and removes the temporary folder the store made.
    public func close() {
        if let database { try? database.close() }
        database = nil
        databasePath = nil
        if let ownedDirectory { try? FileManager.default.removeItem(at: ownedDirectory) }
        ownedDirectory = nil
    }

    private func resolve(stateDirectory: String?) throws(FocusStoreError) -> URL {
        guard !path.isEmpty else { throw FocusStoreError(path: path, reason: "the path is empty") }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        if let stateDirectory {
            return URL(fileURLWithPath: stateDirectory, isDirectory: true).appendingPathComponent(path)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-state-\(UUID().uuidString)", isDirectory: true)
        ownedDirectory = folder
        return folder.appendingPathComponent(path)
    }

    /// Whether the file is a new, empty database, after refusing one that
    /// another application made, or a corrupt one. Only reads.
    private static func checkFormat(_ db: Database) throws -> Bool {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tableCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
        if applicationID != FocusStore.applicationID && (applicationID != 0 || tableCount > 0) {
            throw FocusStoreError(path: "", reason: "it is another application's SQLite database, not a focus store")
        }
        let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
        if check != ["ok"] {
            throw FocusStoreError(
                path: "", reason: "the database is corrupt (\(check.prefix(3).joined(separator: "; ")))")
        }
        return applicationID == 0 && tableCount == 0
    }

    /// Marks a new, empty database as a store's, unless a concurrent opener
    /// already did; in one write transaction, so that no opener ever sees
    /// a half-made store without the mark and takes it for another
    /// application's.
    private static func mark(_ db: Database) throws {
        guard try checkFormat(db) else { return }
        try db.execute(sql: "PRAGMA application_id = \(FocusStore.applicationID)")
    }

    private static func reason(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: "another program kept the database locked"
        case .SQLITE_NOTADB: "it is not an SQLite database"
        case .SQLITE_CORRUPT: "the database is corrupt"
        case .SQLITE_CANTOPEN: "it cannot be opened"
        default: error.message ?? "\(error)"
        }
    }

    /// The schema, one migration per version.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(FocusStore.applicationID)")
            try db.create(table: "settings") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("workLength", .integer).notNull()
                table.column("shortBreakLength", .integer).notNull()
                table.column("longBreakLength", .integer).notNull()
                table.column("longBreakEvery", .integer).notNull()
                table.column("longBreaks", .boolean).notNull()
            }
            try db.create(table: "state") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("status", .text).notNull()
                table.column("activity", .text).notNull()
                table.column("remaining", .integer).notNull()
                table.column("completedCycles", .integer).notNull()
            }
            try db.create(table: "history") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("activity", .text).notNull()
                table.column("length", .integer).notNull()
                table.column("endTime", .integer).notNull()
                table.column("completedCycles", .integer).notNull()
            }
        }
        return migrator
    }

    // MARK: FocusTimerStore

    /// The state saved last, with the settings saved with it; `nil` when
    /// the store is closed, empty, or holds values this version cannot read.
    public func restoreFocusState() -> FocusTimer.SavedState? {
        guard let database else { return nil }
        return try? database.read { db -> FocusTimer.SavedState? in
            guard let state = try Row.fetchOne(db, sql: "SELECT * FROM state WHERE id = 1"),
                let settingsRow = try Row.fetchOne(db, sql: "SELECT * FROM settings WHERE id = 1"),
                let status = FocusTimer.Status(rawValue: state["status"]),
                let activity = FocusTimer.Activity(rawValue: state["activity"])
            else { return nil }
            var settings = FocusTimer.Settings()
            settings.workLength = .milliseconds(settingsRow["workLength"] as Int64)
            settings.shortBreakLength = .milliseconds(settingsRow["shortBreakLength"] as Int64)
            settings.longBreakLength = .milliseconds(settingsRow["longBreakLength"] as Int64)
            settings.longBreakEvery = settingsRow["longBreakEvery"]
            settings.longBreaks = settingsRow["longBreaks"]
            return FocusTimer.SavedState(
                settings: settings, status: status, activity: activity,
                remaining: .milliseconds(state["remaining"] as Int64), completedCycles: state["completedCycles"])
        }
    }

    /// Writes the settings, the state and `finished`, if any, in one
    /// transaction. A failure is kept in ``error``; nothing is half-written.
    public func saveFocusState(_ state: FocusTimer.SavedState, finishing finished: FocusTimer.FinishedInterval?) {
        guard let database else { return }
        do {
            try database.inTransaction(.immediate) { db in
                let settings = state.settings
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO settings
                        (id, workLength, shortBreakLength, longBreakLength, longBreakEvery, longBreaks)
                        VALUES (1, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        Self.milliseconds(settings.workLength), Self.milliseconds(settings.shortBreakLength),
                        Self.milliseconds(settings.longBreakLength), settings.longBreakEvery, settings.longBreaks,
                    ])
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO state (id, status, activity, remaining, completedCycles)
                        VALUES (1, ?, ?, ?, ?)
                        """,
                    arguments: [
                        state.status.rawValue, state.activity.rawValue, Self.milliseconds(state.remaining),
                        state.completedCycles,
                    ])
                if let finished {
                    try db.execute(
                        sql: "INSERT INTO history (activity, length, endTime, completedCycles) VALUES (?, ?, ?, ?)",
                        arguments: [
                            finished.activity.rawValue, Self.milliseconds(finished.length),
                            Self.milliseconds(finished.endTime), finished.completedCycles,
                        ])
                }
                return .commit
            }
            if finished != nil { finishedIntervals += 1 }
            error = nil
        } catch {
            self.error = "cannot save to focus store '\(databasePath ?? path)': \(error)"
        }
    }

    /// Every finished interval, oldest first.
    public func history() throws -> [FocusTimer.FinishedInterval] {
        guard let database else { return [] }
        return try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM history ORDER BY id").compactMap { row in
                guard let activity = FocusTimer.Activity(rawValue: row["activity"]) else { return nil }
                return FocusTimer.FinishedInterval(
                    activity: activity, length: .milliseconds(row["length"] as Int64),
                    endTime: .milliseconds(row["endTime"] as Int64), completedCycles: row["completedCycles"])
            }
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
    public static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "FocusStore", summary: "A FocusTimer's settings, state and history in an SQLite file.",
            make: { FocusStore() }
        ) { type in
            type.property(
                "path", get: { $0.path }, set: { $0.path = $1 }, required: true,
                doc: "The database file; a relative path resolves in the run's state directory.")
            type.readOnly(
                "finishedIntervals", get: { $0.finishedIntervals },
                doc: "How many finished intervals the history held on opening, plus those saved since.")
            type.readOnly("error", get: { $0.error }, doc: "The last failed save, naming the file; null when none.")
        }
    }
}

/// Why a ``FocusStore`` could not open its database: the file and the reason.
public struct FocusStoreError: Error, Equatable, CustomStringConvertible {
    /// The database file.
    public let path: String
    /// What is wrong with it.
    public let reason: String

    /// An error about the file at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "cannot open focus store 'PATH': REASON; the file was left as it was".
    public var description: String {
        "cannot open focus store '\(path)': \(reason); the file was left as it was"
    }
}

extension SceneRegistry {
    /// ``standard`` with the types that keep state on disk: `FocusStore`.
    public static var standardWithStorage: SceneRegistry {
        var registry = SceneRegistry.standard
        registry.registerBuiltIn { try $0.registerStorageTypes() }
        return registry
    }

    /// Registers `FocusStore`, and the `FocusTimerStore` protocol it
    /// conforms to when the registry lacks it. Registering it twice changes
    /// nothing.
    public mutating func registerStorageTypes() throws(RegistrationError) {
        guard type(named: "FocusStore") == nil else { return }
        if protocolDescription(named: "FocusTimerStore") == nil {
            try declareProtocol(
                (any FocusTimerStore).self, name: "FocusTimerStore",
                summary: "Keeps a FocusTimer's settings, state and history between runs.")
        }
        try register(FocusStore.sceneDescription())
    }
}
