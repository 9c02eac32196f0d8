import SceneOutput
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output or standard error as every command writes it: the one
/// layer between what a command prints and the stream, which, while
/// annotations are on, passes every byte through the
/// ``WorkflowCommandFilter`` so that no scene text (a title, a note, an id,
/// a label's text, in any format) becomes a GitHub Actions workflow
/// command in a CI log.
///
/// Annotations are on under GitHub Actions (`GITHUB_ACTIONS=true`) and
/// whenever `check` or `run` print `--format github`; then the runner's own
/// commands (its annotations and groups) are written with
/// ``writeWorkflowCommand(_:)``, and only they. An output file that turns
/// out to be the same file as standard output or error (`/dev/stdout`, a
/// file both are redirected to) is written through it as well
/// (``OutputFile``). With annotations off it writes what it is given, byte
/// for byte.
///
/// It may be written from several threads (a timeline page that is
/// standard output, written on a run's thread): each write holds its lock.
package final class StandardOutput: TextSink, @unchecked Sendable {
    /// What a write changes, under the lock.
    private struct State {
        var escapesWorkflowCommands: Bool
        var dialect = WorkflowCommandFilter.Dialect.text
        var filter = WorkflowCommandFilter()
        var escaped: [UInt8] = []
    }

    /// Written only with `state` locked.
    private let sink: any TextSink
    private let state: Mutex<State>
    /// The process's descriptor the sink writes (1 or 2), or `nil` for
    /// another sink (a test's).
    let descriptor: Int32?

    /// Writes to `sink`, which is the process's `descriptor` when given,
    /// escaping workflow commands when `escapesWorkflowCommands`.
    init(_ sink: any TextSink, descriptor: Int32? = nil, escapesWorkflowCommands: Bool) {
        self.sink = sink
        self.descriptor = descriptor
        state = Mutex(State(escapesWorkflowCommands: escapesWorkflowCommands))
    }

    /// Whether workflow commands are escaped.
    var escapesWorkflowCommands: Bool { state.withLock { $0.escapesWorkflowCommands } }

    /// Turns the escaping on (a command that prints `--format github`).
    func escapeWorkflowCommands() { state.withLock { $0.escapesWorkflowCommands = true } }

    /// How what the command writes to it is escaped: JSON for JSON Lines
    /// and the schema, markup for a picture or a page.
    var dialect: WorkflowCommandFilter.Dialect {
        get { state.withLock { $0.dialect } }
        set { state.withLock { $0.dialect = newValue } }
    }

    package var hasFailed: Bool { state.withLock { _ in sink.hasFailed } }

    package func write(_ text: String) { write(text, as: nil) }

    /// Writes `text`, escaped as `dialect` says (the output's own when `nil`).
    func write(_ text: String, as dialect: WorkflowCommandFilter.Dialect?) {
        state.withLock { state in
            guard state.escapesWorkflowCommands else { return sink.write(text) }
            state.filter.append(text.utf8, as: dialect ?? state.dialect, into: &state.escaped)
            forwardText(&state.escaped)
        }
    }

    package func write(bytes: ArraySlice<UInt8>) { write(bytes: bytes, as: nil) }

    /// Writes bytes that need not be text, escaped as `dialect` says.
    func write(bytes: ArraySlice<UInt8>, as dialect: WorkflowCommandFilter.Dialect?) {
        state.withLock { state in
            guard state.escapesWorkflowCommands else { return sink.write(bytes: bytes) }
            state.filter.append(bytes, as: dialect ?? state.dialect, into: &state.escaped)
            guard !state.escaped.isEmpty else { return }
            sink.write(bytes: state.escaped[...])
            state.escaped.removeAll(keepingCapacity: true)
        }
    }

    package func writeWorkflowCommand(_ line: String) {
        state.withLock { state in
            guard state.escapesWorkflowCommands else { return sink.write(line) }
            state.filter.command(line.utf8, into: &state.escaped)
            forwardText(&state.escaped)
        }
    }

    package func flush() { state.withLock { _ in sink.flush() } }

    /// Writes what the filter still holds (the output ends).
    func finish() {
        state.withLock { state in
            state.filter.finish(into: &state.escaped)
            forwardText(&state.escaped)
        }
    }

    /// The escaped bytes, whole characters: the filter holds back only
    /// what a following byte decides, never part of a character given whole.
    private func forwardText(_ escaped: inout [UInt8]) {
        guard !escaped.isEmpty else { return }
        sink.write(String(decoding: escaped, as: UTF8.self))
        escaped.removeAll(keepingCapacity: true)
    }

    /// Whether `file` is the one this output's descriptor writes, while
    /// annotations are on.
    func isWriting(_ file: FileIdentity) -> Bool {
        guard escapesWorkflowCommands, let descriptor else { return false }
        return FileIdentity(descriptor: descriptor) == file
    }
}
