import SceneOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// This executable run again with other arguments (SceneOutput's
/// ``ChildProcess``, whose ``ChildProcess/run(_:arguments:)`` captures its
/// standard output; standard error is shared, so a child's diagnostics
/// reach the terminal).
///
///     let run = try ChildProcess.run(arguments: ["--child", "1000"])
///     print(run.output, run.status)
extension ChildProcess {
    /// The path of the running executable.
    static func executablePath() -> String {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if length > 0 {
                return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        #endif
        return CommandLine.arguments[0]
    }

    /// Runs this executable with `arguments` and waits for it.
    static func run(arguments: [String]) throws(Failure) -> Outcome {
        try run(executablePath(), arguments: arguments)
    }
}

/// The one-line records children print for their parent: a tag, then
/// space-separated `key=value` fields (values hold no spaces).
///
///     ResultLine.text("sample", [("objects", "1000"), ("rawNs", "18000000.0")])
///     // "sample objects=1000 rawNs=18000000.0"
///     ResultLine.fields(of: "sample objects=1000 rawNs=18000000.0", tag: "sample")?["objects"]   // "1000"
enum ResultLine {
    /// The record `tag` with `fields`, in order.
    static func text(_ tag: String, _ fields: [(key: String, value: String)]) -> String {
        ([tag] + fields.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }

    /// The fields of `line` by key; `nil` when `line` is not a record tagged `tag`.
    static func fields(of line: Substring, tag: String) -> [String: String]? {
        let words = line.split(separator: " ")
        guard let first = words.first, first == tag else { return nil }
        var fields: [String: String] = [:]
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }
}
