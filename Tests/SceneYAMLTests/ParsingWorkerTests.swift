import Dispatch
import Synchronization
import Testing

@testable import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The worker the loader's pipelined read and the benchmark parse on.
@Suite struct ParsingWorkerTests {
    /// The threads jobs ran on, written from those threads.
    private final class Record: Sendable {
        private let threads = Mutex<[pthread_t]>([])
        func noteThread() {
            let thread = pthread_self()
            threads.withLock { $0.append(thread) }
        }
        var seen: [pthread_t] { threads.withLock { $0 } }
    }

    @Test func aJobRunsOnAnotherThreadAndHasReturnedAfterWait() {
        let record = Record()
        for _ in 0..<3 {
            ParsingWorker.start { record.noteThread() }.wait()
        }
        let seen = record.seen
        #expect(seen.count == 3)
        #expect(seen.allSatisfy { pthread_equal($0, pthread_self()) == 0 })
    }

    @Test func aJobThatBlocksDoesNotHoldUpTheNextOne() {
        let gate = DispatchSemaphore(value: 0)
        let record = Record()
        // Jobs that block until a later job has run: each later one must
        // get a thread of its own, or the first would wait for ever.
        let blocked = (0..<4).map { _ in ParsingWorker.start { gate.wait() } }
        let free = ParsingWorker.start { record.noteThread() }
        // The free job finishes while the blocked ones still wait at the gate.
        free.wait()
        #expect(record.seen.count == 1)
        for _ in blocked { gate.signal() }
        for run in blocked { run.wait() }
    }

    @Test func concurrentPipelinedReadsEachGetTheirWholeDocument() async throws {
        let text = Array((0..<3_000).map { "key\($0): [a, {b: \($0)}]\n" }.joined().utf8)
        let expected = try YAMLDocumentReader.readDocument(text, pipelining: .off).nodeCount
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    var total = 0
                    for _ in 0..<5 { total += try YAMLDocumentReader.readDocument(text, pipelining: .on).nodeCount }
                    return total
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: expected * 5, count: 6))
    }
}
