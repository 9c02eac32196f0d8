import Foundation

/// A fresh, empty folder of one test's own, removed with everything in it
/// when the value is released.
///
///     @Test func theReportIsWritten() throws {
///         let folder = try temporaryFolder()
///         let scene = try folder.write("objects:\n  a: {type: View}\n", to: "scene.yaml")
///         let report = folder.path("report.xml")
///         ...
///     }   // the folder is removed here
///
/// Keep the value itself (not only a path made from it) in a local `let`
/// or in a stored property of the suite: Swift Testing makes a suite value
/// per test, so the folder goes when the test ends. Under XCTest, which
/// keeps a test case object for the whole run, make it in the test method
/// (or in `setUp` and set it to `nil` in `tearDown`).
public final class TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// The folder's path.
    public var path: String { url.path }

    fileprivate init(url: URL) {
        self.url = url
    }

    /// The URL of `name` in the folder (which may name a subfolder, as in `"a/b.yaml"`).
    public func url(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The path of `name` in the folder (which may name a subfolder, as in `"a/b.yaml"`).
    public func path(_ name: String) -> String {
        url(name).path
    }

    /// Writes `text` as UTF-8 to `name` in the folder, making the subfolders
    /// `name` names, and returns the file's path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let file = url(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Makes the subfolder `name` (and those above it) and returns its URL.
    @discardableResult
    public func folder(_ name: String) throws -> URL {
        let folder = url(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A fresh, empty folder under the system's temporary folder, removed
/// when the value returned is released (see ``TemporaryFolder``).
///
///     let folder = try temporaryFolder("timeline")
///     let page = folder.path("page.html")
///
/// - Parameter label: the start of the folder's name, to tell it apart
///   when a test fails and leaves it behind.
public func temporaryFolder(_ label: String = "test") throws -> TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return TemporaryFolder(url: url)
}
