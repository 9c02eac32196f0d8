import SceneCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
