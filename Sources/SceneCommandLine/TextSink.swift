import SceneOutput

/// Where a command writes text.
package protocol TextSink: AnyObject {
    func write(_ text: String)
    /// Whether a write failed, so that nothing more is worth doing.
    var hasFailed: Bool { get }
    /// Writes what is buffered now (a command that waits, such as `run
    /// --watch`, shows what it has before it waits).
    func flush()
    /// Writes bytes that need not be text (a PNG picture).
    func write(bytes: ArraySlice<UInt8>)
    /// Writes one of the runner's own workflow commands, a whole line.
    func writeWorkflowCommand(_ line: String)
}

extension TextSink {
    package func flush() {}

    /// Writes bytes that need not be text; as text, by default.
    package func write(bytes: ArraySlice<UInt8>) { write(String(decoding: bytes, as: UTF8.self)) }

    /// Writes one of the runner's own workflow commands (an annotation, a
    /// group), a whole line: as any text, unless the sink is a
    /// ``StandardOutput`` (which writes it as it is) or passes it on to one.
    package func writeWorkflowCommand(_ line: String) { write(line) }
}

extension DescriptorOutput: TextSink {}
