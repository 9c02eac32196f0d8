import SceneCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The line at the bottom of a terminal: the time and the timers pending.
/// It is only shown on a terminal; elsewhere the output is plain lines.
///
/// On a terminal whose size is known, the bottom row is kept for it (the
/// rows above scroll, as a scroll region) and it is drawn there with the
/// cursor saved and restored, so that the transcript and what the person
/// types are never overwritten; when the size is not known it is drawn on
/// the current line and cleared before each line of transcript.
final class StatusLine: TextSink {
    private let output: any TextSink
    private let isShown: Bool
    /// The terminal's height; 0 when unknown.
    private let rows: Int
    private var shownText: String?
    private var isRegionSet = false

    init(output: any TextSink, isShown: Bool, descriptor: Int32 = 1) {
        self.output = output
        self.isShown = isShown
        var size = winsize()
        rows = isShown && ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 ? Int(size.ws_row) : 0
    }

    private var keepsBottomRow: Bool { rows >= 3 }

    var hasFailed: Bool { output.hasFailed }

    func write(_ text: String) {
        if !keepsBottomRow { clear() }
        output.write(text)
    }

    func flush() { output.flush() }

    /// Draws the status line (again when its text changed).
    func show(time: Duration, pending: Int) {
        guard isShown else { return }
        let tenths = time.components.seconds * 10 + time.components.attoseconds / 100_000_000_000_000_000
        let text =
            "[live \(tenths / 10).\(tenths % 10)s, \(pending) timer\(pending == 1 ? "" : "s") pending; Ctrl-C ends]"
        guard text != shownText else { return }
        shownText = text
        guard keepsBottomRow else {
            output.write("\r\u{1B}[K" + text)
            return
        }
        if !isRegionSet {
            // A free row below the cursor (scrolling if it is at the
            // bottom), the rows above the last made the scroll region, and
            // the cursor back on its line.
            output.write("\n\u{1B}7\u{1B}[1;\(rows - 1)r\u{1B}8\u{1B}[1A")
            isRegionSet = true
        }
        output.write("\u{1B}7\u{1B}[\(rows);1H\u{1B}[2K" + text + "\u{1B}8")
    }

    /// Takes the status line off the screen (and gives the terminal its
    /// whole height back).
    func clear() {
        guard shownText != nil else { return }
        shownText = nil
        guard keepsBottomRow else {
            output.write("\r\u{1B}[K")
            return
        }
        output.write("\u{1B}7\u{1B}[\(rows);1H\u{1B}[2K\u{1B}[r\u{1B}8")
        isRegionSet = false
    }
}
