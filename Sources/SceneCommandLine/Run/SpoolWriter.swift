import Dispatch
import SceneOutput
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The job's side of a ``Spool``, made on the job's thread and used only
/// there: it gathers what the job writes and hands it to the spool in
/// large pieces.
final class SpoolWriter: TextSink {
    private let spool: Spool
    private var buffer: [UInt8] = []

    init(_ spool: Spool) { self.spool = spool }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 14 { flush() }
    }

    /// A workflow command goes to the spool after a byte no text holds
    /// (0xFF is never in UTF-8), so that the copy writes it as one.
    func writeWorkflowCommand(_ line: String) {
        buffer.append(Spool.commandMark)
        buffer.append(contentsOf: line.utf8)
        if buffer.count >= 1 << 14 { flush() }
    }

    var hasFailed: Bool { spool.hasFailed }

    func flush() {
        guard !buffer.isEmpty else { return }
        spool.append(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
