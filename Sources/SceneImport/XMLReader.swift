import SceneLoader
import SceneYAML

/// A reader of XML 1.0 documents into ``IBElement``s that refuses what XML
/// refuses (a second root, text after the root, a duplicate attribute, a
/// bad reference, `--` in a comment, a file cut short...), each mistake at
/// the line and column where it is, and reads no document type definition:
/// a declaration is refused where it is, and no entity but XML's five
/// (`&lt;` `&gt;` `&amp;` `&apos;` `&quot;`) and character references is
/// known. Everything is read once, front to back, and the limits are
/// checked as it goes: depth, elements, attributes per element (a
/// duplicate found by hashing), the bytes of each value.
///
/// The bytes are UTF-8 of characters XML allows (``XMLTreeReader`` checks
/// that first). Line breaks in text are read as line feeds, and in an
/// attribute's value as spaces, as XML says.
///
/// - Complexity: O(*n*) in the length of the file.
struct XMLReader {
    /// An element whose end tag is still to come.
    private struct Open {
        var name: String
        var attributes: [String: String]
        var children: [IBElement] = []
        var text: [UInt8] = []
        var keepsText: Bool
        var position: SourcePosition
    }

    let bytes: [UInt8]
    let limits: XMLLimits
    var index: Int
    var cursor: PositionCursor
    private var stack: [Open] = []
    private var elements = 0

    init(bytes: [UInt8], limits: XMLLimits) {
        self.bytes = bytes
        self.limits = limits
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        cursor = PositionCursor(bytes: bytes)
    }

    // MARK: - The document

    /// The root element: an XML declaration, comments and processing
    /// instructions, one element, then comments and processing
    /// instructions only.
    mutating func document() throws(Diagnostic) -> IBElement {
        guard index < bytes.count else {
            throw error(
                "the file is empty", at: index,
                hint: "an Interface Builder file is XML, as Xcode saves a .storyboard or .xib")
        }
        let hasDeclaration = starts(with: "<?xml") && index + 5 < bytes.count && Self.isSpace(bytes[index + 5])
        if hasDeclaration { try xmlDeclaration() }
        skipSpaces()
        let firstMarkup = index
        try misc()
        guard index < bytes.count else {
            throw error(
                "malformed XML: the file ends before its root element", at: index,
                hint: "an Interface Builder file's root is <document>; is the file whole?")
        }
        guard bytes[index] == UInt8(ascii: "<"), isNameStart(at: index + 1) else {
            if !hasDeclaration && index == firstMarkup && bytes[index] != UInt8(ascii: "<") {
                throw error(
                    "this is not XML: the file starts with '\(excerpt(at: index))', where XML starts with '<'",
                    at: index,
                    hint: "import reads .storyboard and .xib files, which are XML; 'scene-runner check' reads scenes")
            }
            throw unexpected(at: index, context: "before the root element")
        }
        let root = try element()
        try misc()
        if index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), isNameStart(at: index + 1) {
                throw error(
                    "malformed XML: a second root element <\(excerptName(at: index + 1))> after the end of <\(Self.shown(root.name))>",
                    at: index, hint: "an XML file has one root element; is it two files joined?")
            }
            throw unexpected(at: index, context: "after the root element's end tag")
        }
        return root
    }

    /// Comments, processing instructions and white space, before or after
    /// the root; stops at anything else.
    private mutating func misc() throws(Diagnostic) {
        while true {
            skipSpaces()
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else if starts(with: "<!") {
                throw declaration(at: index)
            } else {
                return
            }
        }
    }

    /// What is wrong with the text at `offset`, `context` saying where it is.
    private mutating func unexpected(at offset: Int, context: String) -> Diagnostic {
        if starts(with: "</") {
            return error(
                "malformed XML: an end tag </\(excerptName(at: offset + 2))> \(context)", at: offset,
                hint: "each end tag closes the element whose start tag came last")
        }
        if starts(with: "<![CDATA[") {
            return error(
                "malformed XML: a CDATA section \(context)", at: offset, hint: "CDATA is text inside an element")
        }
        return error(
            "malformed XML: text \(context) ('\(excerpt(at: offset))')", at: offset,
            hint: "an XML file is one root element, with only comments around it; is the file whole?")
    }

    // MARK: - Elements

    /// The element whose start tag is at `index`, read with its content
    /// (iteratively: the depth is the limit's, never the call stack's).
    private mutating func element() throws(Diagnostic) -> IBElement {
        if let empty = try startTag() { return empty }
        while !stack.isEmpty {
            try characterData()
            // Nothing holds a copy of the open element across the loop: its
            // children are appended to in place, never copied.
            guard index < bytes.count, !stack.isEmpty else {
                let open = stack.last
                throw error(
                    "malformed XML: the file ends inside <\(Self.shown(open?.name ?? ""))>, whose start tag is at \(open?.position.description ?? "")",
                    at: index, hint: "the file is cut short; save it again from Xcode")
            }
            let finished: IBElement?
            if starts(with: "</") {
                finished = try endTag()
            } else if starts(with: "<!--") {
                try comment()
                finished = nil
            } else if starts(with: "<![CDATA[") {
                try cdata()
                finished = nil
            } else if starts(with: "<?") {
                try processingInstruction()
                finished = nil
            } else if starts(with: "<!") {
                throw declaration(at: index)
            } else if isNameStart(at: index + 1) {
                finished = try startTag()
            } else {
                throw error(
                    "malformed XML: a '<' that starts no tag", at: index, hint: "write '&lt;' for a '<' in text")
            }
            guard let finished else { continue }
            guard !stack.isEmpty else { return finished }
            stack[stack.count - 1].children.append(finished)
        }
        throw error("malformed XML: no root element", at: index, hint: nil)
    }

    /// Reads the start tag at `index`: the element when it is empty
    /// (`<a/>`), else `nil` with the element open.
    private mutating func startTag() throws(Diagnostic) -> IBElement? {
        let start = index
        elements += 1
        if elements > limits.maxElements {
            throw Diagnostic(
                .fileTooLarge, "the file has more than \(limits.maxElements) elements", at: here(start),
                hint: "split the storyboard; the import stops at this limit")
        }
        if stack.count >= limits.maxDepth {
            throw Diagnostic(
                .nestingTooDeep, "elements are nested more than \(limits.maxDepth) deep", at: here(start),
                hint: "Interface Builder files nest far less; is this the right file?")
        }
        let position = cursor.position(of: start)
        index += 1
        let name = try self.name()
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipSpaces()
            guard index < bytes.count else {
                throw error(
                    "malformed XML: the file ends inside the start tag <\(Self.shown(name))> at \(position)", at: index,
                    hint: "the file is cut short; save it again from Xcode")
            }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
                stack.append(
                    Open(
                        name: name, attributes: attributes, keepsText: name == "string" || name == "mutableString",
                        position: position))
                return nil
            case UInt8(ascii: "/") where starts(with: "/>"):
                index += 2
                return IBElement(name: name, attributes: attributes, children: [], text: "", position: position)
            default:
                guard isNameStart(at: index) else {
                    throw error(
                        "malformed XML: '\(excerpt(at: index, scalars: 1))' in the start tag <\(Self.shown(name))>, where an attribute, '/>' or '>' belongs",
                        at: index, hint: "an attribute is written name=\"value\"")
                }
                let attributeStart = index
                let attribute = try self.name()
                guard spaced else {
                    throw error(
                        "malformed XML: no space before the attribute '\(Self.shown(attribute))' of <\(Self.shown(name))>",
                        at: attributeStart, hint: "attributes are separated by white space")
                }
                guard attributes[attribute] == nil else {
                    throw error(
                        "malformed XML: the attribute '\(Self.shown(attribute))' appears twice in <\(Self.shown(name))>",
                        at: attributeStart, hint: "XML allows each attribute once in an element")
                }
                guard attributes.count < limits.maxAttributes else {
                    throw Diagnostic(
                        .fileTooLarge,
                        "the element <\(Self.shown(name))> has more than \(limits.maxAttributes) attributes",
                        at: here(attributeStart),
                        hint: "Interface Builder writes a few attributes an element; is this the right file?")
                }
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw error(
                        "malformed XML: the attribute '\(Self.shown(attribute))' of <\(Self.shown(name))> has no value",
                        at: index, hint: "an attribute is written \(Self.shown(attribute))=\"value\"")
                }
                index += 1
                skipSpaces()
                attributes[attribute] = try attributeValue(of: attribute, start: attributeStart)
            }
        }
    }

    /// The quoted value at `index` of the attribute `name` (which starts at
    /// `start`): references replaced, each white space character (a CR LF
    /// counting as one) read as a space.
    private mutating func attributeValue(of name: String, start: Int) throws(Diagnostic) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw error(
                "malformed XML: the value of the attribute '\(Self.shown(name))' is not in quotes", at: index,
                hint: "an attribute is written \(Self.shown(name))=\"value\"")
        }
        let quote = bytes[index]
        index += 1
        // Most values hold nothing to replace: they are taken as they are.
        var end = index
        while end < bytes.count, end - index <= limits.maxValueBytes {
            let byte = bytes[end]
            if byte == quote || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte < 0x20 { break }
            end += 1
        }
        if end < bytes.count, bytes[end] == quote, end - index <= limits.maxValueBytes {
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw error(
                    "malformed XML: the file ends inside the value of the attribute '\(Self.shown(name))'", at: index,
                    hint: "the value's closing quote is missing, or the file is cut short")
            }
            let byte = bytes[index]
            switch byte {
            case quote:
                index += 1
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "<"):
                throw error(
                    "malformed XML: a '<' in the value of the attribute '\(Self.shown(name))'", at: index,
                    hint: "write '&lt;' for a '<' in a value")
            case UInt8(ascii: "&"):
                value.append(contentsOf: String(try reference()).utf8)
            case 0x0D:
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                value.append(0x20)
            case 0x09, 0x0A:
                index += 1
                value.append(0x20)
            default:
                index += 1
                value.append(byte)
            }
            if value.count > limits.maxValueBytes {
                throw Diagnostic(
                    .fileTooLarge,
                    "the value of the attribute '\(Self.shown(name))' is longer than \(limits.maxValueBytes) bytes",
                    at: here(start),
                    hint: "Interface Builder's values are far shorter; is this the right file?")
            }
        }
    }

    /// The end tag at `index`, which must close the open element: the
    /// finished element.
    private mutating func endTag() throws(Diagnostic) -> IBElement {
        let start = index
        index += 2
        guard isNameStart(at: index) else {
            throw error("malformed XML: '</' with no name", at: start, hint: "an end tag is written </name>")
        }
        let name = try self.name()
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw error(
                "malformed XML: the end tag </\(Self.shown(name))> does not end with '>'", at: index,
                hint: "an end tag is written </name>")
        }
        guard name == stack[stack.count - 1].name else {
            let open = stack[stack.count - 1]
            throw error(
                "malformed XML: the end tag </\(Self.shown(name))> does not match the start tag <\(Self.shown(open.name))> at \(open.position)",
                at: start, hint: "each element ends with the end tag of its own name, inner ones first")
        }
        index += 1
        let open = stack.removeLast()
        return IBElement(
            name: open.name, attributes: open.attributes, children: open.children,
            text: String(decoding: open.text, as: UTF8.self), position: open.position)
    }

    /// The text up to the next markup, kept when the open element keeps its
    /// text: references replaced, line breaks read as line feeds.
    private mutating func characterData() throws(Diagnostic) {
        let keeps = !stack.isEmpty && stack[stack.count - 1].keepsText
        let last = stack.count - 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                return
            case UInt8(ascii: "&"):
                let scalar = try reference()
                if keeps { stack[last].text.append(contentsOf: String(scalar).utf8) }
            case UInt8(ascii: "]") where starts(with: "]]>"):
                throw error(
                    "malformed XML: ']]>' in text, where XML allows it only to end a CDATA section", at: index,
                    hint: "write ']]&gt;'")
            case 0x0D:
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                if keeps { stack[last].text.append(0x0A) }
            default:
                index += 1
                if keeps { stack[last].text.append(byte) }
            }
            if keeps, stack[last].text.count > limits.maxValueBytes { throw textTooLong() }
        }
    }

    /// The CDATA section at `index`, its text kept as it is written (line
    /// breaks read as line feeds) when the open element keeps its text.
    private mutating func cdata() throws(Diagnostic) {
        let start = index
        index += 9
        let keeps = !stack.isEmpty && stack[stack.count - 1].keepsText
        let last = stack.count - 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "]"), starts(with: "]]>") {
                index += 3
                return
            }
            let byte = bytes[index]
            if byte == 0x0D {
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                if keeps { stack[last].text.append(0x0A) }
            } else {
                index += 1
                if keeps { stack[last].text.append(byte) }
            }
            if keeps, stack[last].text.count > limits.maxValueBytes { throw textTooLong() }
        }
        throw unclosed("CDATA section", startedAt: start, closer: "]]>")
    }

    private mutating func textTooLong() -> Diagnostic {
        let open = stack.last
        return Diagnostic(
            .fileTooLarge,
            "the text of <\(Self.shown(open?.name ?? ""))> is longer than \(limits.maxValueBytes) bytes",
            at: SourceSpan(at: open?.position ?? .start),
            hint: "Interface Builder's texts are far shorter; is this the right file?")
    }
}
