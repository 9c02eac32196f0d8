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

/// Ctrl-C (SIGINT) and SIGTERM end a live session at once, cleanly: the
/// handler only sets a flag, which the session's loop looks at after each
/// wait (a signal also cuts the wait short).
package struct Interruption {
    private static let flag = Atomic<Bool>(false)

    package static var happened: Bool { flag.load(ordering: .relaxed) }

    /// Ends the session, as a signal does (from ``SignalHandling``'s thread).
    package static func interrupt() { flag.store(true, ordering: .relaxed) }

    /// The handlers there were before, put back by ``restore()``.
    private var previous: [(signal: Int32, action: sigaction)] = []

    /// Installs the handler (and unblocks the signals); the program's own
    /// handlers come back with ``restore()``.
    package static func install() -> Interruption {
        flag.store(false, ordering: .relaxed)
        SignalHandling.setListening(true)
        FileWatcher.allowInterruption()
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { _ in Interruption.flag.store(true, ordering: .relaxed) }
        #else
            action.__sigaction_handler.sa_handler = { _ in Interruption.flag.store(true, ordering: .relaxed) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var installed = Interruption()
        for signal in [SIGINT, SIGTERM] {
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { installed.previous.append((signal, old)) }
        }
        return installed
    }

    package func restore() {
        SignalHandling.setListening(false)
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
    }
}

/// A live session's input from a descriptor (standard input): each line
/// a script step, a line past `maximumLineBytes` refused.
package final class TerminalInput: LiveInputSource {
    private var reader: LineReader

    /// Input read from `descriptor`, lines of at most `maximumLineBytes`.
    package init(descriptor: Int32, maximumLineBytes: Int = 1 << 16) {
        reader = LineReader(descriptor: descriptor, maximumLineBytes: maximumLineBytes)
    }

    package var isAtEnd: Bool { reader.isAtEnd }

    package func next(waitingUpTo timeout: Duration) -> [LiveInput] {
        reader.waitForLines(upTo: timeout).map { line in
            switch line {
            case .text(let text): .step(text)
            case .tooLong: .overlongLine(maximumBytes: reader.maximumLineBytes)
            }
        }
    }
}

/// Reads lines from a descriptor as they come, waiting at most a given time.
///
/// A line ends where a scene file's line would: at a line feed, a carriage
/// return (CR LF is one break), NEL (U+0085), LS (U+2028) or PS (U+2029).
/// Each part is a line of its own, numbered in turn, so that nothing typed
/// is dropped and a diagnostic's line is the one YAML would give.
struct LineReader {
    enum Line: Equatable {
        case text(String)
        /// A line longer than the limit, dropped.
        case tooLong
    }

    let descriptor: Int32
    let maximumLineBytes: Int
    private var pending: [UInt8] = []
    private var isDiscarding = false
    private(set) var isAtEnd = false

    init(descriptor: Int32, maximumLineBytes: Int) {
        self.descriptor = descriptor
        self.maximumLineBytes = maximumLineBytes
    }

    /// Waits up to `timeout` for input and returns the whole lines read (a
    /// last line without a line break at the end of input included). At
    /// the end of input it only sleeps for `timeout`.
    mutating func waitForLines(upTo timeout: Duration) -> [Line] {
        guard !isAtEnd else {
            _ = RealTimeDriver.waitForInput(on: nil, upTo: timeout)
            return []
        }
        let ready = RealTimeDriver.waitForInput(on: descriptor, upTo: timeout)
        guard ready else { return [] }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return [] }
            isAtEnd = true
        } else if count == 0 {
            isAtEnd = true
        }
        var lines: [Line] = []
        for byte in chunk.prefix(max(0, count)) {
            if byte == UInt8(ascii: "\n") {
                lines += finishLine()
            } else if !isDiscarding {
                if pending.count >= maximumLineBytes {
                    isDiscarding = true
                    pending.removeAll(keepingCapacity: true)
                } else {
                    pending.append(byte)
                }
            }
        }
        if isAtEnd && (!pending.isEmpty || isDiscarding) { lines += finishLine() }
        return lines
    }

    private mutating func finishLine() -> [Line] {
        defer {
            pending.removeAll(keepingCapacity: true)
            isDiscarding = false
        }
        if isDiscarding { return [.tooLong] }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        return Self.split(String(decoding: pending, as: UTF8.self)).map(Line.text)
    }

    /// `text` cut at every line break YAML knows besides the line feed: CR
    /// (CR LF counts once), NEL, LS and PS.
    static func split(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = scalar == "\r"
            switch scalar.value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                lines.append(String(current))
                current = String.UnicodeScalarView()
            default:
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }
}
