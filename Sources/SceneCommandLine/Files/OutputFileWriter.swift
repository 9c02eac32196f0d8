import SceneCore
import SceneOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes an ``OutputFile``: buffered, remembering the first failure;
/// ``finish()`` renames the temporary file into place (an ``AtomicFile``).
final class OutputFileWriter: TextSink {
    /// Where the bytes go: the file replaced whole, or the file, device
    /// or descriptor written where it is.
    private enum Destination {
        case replacing(AtomicFile)
        case inPlace(DescriptorOutput)
        /// The command's standard output or error, and how to escape what
        /// goes there.
        case standard(StandardOutput, WorkflowCommandFilter.Dialect)
    }

    private let destination: Destination

    private init(_ destination: Destination) {
        self.destination = destination
    }

    static func open(_ file: OutputFile, as dialect: WorkflowCommandFilter.Dialect) -> Result<
        OutputFileWriter, OutputFileFailure
    > {
        if let standard = file.standardOutput { return .success(OutputFileWriter(.standard(standard, dialect))) }
        switch file.method {
        case .inPlace, .appending:
            if file.method == .appending, let descriptor = OutputFile.descriptorNumber(file.target) {
                // This process's own descriptor: written through it, so that
                // what the page adds and what the command prints share one
                // offset and neither writes over the other.
                let output = DescriptorOutput(descriptor: descriptor, bufferSize: 1 << 16)
                return .success(OutputFileWriter(.inPlace(output)))
            }
            guard let output = DescriptorOutput(writingInPlace: file.target, appending: file.method == .appending)
            else {
                return .failure(OutputFileFailure(reason: DescriptorOutput.reason(errno)))
            }
            return .success(OutputFileWriter(.inPlace(output)))
        case .replace(let mode, let owner, let group):
            switch AtomicFile.create(file.target, mode: mode, owner: owner, group: group) {
            case .failure(let failure): return .failure(OutputFileFailure(reason: failure.reason))
            case .success(let atomic): return .success(OutputFileWriter(.replacing(atomic)))
            }
        }
    }

    var hasFailed: Bool {
        switch destination {
        case .replacing(let file): file.hasFailed
        case .inPlace(let output): output.hasFailed
        case .standard(let output, _): output.hasFailed
        }
    }

    func write(_ text: String) {
        switch destination {
        case .replacing(let file): file.write(text)
        case .inPlace(let output): output.write(text)
        case .standard(let output, let dialect): output.write(text, as: dialect)
        }
    }

    /// Writes bytes that need not be text (a PNG picture).
    func write(bytes: ArraySlice<UInt8>) {
        switch destination {
        case .replacing(let file): file.write(bytes: bytes)
        case .inPlace(let output): output.write(bytes: bytes)
        case .standard(let output, let dialect): output.write(bytes: bytes, as: dialect)
        }
    }

    func flush() {
        switch destination {
        case .replacing(let file): file.flush()
        case .inPlace(let output): output.flush()
        case .standard(let output, _): output.flush()
        }
    }

    /// Writes the rest, closes the file and renames it into place; why it
    /// could not be written, or `nil`.
    func finish() -> String? {
        switch destination {
        case .replacing(let file): file.commit()?.reason
        case .inPlace(let output): output.finish()
        case .standard(let output, _):
            // The command reports a failed standard output itself.
            output.hasFailed ? "the output could not be written" : nil
        }
    }

    /// Drops the file: the temporary one is removed, a device is left as it is.
    func abandon() {
        switch destination {
        case .replacing(let file): file.abandon()
        case .inPlace(let output): output.abandon()
        case .standard: break
        }
    }
}
