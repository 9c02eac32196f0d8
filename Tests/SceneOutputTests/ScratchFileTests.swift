import SceneOutput
import Testing

/// Text kept on disk and read back, whole or as it grows.
@Suite struct ScratchFileTests {
    @Test func whatIsWrittenIsReadBackWholeAndInRanges() {
        let file = ScratchFile()
        var expected: [UInt8] = []
        // More than the memory buffer, so that it goes through the file.
        for index in 0..<20_000 {
            let line = "line \(index) é\n"
            file.write(line)
            expected += Array(line.utf8)
        }
        file.write(bytes: [0xC3][...])
        expected.append(0xC3)
        var read: [UInt8] = []
        #expect(file.read { read += $0 } == nil)
        #expect(read == expected)
        let size = file.flush()
        #expect(size == expected.count)
        var middle: [UInt8] = []
        #expect(file.read(from: 10, upTo: 100) { middle += $0 } == nil)
        #expect(middle == Array(expected[10..<100]))
        #expect(file.failureReason == nil)
    }

    @Test func anEmptyFileReadsNothing() {
        let file = ScratchFile()
        var pieces = 0
        #expect(file.read { _ in pieces += 1 } == nil)
        #expect(pieces == 0 && file.flush() == 0)
    }
}
