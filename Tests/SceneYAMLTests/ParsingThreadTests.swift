import Testing

@testable import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parsing thread kept between loads, and the threads started when it
/// is taken.
@Suite struct ParsingThreadTests {
    /// Something jobs write to from their threads; read after `wait()`.
    private final class Record: @unchecked Sendable {
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private var threads: [pthread_t] = []
        init() { pthread_mutex_init(lock, nil) }
        deinit {
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }
        func noteThread() {
            pthread_mutex_lock(lock)
            threads.append(pthread_self())
            pthread_mutex_unlock(lock)
        }
        var seen: [pthread_t] {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            return threads
        }
    }

    /// A gate a job waits at until the test opens it.
    private final class Gate: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var isOpen = false
        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }
        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            condition.deallocate()
            mutex.deallocate()
        }
        func pass() {
            pthread_mutex_lock(mutex)
            while !isOpen { pthread_cond_wait(condition, mutex) }
            pthread_mutex_unlock(mutex)
        }
        func open() {
            pthread_mutex_lock(mutex)
            isOpen = true
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
    }

    @Test func jobsOneAfterAnotherRunOnTheSameKeptThread() throws {
        let kept = ParsingThread()
        let record = Record()
        for _ in 0..<3 {
            let run = try #require(kept.run { record.noteThread() })
            guard case .kept = run else {
                Issue.record("a free kept thread was not used")
                return
            }
            run.wait()
        }
        let seen = record.seen
        #expect(seen.count == 3)
        #expect(seen.allSatisfy { pthread_equal($0, seen[0]) != 0 })
        #expect(pthread_equal(seen[0], pthread_self()) == 0)
    }

    @Test func aJobWhileTheKeptThreadIsBusyGetsAThreadOfItsOwn() throws {
        let kept = ParsingThread()
        let record = Record()
        let gate = Gate()
        let first = try #require(kept.run { gate.pass() })
        let second = try #require(kept.run { record.noteThread() })
        guard case .own = second else {
            Issue.record("the busy kept thread was handed a second job")
            gate.open()
            first.wait()
            return
        }
        // The second job finishes while the first still waits at the gate.
        second.wait()
        #expect(record.seen.count == 1)
        gate.open()
        first.wait()
        // Free again: the next job goes to the kept thread.
        let third = try #require(kept.run {})
        if case .own = third { Issue.record("the kept thread was not free after its job") }
        third.wait()
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
