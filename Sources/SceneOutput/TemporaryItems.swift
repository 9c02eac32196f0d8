import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files and folders this process made and has not yet
/// removed or renamed into place: a page's `.partial` file, a store's
/// fresh state folder. Whoever makes one registers it and unregisters it
/// when it is gone or kept; the command line's signal handling removes
/// whatever is still registered when the process is interrupted (Ctrl-C,
/// SIGTERM), so that an interrupted run leaves nothing behind.
///
///     let token = TemporaryItems.register(partialPath)
///     defer { TemporaryItems.unregister(token) }
package enum TemporaryItems {
    private static let items = Mutex<(next: Int, paths: [Int: String])>((0, [:]))

    /// Registers `path`; the token unregisters it.
    package static func register(_ path: String) -> Int {
        items.withLock { items in
            items.next += 1
            items.paths[items.next] = path
            return items.next
        }
    }

    /// Forgets the item `token` registered (removed, or renamed into place).
    package static func unregister(_ token: Int) {
        _ = items.withLock { $0.paths.removeValue(forKey: token) }
    }

    /// The paths registered now.
    package static var paths: [String] {
        items.withLock { $0.paths.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Removes every registered item (a folder with what it holds, a few
    /// levels deep at most) and forgets them all.
    package static func removeAll() {
        let paths = items.withLock { items in
            let taken = items.paths.values
            items.paths.removeAll()
            return Array(taken)
        }
        for path in paths { remove(path, depth: 0) }
    }

    /// Removes `path`: a file, a link, or a folder and what it holds, down
    /// to a fixed depth (the folders registered are shallow).
    private static func remove(_ path: String, depth: Int) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            unlink(path)
            return
        }
        if depth < 8, let folder = opendir(path) {
            var names: [String] = []
            // A folder this process made holds few entries; at most this many are removed.
            while names.count < 10_000, let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(folder)
            for name in names { remove(path + "/" + name, depth: depth + 1) }
        }
        rmdir(path)
    }
}
