import Foundation
import GRDB
import TestSupport
import Testing

/// Runs SQL on the database at `file` through a connection of its own, as
/// another program would.
func execute(_ sql: String, onDatabaseAt file: URL) throws {
    let database = try DatabaseQueue(path: file.path)
    try database.writeWithoutTransaction { try $0.execute(sql: sql) }
    try database.close()
}

/// Makes `item` (a file or a folder) unwritable for this process, and
/// returns what makes it writable again; `nil` when this process cannot
/// make it so.
///
/// A non-root process changes its mode (`chmod a-w`). Root ignores
/// permissions, so for root it is marked immutable (`chattr +i`), which
/// binds root too, where the file system and the process's capabilities
/// allow it. Either way the result is checked by trying to write.
func makeUnwritable(_ item: URL) throws -> (() -> Void)? {
    let manager = FileManager.default
    if geteuid() != 0 {
        let mode = try manager.attributesOfItem(atPath: item.path)[.posixPermissions] as? Int ?? 0o755
        try manager.setAttributes([.posixPermissions: mode & ~0o222], ofItemAtPath: item.path)
        return { try? manager.setAttributes([.posixPermissions: mode], ofItemAtPath: item.path) }
    }
    let chattr = "/usr/bin/chattr"
    guard manager.isExecutableFile(atPath: chattr), runQuietly(chattr, ["+i", item.path]) else { return nil }
    let undo = { _ = runQuietly(chattr, ["-i", item.path]) }
    if manager.isWritableFile(atPath: item.path) {
        undo()
        return nil
    }
    return undo
}

/// Runs `executable` with `arguments`, output discarded; whether it exited 0.
private func runQuietly(_ executable: String, _ arguments: [String]) -> Bool {
    let result = try? runExecutable(
        URL(fileURLWithPath: executable), arguments: arguments, output: .discarded, errors: .discarded)
    return result?.status == 0
}
