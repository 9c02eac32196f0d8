import CLibYAML

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
