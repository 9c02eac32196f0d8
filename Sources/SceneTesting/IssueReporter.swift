import Foundation
import SceneLoader
import SceneYAML
import Synchronization
import Testing
import XCTest

/// Where a scene came from, which decides where its failures are shown.
enum ScenePlace {
    /// Text passed to the call; the literal's place in the Swift file, if found.
    case literal(CallSite, SwiftLiteral?)
    /// A scene file.
    case file(CallSite, SceneFile)

    var call: CallSite {
        switch self {
        case .literal(let call, _), .file(let call, _): call
        }
    }

    /// An issue about `position` in `source`: at the YAML line in the Swift
    /// literal, at the scene file's line, or at the call with the position
    /// in the message.
    func issue(_ message: String, at position: SourcePosition?, in source: SceneSource, isRendered: Bool = false)
        -> ReportedIssue
    {
        guard let position else { return ReportedIssue(message: message, location: .call(call)) }
        let line = max(1, position.line)
        let column = max(1, position.column)
        switch self {
        case .literal(let call, let literal?):
            return ReportedIssue(
                message: message,
                location: .swift(call, line: literal.firstLine + line - 1, column: literal.indent + column))
        case .literal(let call, nil):
            let text = isRendered ? message : "\(source.name):\(line):\(column): \(message)"
            return ReportedIssue(message: text, location: .call(call))
        case .file(_, let file):
            return ReportedIssue(message: message, location: .file(file.path, line: line, column: column))
        }
    }
}

/// One failure to report.
struct ReportedIssue {
    enum Location {
        /// The test's own call.
        case call(CallSite)
        /// A line of the Swift file that holds the call.
        case swift(CallSite, line: Int, column: Int)
        /// A line of a scene file.
        case file(String, line: Int, column: Int)
    }

    var message: String
    var location: Location
}

/// Reports failures to the test library that runs the current test, from
/// whichever task or thread the scene ran on.
///
/// - On a Swift Testing test's own task (`Test.current` is set), an issue.
/// - Else, when an XCTest test case is running (XCTest records a failure on
///   it from any thread), a failure on that test case.
/// - Else (a detached task, a thread or a Dispatch queue under Swift
///   Testing, where its task-local test is unknown), an issue with no test,
///   which still fails the run, and the failure on standard error, so that
///   it is seen even when no test library is running.
enum IssueReporter {
    /// Reports `issues`. Under XCTest, an issue in a scene file is recorded
    /// on the running test case, which is learnt from a first failure at the
    /// call: `summary`.
    static func report(_ issues: [ReportedIssue], summary: String?, at call: CallSite) {
        guard !issues.isEmpty else { return }
        if Test.current != nil {
            recordInSwiftTesting(issues)
        } else if !reportToXCTest(issues, summary: summary, at: call) {
            writeToStandardError(issues)
            recordInSwiftTesting(issues)
        }
    }

    private static func recordInSwiftTesting(_ issues: [ReportedIssue]) {
        for issue in issues {
            Issue.record(Comment(rawValue: issue.message), sourceLocation: sourceLocation(issue))
        }
    }

    /// Writes `issues` as `path:line:column: error: message` lines.
    private static func writeToStandardError(_ issues: [ReportedIssue]) {
        var text = ""
        for issue in issues {
            let location = sourceLocation(issue)
            text += "\(location.filePath):\(location.line):\(location.column): error: \(issue.message)\n"
        }
        text += "note: SceneTesting reported these failures off the test's own task or thread, "
        text += "where the test library cannot tell which test is running\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    private static func sourceLocation(_ issue: ReportedIssue) -> SourceLocation {
        switch issue.location {
        case .call(let call):
            SourceLocation(
                fileID: "\(call.fileID)", filePath: "\(call.filePath)", line: Int(call.line),
                column: Int(max(1, call.column)))
        case .swift(let call, let line, let column):
            SourceLocation(fileID: "\(call.fileID)", filePath: "\(call.filePath)", line: line, column: column)
        case .file(let path, let line, let column):
            SourceLocation(
                fileID: "SceneFiles/" + (path.split(separator: "/").last.map(String.init) ?? path), filePath: path,
                line: line, column: column)
        }
    }

    /// Reports `issues` to the running XCTest test case; `false` when no
    /// test case is running, so that XCTest recorded nothing.
    private static func reportToXCTest(_ issues: [ReportedIssue], summary: String?, at call: CallSite) -> Bool {
        let inFiles = issues.filter { if case .file = $0.location { true } else { false } }
        // XCTest records a failure at a path known only at run time on the
        // running test case, which a failure at the call reveals; a failure
        // that no test case records means that XCTest is not running.
        let first =
            inFiles.isEmpty ? issues[0] : ReportedIssue(message: summary ?? inFiles[0].message, location: .call(call))
        guard let testCase = FailureObserver.shared.failingTestCase({ fail(first) }) else { return false }
        for issue in inFiles.isEmpty ? issues.dropFirst() : issues[...] {
            switch issue.location {
            case .call, .swift:
                fail(issue)
            case .file(let path, let line, _):
                record(issue.message, at: path, line: line, on: testCase)
            }
        }
        return true
    }

    /// Fails the running XCTest test case at the issue's line in a Swift file.
    private static func fail(_ issue: ReportedIssue) {
        switch issue.location {
        case .call(let call):
            XCTFail(issue.message, file: call.filePath, line: call.line)
        case .swift(let call, let line, _):
            XCTFail(issue.message, file: call.filePath, line: UInt(line))
        case .file(let path, let line, _):
            XCTFail("\(path):\(line): \(issue.message)")
        }
    }

    private static func record(_ message: String, at path: String, line: Int, on testCase: XCTestCase) {
        #if canImport(Darwin)
            let context = XCTSourceCodeContext(location: XCTSourceCodeLocation(filePath: path, lineNumber: line))
            testCase.record(XCTIssue(type: .assertionFailure, compactDescription: message, sourceCodeContext: context))
        #else
            testCase.recordFailure(withDescription: message, inFile: path, atLine: line, expected: true)
        #endif
    }
}

/// Learns which XCTest test case is running from a failure it records.
///
/// Unchecked `Sendable`: XCTest wants an `NSObject` observer, whose
/// subclass the compiler cannot check, and the test case it remembers is
/// not `Sendable`. Every stored `var` is read and written under `lock`
/// only, and the lets are locks; no benchmark is involved (test support).
private final class FailureObserver: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: FailureObserver = {
        let observer = FailureObserver()
        XCTestObservationCenter.shared.addTestObserver(observer)
        return observer
    }()

    /// Whether ``failingTestCase(_:)`` listens, and the test case that failed
    /// while it did; guarded by `lock` (XCTest calls observers on its own thread).
    private var isListening = false
    private var failedTestCase: XCTestCase?
    private let lock = NSLock()

    /// Held for the whole of ``failingTestCase(_:)``, so that reports from
    /// several threads at once each learn their own answer.
    private let listening = NSLock()

    /// Runs `fail`, which records a failure, and returns the test case it
    /// failed, or `nil` when no XCTest test case is running.
    func failingTestCase(_ fail: () -> Void) -> XCTestCase? {
        listening.lock()
        defer { listening.unlock() }
        lock.withLock {
            isListening = true
            failedTestCase = nil
        }
        fail()
        return lock.withLock {
            defer {
                isListening = false
                failedTestCase = nil
            }
            return failedTestCase
        }
    }

    func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
        atLine lineNumber: Int
    ) {
        lock.withLock {
            if isListening { failedTestCase = testCase }
        }
    }
}

/// Where a multi-line string literal passed to a call sits in the Swift file
/// that makes the call: the line of its first YAML line and the columns its
/// indentation takes.
struct SwiftLiteral {
    /// The Swift line of the YAML's line 1.
    let firstLine: Int
    /// How many columns the literal's indentation adds.
    let indent: Int

    /// How far below the call the literal may start.
    private static let reach = 20

    /// Finds `yaml` in the Swift file at `call`, starting on the call's line
    /// or up to ``reach`` lines below; `nil` when the text is not written
    /// there (read from a file, or built at run time).
    init?(_ yaml: String, near call: CallSite) {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map { $0.unicodeScalars }
        guard lines.count > 1, let swift = SwiftSources.lines(of: "\(call.filePath)") else { return nil }
        let written = lines.indices.filter { !String(lines[$0]).allSatisfy(\.isWhitespace) }
        guard let first = written.first else { return nil }
        let start = Int(call.line)
        for candidate in start..<(start + Self.reach) {
            var indent: Int?
            var matches = true
            for index in written {
                let swiftIndex = candidate - 1 + index
                guard swiftIndex < swift.count else {
                    matches = false
                    break
                }
                let swiftLine = swift[swiftIndex]
                // A line written with escapes reads differently at run time: skip it.
                if swiftLine.contains("\\") && index != first { continue }
                guard swiftLine.count >= lines[index].count,
                    swiftLine.suffix(lines[index].count).elementsEqual(lines[index]),
                    swiftLine.dropLast(lines[index].count).allSatisfy({ $0 == " " || $0 == "\t" })
                else {
                    matches = false
                    break
                }
                let margin = swiftLine.count - lines[index].count
                if indent == nil { indent = margin }
            }
            if matches, let indent {
                firstLine = candidate
                self.indent = indent
                return
            }
        }
        return nil
    }
}

/// The lines of Swift files that tests call from, read once each.
private enum SwiftSources {
    private static let cache = Mutex<[String: [String.UnicodeScalarView]]>([:])

    /// The lines of the file at `path`, or `nil` when it cannot be read
    /// (or is over 4 MiB, which no test file is).
    static func lines(of path: String) -> [String.UnicodeScalarView]? {
        if let lines = cache.withLock({ $0[path] }) { return lines }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int, size <= 4 << 20,
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.hasSuffix("\r") ? $0.dropLast() : $0).unicodeScalars
        }
        cache.withLock { $0[path] = lines }
        return lines
    }
}
