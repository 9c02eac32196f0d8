import LanguageServerProtocol
import SceneOutput
import Testing

/// Messages read from a byte stream, whatever the stream holds.
@Suite struct MessageFramingTests {
    static func framed(_ body: String, length: Int? = nil) -> [UInt8] {
        Array("Content-Length: \(length ?? body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    @Test func messagesAreReadOneAfterAnother() {
        var reader = MessageReader(bytes: Self.framed("{\"a\":1}") + Self.framed("[]"))
        #expect(reader.next() == .message(Array("{\"a\":1}".utf8)))
        #expect(reader.next() == .message(Array("[]".utf8)))
        #expect(reader.next() == .end)
    }

    @Test func otherHeadersAreAllowedInAnyCase() {
        let bytes = Array("content-type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}".utf8)
        var reader = MessageReader(bytes: bytes)
        #expect(reader.next() == .message(Array("{}".utf8)))
    }

    @Test func aHugeLengthIsRefusedWithoutBeingKept() {
        var reader = MessageReader(
            bytes: Self.framed(String(repeating: "x", count: 5_000)) + Self.framed("{}"), maxContentBytes: 1_000)
        guard case .refused(let reason) = reader.next() else {
            Issue.record("a message over the limit was read")
            return
        }
        #expect(reason == "a message of 5000 bytes is over the limit of 1000 bytes")
        #expect(reader.next() == .message(Array("{}".utf8)))
    }

    @Test func aLengthLongerThanTheInputEndsIt() {
        var reader = MessageReader(bytes: Self.framed("{}", length: 99))
        #expect(reader.next() == .end)
    }

    @Test func aHeaderWithoutLengthIsRefused() {
        var reader = MessageReader(bytes: Array("Content-Type: x\r\n\r\n".utf8) + Self.framed("{}"))
        #expect(reader.next() == .refused("a header has no Content-Length"))
        #expect(reader.next() == .message(Array("{}".utf8)))
        var lying = MessageReader(bytes: Array("Content-Length: 99999999999999999999999\r\n\r\n".utf8))
        guard case .refused = lying.next() else {
            Issue.record("a length too large for a number was read")
            return
        }
    }

    @Test func endlessHeaderIsDroppedNotKept() {
        var reader = MessageReader(bytes: Array(repeating: UInt8(ascii: "a"), count: 100_000) + Self.framed("{}"))
        // The header of the message after the junk has the junk's tail before it: refused, then the end.
        var frames: [MessageReader.Frame] = []
        while frames.count < 5 {
            let frame = reader.next()
            frames.append(frame)
            if frame == .end { break }
        }
        #expect(frames.last == .end)
        #expect(frames.count <= 3)
    }
}

/// JSON read as RFC 8259 has it, with limits.
@Suite struct JSONParsingTests {
    static func parse(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONValue(parsing: Array(text.utf8)) }
    }

    @Test func valuesReadBack() throws {
        let value = try JSONValue(
            parsing: Array(#"{"a": [1, -2.5e3, true, null, "x\n\u00e9\ud83d\ude00"], "b": {}}"#.utf8))
        #expect(value.compact == #"{"a":[1,-2500,true,null,"x\né😀"],"b":{}}"#)
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "1e", "-", "\"abc", "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"",
        "tru", "nul", "1e999", "-1e999", "{} {}", "\"a\u{01}\"", "[1 2]", "{1: 2}",
    ])
    func malformedTextIsAnError(_ text: String) {
        guard case .failure = Self.parse(text) else {
            Issue.record("'\(text)' was read")
            return
        }
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let error) = Self.parse(deep) else {
            Issue.record("100,000 levels were read")
            return
        }
        #expect(error.reason.contains("nest more than 64"))
        #expect(error.offset == 64)
    }

    @Test func invalidUTF8InAStringIsAnError() {
        guard
            case .failure(let error) = Result(catching: { () throws(JSONSyntaxError) in
                try JSONValue(parsing: [0x22, 0xFF, 0x22])
            })
        else {
            Issue.record("invalid UTF-8 was read")
            return
        }
        #expect(error.reason == "a string is not valid UTF-8")
    }

    @Test func integersStayIntegers() throws {
        #expect(try JSONValue(parsing: Array("9007199254740993".utf8)).intValue == 9_007_199_254_740_993)
        #expect(try JSONValue(parsing: Array("3.0".utf8)).intValue == 3)
    }
}

extension MessageFramingTests {
    @Test func aLengthTooShortLosesOneMessageNotTheRest() {
        // The first message says 5 bytes fewer than it has: its start is
        // refused as JSON, its end is read past, and the next message is read.
        let body = #"{"jsonrpc":"2.0","id":1}"#
        var reader = MessageReader(bytes: Self.framed(body, length: body.utf8.count - 5) + Self.framed("{}"))
        #expect(reader.next() == .message(Array(body.utf8.prefix(body.utf8.count - 5))))
        #expect(reader.next() == .message(Array("{}".utf8)))
        #expect(reader.next() == .end)
    }
}
