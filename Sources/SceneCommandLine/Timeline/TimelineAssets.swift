/// The timeline page's style sheet and script, from the files
/// `Timeline/Assets/timeline.css` and `Timeline/Assets/timeline.js`.
///
/// The files are package resources that SwiftPM builds into the program
/// (`.embedInCode` in Package.swift), not a resource bundle looked up when
/// the program runs: they cannot be missing, wherever the executable is
/// copied and whichever package builds it.
///
/// The script reads `SCENE`, `D` (the data rows) and `SUMMARY`, which the
/// page declares before it (``TimelineWriter``); the page wraps it in a
/// function in strict mode.
enum TimelineAssets {
    /// The style sheet, without the file's final newline.
    static let style = text(PackageResources.timeline_css)

    /// The script that draws the timeline, without the file's final newline.
    static let script = text(PackageResources.timeline_js)

    /// `bytes` as UTF-8 text less one final line feed (a byte that is not
    /// UTF-8 becomes U+FFFD, so this cannot fail).
    static func text(_ bytes: [UInt8]) -> String {
        let body = bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...]
        return String(decoding: body, as: UTF8.self)
    }
}
