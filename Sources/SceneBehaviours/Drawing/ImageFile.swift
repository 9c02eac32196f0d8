import SceneCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file an ``ImageView``'s `image` names, found beside the scene and
/// read within a limit, or why it is drawn as a placeholder.
package enum ImageFile {
    /// What a file holds.
    package enum Format: String, Sendable {
        case png
        case svg

        /// Its media type in a `data:` address.
        package var mediaType: String {
            switch self {
            case .png: "image/png"
            case .svg: "image/svg+xml"
            }
        }
    }

    /// The outcome of looking an image name up.
    package enum Lookup: Equatable, Sendable {
        /// No name: nothing to show.
        case none
        /// A name with no file (as an asset catalogue's image): the
        /// placeholder, with no warning.
        case placeholder
        /// The file, read: `size` is a PNG's own size in pixels, when it says.
        case file(name: String, format: Format, bytes: [UInt8], size: Size?)
        /// The placeholder, with a warning saying in a few words why no
        /// file is shown ("a path", "no such file").
        case refused(String)
    }

    /// Looks `name` up in `directory`: `NAME.png` or `NAME.svg` (the first
    /// found) for a bare name, the file itself for a name ending in `.png`
    /// or `.svg`. Never reads more than `maximumBytes`, never follows a
    /// symbolic link, and never looks outside `directory`.
    package static func lookUp(_ name: String, in directory: String?, maximumBytes: Int) -> Lookup {
        guard !name.isEmpty else { return .none }
        if let refusal = refusal(of: name) { return .refused(refusal) }
        let lowered = name.lowercased()
        let named: Format? = lowered.hasSuffix(".png") ? .png : lowered.hasSuffix(".svg") ? .svg : nil
        guard let directory else {
            return named == nil ? .placeholder : .refused("the scene has no folder")
        }
        let candidates: [(String, Format)] =
            named.map { [(name, $0)] } ?? [("\(name).png", .png), ("\(name).svg", .svg)]
        for (file, format) in candidates {
            switch readFile("\(directory)/\(file)", maximumBytes: maximumBytes) {
            case .missing:
                continue
            case .failed(let reason):
                return .refused(reason)
            case .read(let bytes):
                guard matches(bytes, format) else {
                    return .refused(format == .png ? "not a PNG file" : "not an SVG file")
                }
                return .file(name: file, format: format, bytes: bytes, size: format == .png ? pngSize(bytes) : nil)
            }
        }
        return named == nil ? .placeholder : .refused("no such file")
    }

    /// Why `name` cannot name a file in the scene's folder, or `nil`.
    package static func refusal(of name: String) -> String? {
        if name.contains("/") || name.contains("\\") { return "a path, not a name" }
        if name.contains("..") { return "a name holding '..'" }
        if name.hasPrefix(".") { return "a hidden file's name" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FFFD}" }) {
            return "a control character"
        }
        return nil
    }

    private enum ReadResult {
        case missing
        case failed(String)
        case read([UInt8])
    }

    /// The bytes of the regular file at `path`, at most `maximumBytes`.
    private static func readFile(_ path: String, maximumBytes: Int) -> ReadResult {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            if code == ELOOP { return .failed("a symbolic link") }
            return .failed(String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failed(String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failed("not a regular file") }
        let size = Int(truncatingIfNeeded: status.st_size)
        guard size <= maximumBytes else {
            return .failed("\(size) bytes, over \(maximumBytes)")
        }
        let key = FileKey(status)
        if let shared = cache.withLock({ $0.files[key] }) { return .read(shared) }
        var bytes = [UInt8](repeating: 0, count: size)
        var count = 0
        // One read per chunk, up to the size stat gave: a file that grows
        // meanwhile is read no further; one that shrinks ends early.
        while count < size {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + count }, size - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failed(String(cString: strerror(errno)))
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeLast(size - count)
        if count == size {
            cache.withLock { cache in
                guard cache.bytes + count <= maxCachedBytes, cache.files[key] == nil else { return }
                cache.files[key] = bytes
                cache.bytes += count
            }
        }
        return .read(bytes)
    }

    /// A file as it is now: its device and number, size and change time.
    private struct FileKey: Hashable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let seconds: Int
        let nanoseconds: Int

        init(_ status: stat) {
            device = UInt64(truncatingIfNeeded: status.st_dev)
            inode = UInt64(truncatingIfNeeded: status.st_ino)
            size = Int64(truncatingIfNeeded: status.st_size)
            #if canImport(Darwin)
                seconds = Int(truncatingIfNeeded: status.st_mtimespec.tv_sec)
                nanoseconds = Int(truncatingIfNeeded: status.st_mtimespec.tv_nsec)
            #else
                seconds = Int(truncatingIfNeeded: status.st_mtim.tv_sec)
                nanoseconds = Int(truncatingIfNeeded: status.st_mtim.tv_nsec)
            #endif
        }
    }

    /// The most bytes of image files kept for views that name the same
    /// file: 64 MiB, past which a file is read for each view.
    static let maxCachedBytes = 64 << 20

    /// Files read, by what they are: the views that show one file share
    /// its bytes (and a picture embeds them once, ``DrawingContext/image(_:mediaType:in:)``),
    /// instead of each holding a copy. A file changed since is read again.
    private static let cache = Mutex<(files: [FileKey: [UInt8]], bytes: Int)>(([:], 0))

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `bytes` look like `format`: the PNG signature, or an `<svg`
    /// element in an SVG file's first 4 KiB.
    private static func matches(_ bytes: [UInt8], _ format: Format) -> Bool {
        switch format {
        case .png:
            return bytes.starts(with: pngSignature)
        case .svg:
            let head = bytes.prefix(4096)
            let needle = Array("<svg".utf8)
            guard head.count >= needle.count else { return false }
            return (0...(head.count - needle.count)).contains { head.dropFirst($0).starts(with: needle) }
        }
    }

    /// A PNG's width and height in pixels, from its header chunk.
    private static func pngSize(_ bytes: [UInt8]) -> Size? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func number(at offset: Int) -> Double {
            Double(bytes[offset..<(offset + 4)].reduce(0 as UInt32) { $0 << 8 | UInt32(truncatingIfNeeded: $1) })
        }
        return Size(width: number(at: 16), height: number(at: 20))
    }
}
