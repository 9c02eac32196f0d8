import Foundation
import SceneBehaviours
import SceneTesting
import TestSupport
import Testing

@testable import SceneRunning

/// Every scene of the package, and every fuzz corpus input that runs, gives
/// the transcript it gave when the digests were taken: the text and the
/// JSON lines, byte for byte (an FNV-1a digest of each, with the entry
/// count). The digests were taken when the recorder still read every
/// property at every look, so they are what proves that listening to the
/// changes, which replaced that, records the same.
///
/// A change to a transcript made on purpose updates the file:
///
///     UPDATE_TRANSCRIPT_DIGESTS=1 swift test --filter TranscriptDigestTests
@Suite struct TranscriptDigestTests {
    /// The digests, one line each: `path<TAB>entries<TAB>text digest<TAB>JSON digest`.
    static let file = packageRoot.appendingPathComponent("Tests/SceneRunningTests/Fixtures/transcript-digests.txt")

    /// The folders whose scenes are run, as the recorder's tests always did.
    static let folders = ["Scenes", "Examples", "Tests/SceneTestingTests/Fixtures", "schema/accepts"]

    /// Every scene file under `folder`, recursively, with its path in the package.
    static func sceneFiles(under folder: String) -> [(path: String, url: URL)] {
        let root = packageRoot.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        let prefix = packageRoot.standardizedFileURL.path + "/"
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "yaml" }
            .map { url in
                let path = url.standardizedFileURL.path
                return (path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path, url)
            }
            .sorted { $0.path < $1.path }
    }

    /// The transcript of `source`, or `nil` when it did not load.
    static func transcript(_ source: SceneSource, limits: SceneLimits = SceneLimits()) -> Transcript? {
        let collector = TranscriptCollector()
        guard
            case .success(let session) = RunSession.start(
                source, loader: SceneLoader(registry: .standard, limits: limits), streamingTo: collector)
        else { return nil }
        for step in session.declaration.steps where !session.perform(step) { break }
        _ = session.finish()
        return collector.transcript
    }

    /// 64-bit FNV-1a of `text`'s UTF-8, in hexadecimal.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func line(_ path: String, _ transcript: Transcript) -> String {
        let text = TranscriptRenderer.text(transcript, verbose: true)
        let json = TranscriptRenderer.jsonLines(transcript)
        return "\(path)\t\(transcript.entries.count)\t\(digest(text))\t\(digest(json))"
    }

    /// The digest lines of today's transcripts, in path order.
    static func currentLines() throws -> [String] {
        var lines: [String] = []
        for folder in folders {
            for (path, url) in sceneFiles(under: folder) {
                let source = SceneSource(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
                guard let transcript = transcript(source) else { continue }
                lines.append(line(path, transcript))
            }
        }
        for file in FuzzCorpusTests.files {
            let source = SceneSource(name: file.lastPathComponent, bytes: Array(try Data(contentsOf: file)))
            // Within the fuzz target's bounds, as FuzzCorpusTests runs them.
            guard case .ran = FuzzCorpusTests.replay(source, registry: .standard) else { continue }
            let scene = try SceneLoader(registry: .standard, limits: FuzzCorpusTests.limits).load(source)
            var limits = FuzzCorpusTests.limits
            limits.maxVirtualTime = FuzzCorpusTests.maxScriptTime
            limits.maxTimerFirings = max(
                1, FuzzCorpusTests.maxRunWork / scene.entries.reduce(1) { $0 + $1.type.properties.count })
            guard let transcript = transcript(source, limits: limits) else { continue }
            lines.append(line("Fuzz/Corpus/" + file.lastPathComponent, transcript))
        }
        return lines
    }

    @Test func everyTranscriptIsTheOneItWas() throws {
        let current = try Self.currentLines()
        #expect(current.count > 30, "too few scenes ran")
        if ProcessInfo.processInfo.environment["UPDATE_TRANSCRIPT_DIGESTS"] == "1" {
            try FileManager.default.createDirectory(
                at: Self.file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (current.joined(separator: "\n") + "\n").write(to: Self.file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: Self.file, encoding: .utf8).split(separator: "\n").map(String.init)
        let expectedPaths = Set(expected.map { $0.prefix { $0 != "\t" } })
        for line in current where !expected.contains(line) {
            let path = line.prefix { $0 != "\t" }
            #expect(
                Bool(false),
                "\(path): \(expectedPaths.contains(path) ? "the transcript changed" : "no digest") (\(line))")
        }
        #expect(current.count == expected.count, "scenes that ran: \(current.count), digests: \(expected.count)")
    }
}
