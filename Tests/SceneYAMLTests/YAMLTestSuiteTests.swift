import Foundation
import SceneYAML
import Testing

/// Conformance against the official yaml-test-suite data (shared/yaml-test-suite,
/// release data-2022-01-17): every case is read in-process with
/// ``YAMLEventReader`` and printed in the suite's test.event notation exactly as
/// libyaml's own `run-parser-test-suite` prints it. The reader must match libyaml
/// 0.2.5 exactly, so its known failures are listed here; a new failure and a
/// newly passing case both fail the suite.
///
/// The data is not part of the repository. Without it (a clone on its own,
/// with no `YAML_TEST_SUITE_DIR`) the suite is skipped and says why; `.ci/run`
/// always provides it and checks that the suite ran.
@Suite(
    "yaml-test-suite conformance",
    .enabled(
        if: SuiteRun.isRequestedOrPresent,
        "the yaml-test-suite data (release data-2022-01-17) is not beside this clone: set YAML_TEST_SUITE_DIR to its folder to run these tests (.ci/run always does)"
    ))
struct YAMLTestSuiteTests {
    /// How libyaml 0.2.5 gets a valid case wrong.
    enum KnownFailure: String, Sendable {
        /// libyaml throws on a valid input.
        case rejected
        /// libyaml reads it, but its events differ from test.event.
        case differentEvents
    }

    /// Valid cases libyaml 0.2.5 does not reproduce (56 of 308).
    static let knownValidFailures: [String: KnownFailure] = [
        "2JQS": .rejected, "2LFX": .rejected, "2SXE": .rejected, "4ABK": .rejected,
        "4MUZ/00": .rejected, "4MUZ/01": .rejected, "4MUZ/02": .rejected, "58MP": .rejected,
        "5MUD": .rejected, "5T43": .rejected, "652Z": .differentEvents, "6BCT": .rejected,
        "6CA3": .rejected, "6LVF": .rejected, "6M2F": .rejected, "7Z25": .rejected,
        "8XYN": .rejected, "96NN/00": .rejected, "96NN/01": .rejected, "9SA2": .rejected,
        "A2M4": .rejected, "BEC7": .rejected, "CFD4": .rejected, "DBG4": .rejected,
        "DK3J": .rejected, "DK95/00": .rejected, "DK95/03": .rejected, "DK95/04": .rejected,
        "FP8R": .rejected, "FRK4": .rejected, "HM87/00": .rejected, "HM87/01": .differentEvents,
        "HWV9": .rejected, "JEF9/02": .differentEvents, "K3WX": .rejected, "L24T/01": .differentEvents,
        "M2N8/00": .rejected, "M7A3": .rejected, "MUS6/05": .rejected, "MUS6/06": .rejected,
        "NHX8": .rejected, "NJ66": .rejected, "NKF9": .rejected, "Q5MG": .rejected,
        "QT73": .rejected, "R4YG": .rejected, "S3PD": .rejected, "SM9W/01": .rejected,
        "UKK6/00": .rejected, "UT92": .rejected, "VJP3/01": .rejected, "W4TN": .rejected,
        "W5VH": .rejected, "Y2GN": .differentEvents, "Y79Y/001": .rejected, "Y79Y/010": .rejected,
    ]

    /// Error cases libyaml 0.2.5 accepts (16 of 94).
    static let knownAcceptedErrors: Set<String> = [
        "9C9N", "9HCY", "9JBA", "CVW2", "DK95/01", "EB22", "G5U8", "MUS6/00",
        "MUS6/01", "QB6E", "RHX7", "S98Z", "SU5Z", "X4QW", "Y79Y/003", "YJV2",
    ]

    /// All cases, read once and shared by the tests below.
    static let run: Result<SuiteRun, SuiteNotFound> = SuiteRun.load()

    @Test("the yaml-test-suite data is found beside the repository or through YAML_TEST_SUITE_DIR")
    func suiteDataIsFound() throws {
        let run = try Self.run.get()
        #expect(run.cases.count == 402, "expected the 402 cases of release data-2022-01-17 in \(run.directory)")
    }

    @Test("valid cases print libyaml's events exactly, except the known failures", .timeLimit(.minutes(2)))
    func validCasesMatchTestEvents() throws {
        let run = try Self.run.get()
        let valid = run.cases.filter { !$0.isError }
        var failures: [String: KnownFailure] = [:]
        for result in valid {
            switch result.outcome {
            case .events(let actual) where actual == result.expected: continue
            case .events(let actual):
                failures[result.id] = .differentEvents
                if Self.knownValidFailures[result.id] != .differentEvents {
                    Issue.record(
                        Comment(
                            rawValue: "\(result.id): events differ from test.event\n"
                                + firstDifference(expected: result.expected, actual: actual)))
                }
            case .error(let error):
                failures[result.id] = .rejected
                if Self.knownValidFailures[result.id] != .rejected {
                    Issue.record(
                        Comment(
                            rawValue: "\(result.id): a valid case was rejected: "
                                + "\(error.kind) at \(error.position): \(error.message)"))
                }
            }
        }
        let newlyPassing = Set(Self.knownValidFailures.keys).subtracting(failures.keys).sorted()
        #expect(newlyPassing.isEmpty, "known failures that now pass (remove them from the list): \(newlyPassing)")
        for (id, expected) in Self.knownValidFailures.sorted(by: { $0.key < $1.key }) {
            if let actual = failures[id], actual != expected {
                Issue.record("\(id): listed as \(expected), but it is \(actual)")
            }
        }
        let failuresMatchList = failures == Self.knownValidFailures
        #expect(failuresMatchList, "the valid cases that fail differ from knownValidFailures: see the issues above")
        print("yaml-test-suite: \(valid.count - failures.count) of \(valid.count) valid cases reproduced")
        #expect(valid.count == 308)
        #expect(valid.count - failures.count == 252)
    }

    @Test("error cases are rejected with a YAMLError, except the known acceptances", .timeLimit(.minutes(2)))
    func errorCasesAreRejected() throws {
        let run = try Self.run.get()
        let errors = run.cases.filter(\.isError)
        let accepted = Set(errors.filter { if case .events = $0.outcome { true } else { false } }.map(\.id))
        let newlyAccepted = accepted.subtracting(Self.knownAcceptedErrors).sorted()
        let newlyRejected = Self.knownAcceptedErrors.subtracting(accepted).sorted()
        #expect(newlyAccepted.isEmpty, "error cases that are now accepted: \(newlyAccepted)")
        #expect(
            newlyRejected.isEmpty,
            "known acceptances that are now rejected (remove them from the list): \(newlyRejected)")
        print("yaml-test-suite: \(errors.count - accepted.count) of \(errors.count) error cases rejected")
        #expect(errors.count == 94)
        #expect(errors.count - accepted.count == 78)
    }

    @Test(
        "every case reads to the same document or error with libyaml on a second thread",
        .timeLimit(.minutes(2)))
    func pipeliningChangesNothing() throws {
        let run = try Self.run.get()
        func document(_ input: [UInt8], _ pipelining: YAMLDocumentReader.Pipelining) -> Result<YAMLNode?, YAMLError> {
            Result { () throws(YAMLError) in
                let document = try YAMLDocumentReader.readDocument(input, pipelining: pipelining)
                return document.root.map(document.tree)
            }
        }
        var documents = 0
        for suiteCase in run.cases {
            let sequential = document(suiteCase.input, .off)
            let pipelined = document(suiteCase.input, .on)
            #expect(sequential == pipelined, "\(suiteCase.id) reads differently with pipelining")
            if case .success(.some) = sequential { documents += 1 }
        }
        // Most cases hold a document the scene format accepts; the rest fail
        // the same way on both paths (tags, merge keys, several documents).
        #expect(documents > 100)
    }

    @Test("the known-failure lists name only existing cases of the right kind")
    func knownFailureListsNameExistingCases() throws {
        let run = try Self.run.get()
        let valid = Set(run.cases.filter { !$0.isError }.map(\.id))
        let errors = Set(run.cases.filter(\.isError).map(\.id))
        #expect(Set(Self.knownValidFailures.keys).subtracting(valid).isEmpty)
        #expect(Self.knownAcceptedErrors.subtracting(errors).isEmpty)
        #expect(Self.knownValidFailures.count == 56)
        #expect(Self.knownAcceptedErrors.count == 16)
    }

    @Test(
        "events print in run-parser-test-suite notation",
        arguments: [
            ("a: 1", "+STR\n+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC\n-STR\n"),
            ("--- [x]\n...\n", "+STR\n+DOC ---\n+SEQ []\n=VAL :x\n-SEQ\n-DOC ...\n-STR\n"),
            ("&m {? &k !t 'k': *k}", "+STR\n+DOC\n+MAP {} &m\n=VAL &k <!t> 'k\n=ALI *k\n-MAP\n-DOC\n-STR\n"),
            (
                "- !!str \"a\\\\b\\0\\b\\n\\r\\tc\"",
                "+STR\n+DOC\n+SEQ\n=VAL <tag:yaml.org,2002:str> \"a\\\\b\\0\\b\\n\\r\\tc\n-SEQ\n-DOC\n-STR\n"
            ),
            ("- |\n  l\n- >\n  f\n", "+STR\n+DOC\n+SEQ\n=VAL |l\\n\n=VAL >f\\n\n-SEQ\n-DOC\n-STR\n"),
        ] as [(Snippet, Snippet)])
    func eventNotation(snippet: Snippet, expected: Snippet) {
        #expect(SuiteRun.read(snippet.bytes) == .events(expected.text))
    }
}

// MARK: - Reading the suite

/// Why the suite's data could not be used.
struct SuiteNotFound: Error, CustomStringConvertible {
    var description: String
}

/// Every case of the suite, read.
struct SuiteRun: Sendable {
    enum Outcome: Sendable, Equatable {
        /// The whole stream, in test.event notation.
        case events(String)
        /// Reading threw (events before the error are dropped).
        case error(YAMLError)
    }

    struct Case: Sendable {
        /// `ID` or `ID/NN`.
        var id: String
        var isError: Bool
        var expected: String
        var outcome: Outcome
        /// The case's in.yaml.
        var input: [UInt8]
    }

    var directory: String
    var cases: [Case]

    /// Finds the suite: `$YAML_TEST_SUITE_DIR`, else `shared/yaml-test-suite`
    /// in a directory above this file (the repository is cloned beside
    /// `shared/`).
    static func locate(filePath: String = #filePath) -> Result<String, SuiteNotFound> {
        let fileManager = FileManager.default
        func isSuite(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        if let path = ProcessInfo.processInfo.environment["YAML_TEST_SUITE_DIR"], !path.isEmpty {
            return isSuite(path)
                ? .success(path)
                : .failure(SuiteNotFound(description: "YAML_TEST_SUITE_DIR=\(path) is not a directory"))
        }
        var searched: [String] = []
        // Both the path as compiled and with symbolic links resolved, so that a
        // package that links to the sources also finds the data.
        for start in [URL(fileURLWithPath: filePath), URL(fileURLWithPath: filePath).resolvingSymlinksInPath()] {
            var directory = start.deletingLastPathComponent()
            while true {
                let candidate = directory.appendingPathComponent("shared/yaml-test-suite").path
                searched.append(candidate)
                if isSuite(candidate) { return .success(candidate) }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return .failure(
            SuiteNotFound(
                description: """
                    the yaml-test-suite data was not found: set YAML_TEST_SUITE_DIR, or put it at \
                    shared/yaml-test-suite beside the repository; searched \(searched.joined(separator: ", "))
                    """))
    }

    /// Whether the suite runs: YAML_TEST_SUITE_DIR names it (if wrongly, the
    /// suite fails and says so), or it is found beside the repository.
    static var isRequestedOrPresent: Bool {
        let variable = ProcessInfo.processInfo.environment["YAML_TEST_SUITE_DIR"] ?? ""
        return !variable.isEmpty || (try? locate().get()) != nil
    }

    static func load() -> Result<SuiteRun, SuiteNotFound> {
        locate().flatMap { directory in
            let fileManager = FileManager.default
            guard let enumerator = fileManager.enumerator(atPath: directory) else {
                return .failure(SuiteNotFound(description: "cannot list \(directory)"))
            }
            var ids: [String] = []
            while let path = enumerator.nextObject() as? String {
                if path.hasSuffix("/in.yaml") { ids.append(String(path.dropLast("/in.yaml".count))) }
            }
            var cases: [Case] = []
            for id in ids.sorted() {
                let folder = directory + "/" + id
                guard let input = fileManager.contents(atPath: folder + "/in.yaml"),
                    let events = fileManager.contents(atPath: folder + "/test.event")
                else {
                    return .failure(SuiteNotFound(description: "\(folder) lacks in.yaml or test.event"))
                }
                cases.append(
                    Case(
                        id: id, isError: fileManager.fileExists(atPath: folder + "/error"),
                        expected: String(decoding: events, as: UTF8.self), outcome: read(Array(input)),
                        input: Array(input)))
            }
            if cases.isEmpty { return .failure(SuiteNotFound(description: "no cases in \(directory)")) }
            return .success(SuiteRun(directory: directory, cases: cases))
        }
    }

    /// Reads `bytes` to the end of the stream and prints its events.
    static func read(_ bytes: [UInt8]) -> Outcome {
        let reader = YAMLEventReader(bytes: bytes)
        var text = ""
        do {
            while let event = try reader.next() {
                text += testEventLine(event)
                text += "\n"
            }
        } catch {
            return .error(error)
        }
        return .events(text)
    }
}

/// One event as libyaml's `run-parser-test-suite` prints it.
func testEventLine(_ event: YAMLEvent) -> String {
    var properties = ""
    if let anchor = event.anchor { properties += " &\(anchor)" }
    if let tag = event.tag { properties += " <\(tag)>" }
    switch event.kind {
    case .streamStart: return "+STR"
    case .streamEnd: return "-STR"
    case .documentStart(let explicit): return explicit ? "+DOC ---" : "+DOC"
    case .documentEnd(let explicit): return explicit ? "-DOC ..." : "-DOC"
    case .mappingStart(let flow): return "+MAP" + (flow ? " {}" : "") + properties
    case .mappingEnd: return "-MAP"
    case .sequenceStart(let flow): return "+SEQ" + (flow ? " []" : "") + properties
    case .sequenceEnd: return "-SEQ"
    case .alias(let name): return "=ALI *\(name)"
    case .scalar(let value, let style):
        let mark: Character =
            switch style {
            case .plain: ":"
            case .singleQuoted: "'"
            case .doubleQuoted: "\""
            case .literal: "|"
            case .folded: ">"
            }
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\0": escaped += "\\0"
            case "\u{8}": escaped += "\\b"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "=VAL\(properties) \(mark)\(escaped)"
    }
}

/// The first line where `actual` departs from `expected`, with a little context.
func firstDifference(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var index = 0
    while index < expectedLines.count && index < actualLines.count && expectedLines[index] == actualLines[index] {
        index += 1
    }
    let from = max(0, index - 2)
    return
        "  from event \(index + 1):\n  expected: \(expectedLines[from..<min(expectedLines.count, index + 3)].joined(separator: " | "))\n"
        + "  actual:   \(actualLines[from..<min(actualLines.count, index + 3)].joined(separator: " | "))"
}
