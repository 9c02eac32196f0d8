import Foundation
import TestSupport
import Testing

/// The tests' own sources keep to TestSupport's helpers: outside
/// `Tests/TestSupport`, no test starts a `Process` of its own (it calls
/// `runExecutable` or `RunningExecutable`), sleeps (it waits for the thing
/// itself with `waitUntil`, or calls `letRealTimePass` when time passing
/// is what it tests) or makes a temporary folder by hand (it calls
/// `temporaryFolder()`, which removes it).
@Suite struct TestSourceTests {
    /// What a test outside TestSupport does not write, and what it calls instead.
    static let rules: [(text: String, instead: String)] = [
        ("Process()", "runExecutable(...) or RunningExecutable"),
        // Also usleep(, nanosleep(, Thread.sleep( and Task.sleep(.
        ("sleep(", "waitUntil { ... } for the thing itself, or letRealTimePass(_:)"),
        ("NSTemporaryDirectory", "temporaryFolder()"),
        ("mkdtemp", "temporaryFolder()"),
        (".temporaryDirectory", "temporaryFolder()"),
    ]

    /// Every `file:line: text (use instead)` in `text` that breaks a rule;
    /// comment lines are not code and are skipped.
    static func breaches(in text: String, file: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
            let code = line.drop { $0 == " " || $0 == "\t" }
            guard !code.hasPrefix("//") else { return [String]() }
            return rules.filter { line.contains($0.text) }.map {
                "\(file):\(index + 1): \($0.text) (use \($0.instead))"
            }
        }
    }

    /// The Swift files under `Tests/`, outside `Tests/TestSupport`, other
    /// than this one, by path from the package's folder.
    static func testSources() throws -> [String] {
        let tests = packageRoot.appendingPathComponent("Tests")
        let ownPath = URL(fileURLWithPath: #filePath).standardizedFileURL.path
        let found = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        var paths: [String] = []
        while let url = found?.nextObject() as? URL {
            let relative = url.standardizedFileURL.path.replacingOccurrences(of: packageRoot.path + "/", with: "")
            guard relative.hasSuffix(".swift"), !relative.hasPrefix("Tests/TestSupport/"),
                url.standardizedFileURL.path != ownPath
            else { continue }
            paths.append(relative)
        }
        return paths.sorted()
    }

    @Test func noTestOutsideTestSupportStartsAProcessSleepsOrMakesATemporaryFolderByHand() throws {
        let sources = try Self.testSources()
        try #require(sources.count > 100, "found only \(sources.count) test sources")
        let found = try sources.flatMap { path in
            Self.breaches(
                in: try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8), file: path)
        }
        #expect(found.isEmpty, "use TestSupport's helpers:\n\(found.joined(separator: "\n"))")
    }

    @Test func eachRuleIsFoundWithItsFileAndLine() {
        let text = """
            import Foundation
            // A comment may say Process() or sleep(1).
            let process = Process()
                usleep(20_000)
            try await Task.sleep(for: .seconds(1))
            let folder = FileManager.default.temporaryDirectory
            """
        #expect(
            Self.breaches(in: text, file: "Tests/X/Y.swift") == [
                "Tests/X/Y.swift:3: Process() (use runExecutable(...) or RunningExecutable)",
                "Tests/X/Y.swift:4: sleep( (use waitUntil { ... } for the thing itself, or letRealTimePass(_:))",
                "Tests/X/Y.swift:5: sleep( (use waitUntil { ... } for the thing itself, or letRealTimePass(_:))",
                "Tests/X/Y.swift:6: .temporaryDirectory (use temporaryFolder())",
            ])
    }
}
