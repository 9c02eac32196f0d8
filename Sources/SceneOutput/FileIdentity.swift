#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's device and inode: the same for every path that reaches it
/// (a symbolic link, a hard link, `./` or `..` in the path), different for
/// two files whatever their names. How the loader reads each component
/// file once and finds an include cycle, and how a command refuses an
/// output file that is one it reads.
///
///     let scene = FileIdentity("Scenes/player.yaml")
///     let same = FileIdentity("Scenes/../Scenes/player.yaml")
///     // scene == same, when the file exists
package struct FileIdentity: Hashable, Sendable {
    /// The device the file is on (`st_dev`).
    package let device: UInt64
    /// The file's number on its device (`st_ino`).
    package let inode: UInt64

    /// The identity `device` and `inode` give.
    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of the file that `status` (from `stat`, `lstat` or
    /// `fstat`) describes.
    package init(_ status: stat) {
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The identity of the file at `path`, links followed; `nil` when
    /// there is no such file or it cannot be looked at.
    package init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of the file open as `descriptor`; `nil` when it is not open.
    package init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }
}
