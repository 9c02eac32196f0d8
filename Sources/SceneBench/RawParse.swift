import CYAML
import SceneYAML
import Synchronization

/// The baseline: libyaml's event parser over the same bytes, doing nothing
/// with the events but freeing them.
///
///     let events = try RawParse.countEvents(in: bytes)
///
/// - Complexity: O(n) in the input.
enum RawParse {
    /// A parse error from libyaml.
    struct Failure: Error, CustomStringConvertible {
        /// libyaml's problem text.
        let problem: String
        var description: String { "libyaml: \(problem)" }
    }

    /// Parses `bytes` to the stream end and returns how many events libyaml produced:
    /// `yaml_parser_initialize`, `yaml_parser_set_input_string`, then
    /// `yaml_parser_parse` and `yaml_event_delete` until the stream end,
    /// then `yaml_parser_delete`.
    static func countEvents(in bytes: [UInt8]) throws(Failure) -> Int {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { throw Failure(problem: "cannot initialise the parser") }
        defer { yaml_parser_delete(parser) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> Int in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            var count = 0
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    throw Failure(problem: parser.pointee.problem.map { String(cString: $0) } ?? "unknown problem")
                }
                count += 1
                let isEnd = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if isEnd { return count }
            }
        }
    }
}

extension RawParse {
    /// What the timed parse gave, written on the worker's thread.
    private final class Outcome: Sendable {
        let value = Mutex<Result<Double, Failure>?>(nil)
    }

    /// Times ``countEvents(in:)`` on the thread the loader parses on
    /// (``ParsingWorker``), from inside that thread; nanoseconds.
    static func timeOnWorker(_ bytes: [UInt8]) throws(Failure) -> Double {
        let outcome = Outcome()
        ParsingWorker.start {
            let clock = ContinuousClock()
            let start = clock.now
            let result: Result<Double, Failure>
            do throws(Failure) {
                _ = try RawParse.countEvents(in: bytes)
                result = .success(Statistics.nanoseconds(clock.now - start))
            } catch {
                result = .failure(error)
            }
            outcome.value.withLock { $0 = result }
        }.wait()
        switch outcome.value.withLock({ $0 }) {
        case .success(let nanoseconds): return nanoseconds
        case .failure(let failure): throw failure
        case nil: throw Failure(problem: "the parsing worker returned nothing")
        }
    }
}
