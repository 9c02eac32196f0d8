internal import CYAML

/// Reads YAML text as a stream of ``YAMLEvent``s through libyaml's event API.
///
/// The reader owns a copy of the input and a libyaml parser, frees every
/// event as soon as it is converted, and turns libyaml's problem and
/// context marks into a positioned ``YAMLError``.
///
///     let reader = YAMLEventReader(bytes: Array("a: 1".utf8))
///     while let event = try reader.next() { print(event.kind) }
///
/// - Complexity: O(n) in the input for ordinary documents.
package final class YAMLEventReader {
    // Raw memory because libyaml keeps pointers to the parser and to the
    // input for the whole parse: both must stay at one address across
    // calls, which Swift values do not promise outside a `withUnsafe…` scope.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    /// Whether `input` is this reader's copy, to free in `deinit`.
    private let ownsInput: Bool
    // The mutable state below keeps Swift's run-time exclusivity checks:
    // a safety check stays unless the benchmark shows it costs `check`
    // something worth giving it up for.

    /// For UTF-8 input: the character index of each multi-byte character,
    /// and the continuation bytes of all the characters before it. A
    /// character index converts to a byte offset by adding the continuation
    /// bytes of the characters before it; ASCII text has none.
    private var multibyteCharacters: [Int] = []
    private var continuationBytesBefore: [Int] = []
    private var continuationBytes = 0
    /// How many entries of `multibyteCharacters` lie before the last
    /// character converted (conversions mostly move forward).
    private var multibyteCursor = 0
    private var isFinished = false
    private let count: Int
    // libyaml's `mark.index` counts characters, not bytes; byteOffset(ofCharacter:)
    // converts it by walking from the last character it was asked for, so that
    // converting every event's marks costs O(n) in total. `textStart` is where
    // the text starts after a byte order mark (which libyaml does not count);
    // libyaml reads UTF-16 only when a byte order mark says so.
    private enum Encoding { case utf8, utf16LE, utf16BE }
    private let encoding: Encoding
    private let textStart: Int
    private var cursorCharacter = 0
    private var cursorByte: Int

    /// Creates a reader over a copy of `bytes`.
    package convenience init(bytes: some Collection<UInt8>) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        let count = copy.initialize(from: bytes).1
        self.init(input: copy, count: count, ownsInput: true)
    }

    /// Reads `bytes` without copying them: the reader must not outlive the
    /// buffer, so it is only lent to `body`.
    static func withReader<T>(
        over bytes: UnsafeBufferPointer<UInt8>, _ body: (YAMLEventReader) throws(YAMLError) -> T
    ) throws(YAMLError) -> T {
        let input = UnsafeMutableBufferPointer(mutating: bytes)
        let reader = YAMLEventReader(input: input, count: bytes.count, ownsInput: false)
        return try body(reader)
    }

    private init(input: UnsafeMutableBufferPointer<UInt8>, count: Int, ownsInput: Bool) {
        self.input = input
        self.count = count
        self.ownsInput = ownsInput
        let bom = Array(input[..<min(count, 3)])
        if bom.starts(with: [0xEF, 0xBB, 0xBF]) {
            (encoding, textStart) = (.utf8, 3)
        } else if bom.starts(with: [0xFE, 0xFF]) {
            (encoding, textStart) = (.utf16BE, 2)
        } else if bom.starts(with: [0xFF, 0xFE]) {
            (encoding, textStart) = (.utf16LE, 2)
        } else {
            (encoding, textStart) = (.utf8, 0)
        }
        cursorByte = textStart
        if encoding == .utf8, let base = input.baseAddress {
            var character = 0
            var index = textStart
            let raw = UnsafeRawPointer(base)
            while index < count {
                // 32 then 8 ASCII bytes at a time: no multi-byte character among them.
                if index + 32 <= count {
                    let words =
                        raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                    if words & 0x8080_8080_8080_8080 == 0 {
                        character += 32
                        index += 32
                        continue
                    }
                }
                if index + 8 <= count
                    && raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    character += 8
                    index += 8
                    continue
                }
                let byte = base[index]
                if byte < 0x80 {
                    character += 1
                } else if byte & 0xC0 == 0x80 {
                    continuationBytes += 1
                } else {
                    multibyteCharacters.append(character)
                    continuationBytesBefore.append(continuationBytes)
                    character += 1
                }
                index += 1
            }
        }
        parser = .allocate(capacity: 1)
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, input.baseAddress, count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        if ownsInput { input.deallocate() }
    }

    /// The text being read (UTF-8 unless a byte order mark said otherwise).
    var text: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: input.baseAddress, count: count) }

    /// The next event, or `nil` after the stream end.
    package func next() throws(YAMLError) -> YAMLEvent? {
        try withNextEvent { event in YAMLEvent(event) }
    }

    /// Parses the next libyaml event, hands it to `body` and frees it.
    /// Returns `nil` after the stream end.
    func withNextEvent<T>(_ body: (borrowing yaml_event_t) throws(YAMLError) -> T) throws(YAMLError) -> T? {
        if isFinished { return nil }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            isFinished = true
            throw currentError()
        }
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT { isFinished = true }
        // From here on the marks' `index` is a byte offset, as SourcePosition wants.
        event.start_mark.index = byteOffset(ofCharacter: event.start_mark.index)
        event.end_mark.index = byteOffset(ofCharacter: event.end_mark.index)
        return try body(event)
    }

    /// Converts events into `batch` (after emptying it) until it holds
    /// `capacity` events, the stream ends, an error stops it, or the nesting
    /// grows deeper than `maxDepth` (whoever reads the batch reports that, at
    /// the event that went too deep; parsing on would only cost time).
    func readBatch(into batch: YAMLEventBatch, capacity: Int, depth: inout Int, maxDepth: Int) {
        // Filled as locals, without touching the batch (a class) per event.
        var events: [ConvertedEvent] = []
        var arena: [UInt8] = []
        swap(&events, &batch.events)
        swap(&arena, &batch.arena)
        events.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        batch.error = nil
        batch.isLast = false
        defer {
            swap(&events, &batch.events)
            swap(&arena, &batch.arena)
        }
        let text = self.text
        // UTF-8 text with no multi-byte character (most scene files): a
        // character index is the byte offset after the byte order mark, with
        // no cursor to consult for each of its events.
        let isASCII = encoding == .utf8 && multibyteCharacters.isEmpty && continuationBytes == 0
        let (textStart, count) = (self.textStart, self.count)
        var event = yaml_event_t()
        while events.count < capacity {
            if isFinished {
                batch.isLast = true
                return
            }
            guard yaml_parser_parse(parser, &event) == 1 else {
                isFinished = true
                batch.error = currentError()
                batch.isLast = true
                return
            }
            if isASCII {
                event.start_mark.index = min(count, textStart + event.start_mark.index)
                event.end_mark.index = min(count, textStart + event.end_mark.index)
            } else {
                event.start_mark.index = byteOffset(ofCharacter: event.start_mark.index)
                event.end_mark.index = byteOffset(ofCharacter: event.end_mark.index)
            }
            let converted = ConvertedEvent(event, text: text, arena: &arena)
            yaml_event_delete(&event)
            events.append(converted)
            switch converted.kind {
            case .streamEnd:
                isFinished = true
                batch.isLast = true
                return
            case .sequenceStart, .mappingStart:
                depth += 1
                if depth > maxDepth {
                    batch.isLast = true
                    return
                }
            case .sequenceEnd, .mappingEnd:
                depth -= 1
            default:
                break
            }
        }
    }

    /// The byte offset in the input of the character libyaml counts as number
    /// `character` (0-based, not counting a byte order mark). Inlined for
    /// UTF-8 text; the multi-byte cursor only moves when a multi-byte
    /// character lies between the character converted last and this one
    /// (never, in ASCII text).
    @inline(__always)
    private func byteOffset(ofCharacter character: Int) -> Int {
        guard encoding == .utf8 else { return byteOffsetWalking(toCharacter: character) }
        let cursor = multibyteCursor
        let isAfterPrevious = cursor == 0 || multibyteCharacters[cursor - 1] < character
        let isBeforeNext = cursor == multibyteCharacters.count || multibyteCharacters[cursor] >= character
        if !(isAfterPrevious && isBeforeNext) { moveMultibyteCursor(toCharacter: character) }
        let extra =
            multibyteCursor < continuationBytesBefore.count
            ? continuationBytesBefore[multibyteCursor] : continuationBytes
        return min(count, textStart + character + extra)
    }

    /// Moves `multibyteCursor` to the first multi-byte character at or after
    /// `character`.
    private func moveMultibyteCursor(toCharacter character: Int) {
        while multibyteCursor < multibyteCharacters.count && multibyteCharacters[multibyteCursor] < character {
            multibyteCursor += 1
        }
        while multibyteCursor > 0 && multibyteCharacters[multibyteCursor - 1] >= character {
            multibyteCursor -= 1
        }
    }

    /// ``byteOffset(ofCharacter:)`` for UTF-16 text: walks from the last
    /// character converted.
    private func byteOffsetWalking(toCharacter character: Int) -> Int {
        while cursorCharacter < character && cursorByte < count {
            cursorByte = min(count, cursorByte + characterWidth(at: cursorByte))
            cursorCharacter += 1
        }
        while cursorCharacter > character && cursorByte > textStart {
            if encoding == .utf8 {
                cursorByte -= 1
                while cursorByte > textStart && input[cursorByte] & 0xC0 == 0x80 { cursorByte -= 1 }
            } else {
                cursorByte = max(textStart, cursorByte - 2)
                if cursorByte >= textStart + 2, (0xDC00..<0xE000).contains(unit(at: cursorByte)),
                    (0xD800..<0xDC00).contains(unit(at: cursorByte - 2))
                {
                    cursorByte -= 2
                }
            }
            cursorCharacter -= 1
        }
        return cursorByte
    }

    /// The length in bytes of the character that starts at `offset`.
    private func characterWidth(at offset: Int) -> Int {
        switch encoding {
        case .utf8:
            let lead = input[offset]
            return lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        case .utf16LE, .utf16BE:
            return (0xD800..<0xDC00).contains(unit(at: offset)) ? 4 : 2
        }
    }

    /// The UTF-16 code unit at `offset` (0 past the end).
    private func unit(at offset: Int) -> Int {
        guard offset + 1 < count else { return 0 }
        let (first, second) = (Int(input[offset]), Int(input[offset + 1]))
        return encoding == .utf16BE ? first << 8 | second : second << 8 | first
    }

    /// Whether the character at byte `offset` is a tab.
    private func isTab(at offset: Int) -> Bool {
        guard offset >= 0, offset < count else { return false }
        return encoding == .utf8 ? input[offset] == 0x09 : unit(at: offset) == 0x09
    }

    private func position(_ mark: yaml_mark_t) -> SourcePosition {
        var mark = mark
        mark.index = byteOffset(ofCharacter: mark.index)
        return SourcePosition(mark)
    }

    private func currentError() -> YAMLError {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "unknown problem"
        switch p.error {
        case YAML_READER_ERROR:
            let position = SourcePosition.locate(
                offset: p.problem_offset, in: UnsafeBufferPointer(rebasing: input[..<count]))
            var message = problem
            if p.problem_value != -1 {
                // libyaml gives the offending byte for the "... octet" problems and
                // the code point for the others ("control characters are not
                // allowed", "invalid Unicode character").
                let hex = String(p.problem_value, radix: 16, uppercase: true)
                message +=
                    problem.contains("octet")
                    ? " (byte 0x\(String(repeating: "0", count: max(0, 2 - hex.count)))\(hex))"
                    : " (U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex))"
            }
            if !problem.contains("control characters") {
                return YAMLError(
                    .encoding, "the file is not valid UTF-8: \(message)", at: SourceSpan(at: position),
                    hint: "save the file as UTF-8")
            }
            // Valid UTF-8 holding a character YAML forbids, such as a control character.
            return YAMLError(
                .encoding, "the file holds a character YAML does not allow: \(message)", at: SourceSpan(at: position),
                hint: "remove it, or write it as an escape such as \"\\x01\" in a double-quoted string")
        case YAML_MEMORY_ERROR:
            return YAMLError(.memory, "out of memory while reading YAML", at: SourceSpan(at: .start))
        default:
            let position = self.position(p.problem_mark)
            var error = YAMLError(.syntax, problem, at: SourceSpan(at: position))
            if problem.contains("tab") || isTab(at: position.offset) {
                error.hint = "YAML indents with spaces, never tabs: replace the tab with spaces"
            }
            if let context = p.context {
                error.related = YAMLError.Related(
                    message: String(cString: context), position: self.position(p.context_mark))
            }
            return error
        }
    }
}

extension SourcePosition {
    init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: Int(mark.index))
    }
}

extension SourceSpan {
    init(_ event: borrowing yaml_event_t) {
        self.init(start: SourcePosition(event.start_mark), end: SourcePosition(event.end_mark))
    }
}

@inline(__always)
func makeString(_ pointer: UnsafePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}

@inline(__always)
func makeString(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
    guard let pointer else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
}

extension ScalarStyle {
    init(_ style: yaml_scalar_style_t) {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: self = .literal
        case YAML_FOLDED_SCALAR_STYLE: self = .folded
        default: self = .plain
        }
    }
}

extension YAMLEvent {
    init(_ event: borrowing yaml_event_t) {
        let span = SourceSpan(event)
        switch event.type {
        case YAML_STREAM_START_EVENT:
            self.init(kind: .streamStart, span: span)
        case YAML_STREAM_END_EVENT:
            self.init(kind: .streamEnd, span: span)
        case YAML_DOCUMENT_START_EVENT:
            self.init(kind: .documentStart(explicit: event.data.document_start.implicit == 0), span: span)
        case YAML_DOCUMENT_END_EVENT:
            self.init(kind: .documentEnd(explicit: event.data.document_end.implicit == 0), span: span)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            self.init(
                kind: .sequenceStart(flow: data.style == YAML_FLOW_SEQUENCE_STYLE),
                anchor: makeString(data.anchor), tag: makeString(data.tag), span: span)
        case YAML_SEQUENCE_END_EVENT:
            self.init(kind: .sequenceEnd, span: span)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            self.init(
                kind: .mappingStart(flow: data.style == YAML_FLOW_MAPPING_STYLE),
                anchor: makeString(data.anchor), tag: makeString(data.tag), span: span)
        case YAML_MAPPING_END_EVENT:
            self.init(kind: .mappingEnd, span: span)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            self.init(
                kind: .scalar(makeString(data.value, length: data.length), ScalarStyle(data.style)),
                anchor: makeString(data.anchor), tag: makeString(data.tag), span: span)
        case YAML_ALIAS_EVENT:
            self.init(kind: .alias(makeString(event.data.alias.anchor) ?? ""), span: span)
        default:
            self.init(kind: .streamEnd, span: span)
        }
    }
}
