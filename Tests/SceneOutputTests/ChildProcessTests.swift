import SceneOutput
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Programs run as child processes.
@Suite struct ChildProcessTests {
    @Test func itsOutputAndStatusComeBack() throws {
        let outcome = try ChildProcess.run("/bin/sh", arguments: ["-c", "printf 'a b\\n'; exit 3"])
        #expect(outcome.output == "a b\n" && outcome.status == 3)
    }

    @Test func aSignalEndingIsReportedAsAShellDoes() throws {
        let outcome = try ChildProcess.run("/bin/sh", arguments: ["-c", "kill -TERM $$"])
        #expect(outcome.status == 128 + SIGTERM)
        #expect(ChildProcess.Ending(waitStatus: SIGKILL) == .signalled(SIGKILL))
        #expect(ChildProcess.Ending(waitStatus: 2 << 8) == .exited(2))
    }

    @Test func itReadsWhatIsGivenAsItsInputAndHoldsNoOtherEnd() throws {
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        try #require(ChildProcess.makePipe(&input) && ChildProcess.makePipe(&output))
        let child = try ChildProcess.spawn("/bin/cat", standardInput: input[0], standardOutput: output[1])
        close(input[0])
        close(output[1])
        let text = Array("through cat\n".utf8)
        #expect(write(input[1], text, text.count) == text.count)
        // cat ends only if it holds no copy of the input's write end.
        close(input[1])
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while case let count = chunk.withUnsafeMutableBytes({ read(output[0], $0.baseAddress, $0.count) }), count > 0 {
            received += chunk[0..<count]
        }
        close(output[0])
        #expect(received == text)
        #expect(child.wait() == .exited(0))
    }

    @Test func aChildIsRegisteredUntilItIsWaitedFor() throws {
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "exit 4"])
        #expect(ChildProcess.runningIDs.contains(child.pid))
        #expect(child.wait() == .exited(4))
        #expect(!ChildProcess.runningIDs.contains(child.pid))
    }

    @Test func aChildPastItsTimeLimitIsKilled() throws {
        let child = try ChildProcess.spawn("/bin/sleep", arguments: ["30"])
        let started = ContinuousClock.now
        let (ending, timedOut) = child.wait(within: .milliseconds(200))
        #expect(timedOut)
        #expect(ending == .signalled(SIGKILL))
        #expect(ContinuousClock.now - started < .seconds(20), "waited for the child rather than its limit")
        #expect(!ChildProcess.runningIDs.contains(child.pid))
    }

    @Test func aChildWithinItsTimeLimitEndsAsItWould() throws {
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "exit 5"])
        let (ending, timedOut) = child.wait(within: .seconds(60))
        #expect(!timedOut && ending == .exited(5))
    }

    @Test func aProgramThatCannotBeStartedSaysWhy() {
        #expect(throws: ChildProcess.Failure.self) {
            try ChildProcess.spawn("/nonexistent/program-\(getpid())")
        }
    }

    @Test func theChildStartsWithNoSignalBlockedAndSIGPIPEAtItsDefault() throws {
        // The test process may block or ignore signals; the child does not.
        let outcome = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "grep -E '^(SigBlk|SigIgn)' /proc/self/status"])
        guard outcome.status == 0 else { return }  // no /proc: nothing to look at
        let blocked = outcome.output.split(separator: "\n").first { $0.hasPrefix("SigBlk") }
        #expect(blocked?.split(separator: "\t").last.map { $0.allSatisfy { $0 == "0" } } == true)
        let ignored = outcome.output.split(separator: "\n").first { $0.hasPrefix("SigIgn") }
        let mask = ignored?.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) } ?? 0
        #expect(mask & (1 << UInt64(SIGPIPE - 1)) == 0)
    }
}
