import Behaviours
import Foundation
import GRDB
import SceneBehaviours

/// The schema of a store's database, its checks, and the reading of its
/// rows: every value read from the file is checked, so a value another
/// program wrote is a ``StoreProblem`` naming it, never a trap.
extension FocusStore {
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

    /// The tables and columns the last migration leaves, which reading and
    /// saving use.
    static let schema: [(table: String, columns: [String])] = [
        ("settings", ["id", "workLength", "shortBreakLength", "longBreakLength", "longBreakEvery", "longBreaks"]),
        ("state", ["id", "status", "activity", "remaining", "completedCycles"]),
        ("history", ["id", "activity", "length", "endTime", "completedCycles"]),
    ]

    /// Whether the file is a new, empty database, after refusing one that
    /// another application made, or a corrupt one. Only reads.
    static func checkFormat(_ db: Database) throws -> Bool {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tableCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
        if applicationID != FocusStore.applicationID && (applicationID != 0 || tableCount > 0) {
            throw StoreProblem("it is another application's SQLite database, not a focus store")
        }
        let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
        if check != ["ok"] {
            throw StoreProblem("the database is corrupt (\(check.prefix(3).joined(separator: "; ")))")
        }
        return applicationID == 0 && tableCount == 0
    }

    /// Marks a new, empty database as a store's, unless a concurrent opener
    /// already did; in one write transaction, so that no opener ever sees
    /// a half-made store without the mark and takes it for another
    /// application's.
    static func mark(_ db: Database) throws {
        guard try checkFormat(db) else { return }
        try db.execute(sql: "PRAGMA application_id = \(FocusStore.applicationID)")
    }

    /// Refuses a schema that a newer version made: one with a migration
    /// this version does not know. Only reads.
    static func checkVersion(_ db: Database) throws {
        let known = migrator.migrations
        let unknown = try appliedMigrations(db).subtracting(known).sorted()
        guard !unknown.isEmpty else { return }
        let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
        throw StoreProblem(
            "it was made by a newer version of FocusStore (its schema has migration\(unknown.count == 1 ? "" : "s") "
                + "\(names); this version knows up to '\(known.last ?? "")')")
    }

    /// The migrations applied to the database. Unlike GRDB's
    /// `appliedIdentifiers`, which may find the table missing and then
    /// present when a concurrent opener makes it in between, it looks for
    /// the table and reads it in one snapshot (the caller's read
    /// transaction, begun by the first statement).
    static func appliedMigrations(_ db: Database) throws -> Set<String> {
        let hasTable =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations')"
            ) ?? false
        guard hasTable else { return [] }
        return try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
    }

    /// Refuses a schema that lacks a table or a column this version uses.
    /// Reads `sqlite_master` itself, so that a change another connection
    /// made is seen at once.
    static func checkSchema(_ db: Database) throws {
        if let problem = try schemaProblem(db) { throw StoreProblem(problem) }
    }

    /// What the schema lacks, as a reason; `nil` when nothing.
    static func schemaProblem(_ db: Database) throws -> String? {
        for (table, columns) in schema {
            let present = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
            guard !present.isEmpty else { return "its table '\(table)' is missing" }
            let names = Set(present.map { $0.lowercased() })
            if let missing = columns.first(where: { !names.contains($0.lowercased()) }) {
                return "its table '\(table)' has no column '\(missing)'"
            }
        }
        return nil
    }

    /// The state saved last, with its settings; `nil` when nothing was saved.
    static func savedState(_ db: Database) throws -> FocusTimer.SavedState? {
        let stateRow = try Row.fetchOne(db, sql: "SELECT * FROM state WHERE id = 1")
        let settingsRow = try Row.fetchOne(db, sql: "SELECT * FROM settings WHERE id = 1")
        guard let stateRow, let settingsRow else {
            if stateRow == nil && settingsRow == nil { return nil }
            throw StoreProblem(
                stateRow == nil ? "it has saved settings but no saved state" : "it has a saved state but no settings")
        }
        let stored = StoredRow(stateRow) { "the state's '\($0)'" }
        let storedSettings = StoredRow(settingsRow) { "the setting '\($0)'" }
        var settings = FocusTimer.Settings()
        settings.workLength = try storedSettings.duration("workLength")
        settings.shortBreakLength = try storedSettings.duration("shortBreakLength")
        settings.longBreakLength = try storedSettings.duration("longBreakLength")
        settings.longBreakEvery = try storedSettings.int("longBreakEvery")
        settings.longBreaks = try storedSettings.bool("longBreaks")
        return FocusTimer.SavedState(
            settings: settings, status: try stored.choice("status"), activity: try stored.choice("activity"),
            remaining: try stored.duration("remaining"), completedCycles: try stored.cycles("completedCycles"))
    }

    /// Every finished interval, oldest first.
    static func history(_ db: Database) throws -> [FocusTimer.FinishedInterval] {
        try Row.fetchAll(db, sql: "SELECT * FROM history ORDER BY id").map { row in
            let id = try StoredRow(row) { "the history's '\($0)'" }.int("id")
            let stored = StoredRow(row) { "the history row \(id)'s '\($0)'" }
            return FocusTimer.FinishedInterval(
                activity: try stored.choice("activity"), length: try stored.duration("length"),
                endTime: try stored.duration("endTime"), completedCycles: try stored.cycles("completedCycles"))
        }
    }

    /// How many finished intervals the history holds.
    static func historyCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM history") ?? 0
    }
}

/// What is wrong with a store's database, as the reason of a
/// ``FocusStoreError``, which adds the file.
struct StoreProblem: Error {
    /// The reason: "its table 'history' is missing".
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// One stored row, read value by value with the checks GRDB's subscripts
/// would trap on: a value of the wrong type, out of range, or missing is a
/// ``StoreProblem`` that names it and shows it.
struct StoredRow {
    let row: Row
    /// Names a column in a reason: "the setting 'workLength'".
    let name: (String) -> String

    init(_ row: Row, name: @escaping (String) -> String) {
        self.row = row
        self.name = name
    }

    /// The value stored in `column`, of whatever type.
    func value(_ column: String) throws(StoreProblem) -> DatabaseValue {
        guard row.hasColumn(column) else { throw StoreProblem("\(name(column)) is missing") }
        do {
            // Decoding a DatabaseValue takes any stored value as it is.
            return try row.decode(DatabaseValue.self, forColumn: column)
        } catch {
            throw StoreProblem("\(name(column)) cannot be read (\(error))")
        }
    }

    /// A whole number: an integer, or a real with no fraction in range.
    func integer(_ column: String, _ kind: String) throws(StoreProblem) -> Int64 {
        let stored = try value(column)
        switch stored.storage {
        case .int64(let integer):
            return integer
        case .double(let double) where double.rounded(.towardZero) == double:
            guard let integer = Int64(exactly: double) else { throw wrong(column, stored, "out of range for \(kind)") }
            return integer
        default:
            throw wrong(column, stored, "not \(kind)")
        }
    }

    /// A duration stored in whole milliseconds.
    func duration(_ column: String) throws(StoreProblem) -> Duration {
        .milliseconds(try integer(column, "a whole number of milliseconds"))
    }

    /// A whole number that fits an `Int`.
    func int(_ column: String) throws(StoreProblem) -> Int {
        let integer = try integer(column, "a whole number")
        guard let int = Int(exactly: integer) else {
            throw wrong(column, try value(column), "out of range for a whole number")
        }
        return int
    }

    /// The most cycles a store takes back: a count the timer can go on
    /// adding to without overflow, and more than any run reaches (68 years
    /// of one-second cycles).
    static let maximumCycles = Int(Int32.max)

    /// A count of cycles, from 0 to ``maximumCycles``.
    func cycles(_ column: String) throws(StoreProblem) -> Int {
        let integer = try integer(column, "a whole number")
        guard (0...Int64(Self.maximumCycles)).contains(integer) else {
            throw wrong(column, try value(column), "out of range for a count of cycles (0 to \(Self.maximumCycles))")
        }
        return Int(integer)
    }

    /// A Boolean stored as 1 or 0.
    func bool(_ column: String) throws(StoreProblem) -> Bool {
        let stored = try value(column)
        switch stored.storage {
        case .int64(1): return true
        case .int64(0): return false
        default: throw wrong(column, stored, "not 1 (true) or 0 (false)")
        }
    }

    /// A case of `Choice` stored by its name.
    func choice<Choice: RawRepresentable & CaseIterable>(_ column: String) throws(StoreProblem) -> Choice
    where Choice.RawValue == String {
        let stored = try value(column)
        if case .string(let name) = stored.storage, let choice = Choice(rawValue: name) { return choice }
        let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        throw wrong(column, stored, "not one of \(names)")
    }

    private func wrong(_ column: String, _ stored: DatabaseValue, _ what: String) -> StoreProblem {
        StoreProblem("\(name(column)) holds \(Self.text(stored)), which is \(what)")
    }

    /// A stored value as SQL would write it: 'x', 1e+30, NULL.
    static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let integer): "\(integer)"
        case .double(let double): "\(double)"
        case .string(let string): "'\(string.count > 40 ? String(string.prefix(40)) + "..." : string)'"
        case .blob(let data): "a blob of \(data.count) byte\(data.count == 1 ? "" : "s")"
        }
    }
}
