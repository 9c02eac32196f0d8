import BenchScenes
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `scene-bench --lsp`: `scene-runner lsp` (the root package's release
/// build) driven over pipes as an editor drives it.
///
///     swift run -c release scene-bench --lsp
///
/// - Keystroke to diagnostics: a generated scene of about 300 lines is
///   opened, then changed 200 times (one character, the whole text sent,
///   as editors without incremental sync send it), each time waiting for
///   the diagnostics of that version. With the server's default debounce
///   (25 ms). Target: median within 50 ms, p99 within 150 ms.
/// - Completion: 200 requests at an outlet's value in that scene. Target:
///   median within 20 ms.
/// - A 10,000-object document: opened, its diagnostics within 5 s, a
///   completion in it within 1 s; then closed and opened again 5 times,
///   the server's peak memory printed after the first and the last.
enum LanguageServerBenchmark {
    static let usage = """
        USAGE: scene-bench --lsp

        Measures scene-runner lsp over pipes: keystroke to diagnostics and
        completion on a 300-line scene, and a 10,000-object document.
        """

    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        if let argument = arguments.first {
            if argument == "-h" || argument == "--help" {
                print(usage)
                return 0
            }
            SceneBenchCommand.printError("scene-bench: unknown argument '\(argument)'\n\n\(usage)")
            return 64
        }
        do {
            try measure()
            return 0
        } catch {
            SceneBenchCommand.printError("scene-bench: \(error.description)")
            return 1
        }
    }

    /// A scene of at least `lines` lines.
    static func scene(lines: Int) -> String {
        var objects = 8
        while true {
            let text = String(decoding: SceneGenerator(objectCount: objects).generate(), as: UTF8.self)
            if text.split(separator: "\n").count >= lines { return text }
            objects += 4
        }
    }

    static func measure() throws(ChildProcess.Failure) {
        let server = try LanguageServerProcess(runner: CommandBenchmark.defaultRunner)
        defer { server.finish() }
        let small = scene(lines: 300)
        let smallLines = small.split(separator: "\n", omittingEmptySubsequences: false).count
        let uri = "file:///tmp/scene-bench-lsp/small.yaml"
        try server.send(open(uri, small))
        _ = try server.waitForDiagnostics(uri: uri, version: 1)
        // The first play button's title, changed and changed back.
        guard let title = small.range(of: "title: Play") else {
            throw ChildProcess.Failure(description: "the generated scene has no 'title: Play'")
        }
        var keystrokes: [Duration] = []
        let clock = ContinuousClock()
        for version in 2...201 {
            let text = version % 2 == 0 ? small.replacingCharacters(in: title, with: "title: Pla") : small
            let start = clock.now
            try server.send(change(uri, text, version: version))
            _ = try server.waitForDiagnostics(uri: uri, version: version)
            keystrokes.append(clock.now - start)
        }
        print(
            LiveBenchmark.line(
                "keystroke to diagnostics (\(smallLines)-line scene, 200 changes)", keystrokes,
                target: .milliseconds(150)))
        // `parent: card1` of `controls1`: the views that fit.
        let position = try outletPosition(in: small, after: "controls1")
        var completions: [Duration] = []
        var items = 0
        for id in 1000..<1200 {
            let start = clock.now
            try server.send(request(id, "textDocument/completion", uri: uri, position))
            items = try server.waitForResponse(id).components(separatedBy: "\"label\"").count - 1
            completions.append(clock.now - start)
        }
        print(LiveBenchmark.line("completion (200 requests, \(items) items)", completions, target: .milliseconds(20)))

        let large = String(decoding: SceneGenerator(objectCount: 10_000).generate(), as: UTF8.self)
        let largeURI = "file:///tmp/scene-bench-lsp/large.yaml"
        var peaks: [Int] = []
        for round in 0..<6 {
            let start = clock.now
            try server.send(open(largeURI, large))
            _ = try server.waitForDiagnostics(uri: largeURI, version: 1)
            let checked = clock.now - start
            let completionStart = clock.now
            try server.send(
                request(
                    2000 + round, "textDocument/completion", uri: largeURI,
                    try outletPosition(in: large, after: "controls901")))
            let answer = try server.waitForResponse(2000 + round)
            let completed = clock.now - completionStart
            peaks.append(server.residentBytes(peak: false))
            if round == 0 {
                print(
                    "10,000-object document (\(large.utf8.count / 1024) KiB): diagnostics in \(LiveBenchmark.milliseconds(checked)) (target: within 5 s, \(checked <= .seconds(5) ? "met" : "missed")); completion in \(LiveBenchmark.milliseconds(completed)), \(answer.components(separatedBy: "\"label\"").count - 1) items (target: within 1 s, \(completed <= .seconds(1) ? "met" : "missed"))"
                )
            }
            try server.send(close(largeURI))
        }
        let megabytes = peaks.map { "\($0 >> 20)" }.joined(separator: ", ")
        print(
            "server memory with the document open, each of 6 opens (closed between): \(megabytes) MiB; peak \(server.residentBytes(peak: true) >> 20) MiB"
        )
    }

    /// The position of the value of `parent:` of the object `id` (written
    /// in block style), in UTF-16 (ASCII here).
    static func outletPosition(in text: String, after id: String) throws(ChildProcess.Failure) -> (Int, Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0 == "  \(id):" }),
            let parent = lines[(index + 1)...].prefix(while: { $0.hasPrefix("    ") }).firstIndex(where: {
                $0.hasPrefix("    parent:")
            })
        else { throw ChildProcess.Failure(description: "no object '\(id)' written in block style with a parent") }
        return (parent, "    parent: ".count)
    }

    static func open(_ uri: String, _ text: String) -> String {
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":\#(json(text))}}}"#
    }

    static func close(_ uri: String) -> String {
        #"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#
    }

    static func change(_ uri: String, _ text: String, version: Int) -> String {
        #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":\#(json(text))}]}}"#
    }

    static func request(_ id: Int, _ method: String, uri: String, _ position: (Int, Int)) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(position.0),"character":\#(position.1)}}}"#
    }

    /// `text` as a JSON string.
    static func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// `scene-runner lsp` on two pipes, initialized.
final class LanguageServerProcess {
    let child: ChildProcess
    let input: Int32
    let output: Int32
    private var pending: [UInt8] = []

    init(runner: String) throws(ChildProcess.Failure) {
        guard access(runner, X_OK) == 0 else {
            throw ChildProcess.Failure(description: "no release scene-runner in the root package: \(runner)")
        }
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard ChildProcess.makePipe(&toChild), ChildProcess.makePipe(&fromChild) else {
            throw ChildProcess.Failure(description: "pipe failed: errno \(errno)")
        }
        child = try ChildProcess.spawn(
            runner, arguments: ["lsp"], standardInput: toChild[0], standardOutput: fromChild[1])
        close(toChild[0])
        close(fromChild[1])
        input = toChild[1]
        output = fromChild[0]
        try send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#)
        _ = try waitForResponse(0)
        try send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    }

    func send(_ message: String) throws(ChildProcess.Failure) {
        let bytes = Array("Content-Length: \(message.utf8.count)\r\n\r\n\(message)".utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ChildProcess.Failure(description: "the server stopped reading") }
            written += count
        }
    }

    /// The next message's text.
    func next() throws(ChildProcess.Failure) -> String {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = headerEnd(), let length = contentLength(pending[..<end]), pending.count >= end + 4 + length {
                let body = String(decoding: pending[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                pending.removeSubrange(..<(end + 4 + length))
                return body
            }
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ChildProcess.Failure(description: "the server ended its output") }
            pending += chunk[0..<count]
        }
    }

    private func headerEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for index in 0...(pending.count - 4)
        where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func contentLength(_ header: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: header, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return nil }
        return Int(text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// Reads messages until the response to `id`, its text.
    func waitForResponse(_ id: Int) throws(ChildProcess.Failure) -> String {
        while true {
            let message = try next()
            if message.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"#) { return message }
        }
    }

    /// Reads messages until the diagnostics of `uri` at `version`.
    func waitForDiagnostics(uri: String, version: Int) throws(ChildProcess.Failure) -> String {
        let wanted = #""uri":"\#(uri)","version":\#(version),"#
        while true {
            let message = try next()
            if message.contains(wanted) { return message }
        }
    }

    /// The server's resident set now, or its peak so far, from /proc (0 elsewhere).
    func residentBytes(peak: Bool) -> Int {
        guard let file = fopen("/proc/\(child.pid)/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(peak ? "VmHWM:" : "VmRSS:") {
                return (Int(text.dropFirst(6).trimmingCharacters(in: .whitespaces).dropLast(4)) ?? 0) * 1024
            }
        }
        return 0
    }

    /// Asks the server to shut down and exit, and waits for it.
    func finish() {
        try? send(#"{"jsonrpc":"2.0","id":99999,"method":"shutdown"}"#)
        _ = try? waitForResponse(99999)
        try? send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        close(input)
        close(output)
        _ = child.wait()
    }
}
