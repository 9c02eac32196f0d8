import LanguageServerProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the line under the cursor is, read from its text: half-written
/// lines do not parse, so completion starts from the text itself.
struct CursorContext {
    /// What is being written.
    enum Shape: Equatable {
        /// The value of a `type:` key.
        case typeValue
        /// A key of a mapping (the line holds only a word so far).
        case key
        /// The value of `key:` (a step's value when the key is a script verb).
        case value(key: String)
        /// A step of the script, after `- `.
        case scriptItem
        /// Nothing completion helps with (a comment).
        case none
    }

    let shape: Shape
    /// The 1-based line.
    let line: Int
    /// The line's bytes, without its line break.
    let lineRange: Range<Int>
    /// The line's leading spaces (with `- ` when it is a list item).
    let indentation: String
    /// The bytes of the word being written, which an item replaces.
    let wordRange: Range<Int>
    /// The 1-based column, in Unicode scalars, of the word's start.
    let valueColumn: Int
    /// The verb of the script step the cursor is in, if it is in one.
    let scriptVerb: String?
    /// The keys of the block mappings around the cursor's line, outermost
    /// first (`["objects", "left", "params"]`).
    let ancestors: [String]
    /// The key whose flow mapping the cursor is in on its line
    /// (`params` in `params: { ti`), and whether a key is being written there.
    let flowKey: String?
    let isAtFlowKey: Bool
    /// The top-level key whose section the line is in.
    let section: String?
    /// The word's text before the cursor.
    let typed: String

    /// The context at byte `offset` of `document`.
    init(_ document: OpenDocument, offset: Int) {
        let lines = document.lines
        let bytes = lines.bytes
        let position = lines.position(ofOffset: offset, in: .utf8)
        let range = lines.lineRange(position.line)
        line = position.line + 1
        lineRange = range
        let cursor = min(max(offset, range.lowerBound), range.upperBound)
        var start = cursor
        while start > range.lowerBound, Self.isWordByte(bytes[start - 1]) { start -= 1 }
        var end = cursor
        while end < range.upperBound, Self.isWordByte(bytes[end]) { end += 1 }
        wordRange = start..<end
        valueColumn = lines.position(ofOffset: start, in: .utf32).character + 1
        let before = String(decoding: bytes[range.lowerBound..<cursor], as: UTF8.self)
        let leading = before.prefix { $0 == " " }
        var rest = before.dropFirst(leading.count)
        var indentation = String(leading)
        let isItem = rest.hasPrefix("- ") || rest == "-"
        if isItem {
            rest = rest.dropFirst(min(2, rest.count))
            indentation += "- "
        }
        self.indentation = indentation
        let section = Self.section(of: lines, above: position.line)
        self.section = section
        typed = String(decoding: bytes[start..<cursor], as: UTF8.self)
        var verb: String?
        if rest.hasPrefix("#") {
            shape = .none
        } else if let colon = rest.firstIndex(of: ":") {
            let key = rest[..<colon].trimmingCharacters
            if key == "type" && !rest[rest.index(after: colon)...].contains(where: { $0 == "{" || $0 == "[" }) {
                shape = .typeValue
            } else {
                shape = .value(key: key)
            }
            if section == "script", isItem { verb = key }
        } else if isItem, section == "script" {
            shape = .scriptItem
        } else if section == "script",
            let enclosing = Self.enclosingStep(of: lines, above: position.line, indent: leading.count)
        {
            // A key of a step written as a block mapping: a path.
            verb = enclosing
            shape = .value(key: enclosing)
        } else {
            shape = .key
        }
        scriptVerb = verb
        ancestors = Self.ancestors(of: lines, above: position.line, indent: leading.count + (isItem ? 2 : 0))
        (flowKey, isAtFlowKey) = Self.flow(before)
    }

    /// The key whose flow mapping (`{`) is open at the end of `before`, and
    /// whether a key (not a value) is being written in it.
    static func flow(_ before: String) -> (String?, Bool) {
        var depth = 0
        var open: String.Index?
        var index = before.endIndex
        while index > before.startIndex {
            index = before.index(before: index)
            switch before[index] {
            case "}": depth += 1
            case "{":
                if depth == 0 {
                    open = index
                    index = before.startIndex
                } else {
                    depth -= 1
                }
            default: break
            }
        }
        guard let open else { return (nil, false) }
        let head = before[..<open].trimmingCharacters
        guard head.hasSuffix(":") else { return (nil, false) }
        var key = String(head.dropLast())
        if let space = key.lastIndex(where: { $0 == " " || $0 == "{" || $0 == "," }) {
            key = String(key[key.index(after: space)...])
        }
        let inside = before[before.index(after: open)...]
        let lastDelimiter = inside.last { $0 == "," || $0 == ":" }
        return (key, lastDelimiter != ":")
    }

    /// The keys of the lines above `line` that open the block mappings it is in.
    static func ancestors(of lines: LineIndex, above line: Int, indent: Int) -> [String] {
        var keys: [String] = []
        var threshold = indent
        var index = line - 1
        while index >= 0, threshold > 0 {
            let text = String(decoding: lines.bytes[lines.lineRange(index)], as: UTF8.self)
            var leading = text.prefix { $0 == " " }.count
            var rest = text.dropFirst(leading)
            if rest.hasPrefix("- ") {
                rest = rest.dropFirst(2)
                leading += 2
            }
            index -= 1
            guard !rest.isEmpty, !rest.hasPrefix("#"), leading < threshold, let colon = rest.firstIndex(of: ":") else {
                continue
            }
            keys.insert(rest[..<colon].trimmingCharacters, at: 0)
            threshold = leading
        }
        return keys
    }

    /// Whether `byte` can be part of an id, a path, a type or a file name.
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "#"):
            false
        default: true
        }
    }

    /// The top-level key whose section holds line `line` (0-based).
    static func section(of lines: LineIndex, above line: Int) -> String? {
        var index = line
        while index >= 0 {
            let range = lines.lineRange(index)
            if let first = range.first.map({ lines.bytes[$0] }), first != UInt8(ascii: " "), first != UInt8(ascii: "#"),
                first != UInt8(ascii: "-")
            {
                let text = String(decoding: lines.bytes[range], as: UTF8.self)
                return text.split(separator: ":", maxSplits: 1).first.map { String($0).trimmingCharacters }
            }
            index -= 1
        }
        return nil
    }

    /// The verb of the nearest `- verb:` line above `line` indented less than `indent`.
    static func enclosingStep(of lines: LineIndex, above line: Int, indent: Int) -> String? {
        var index = line - 1
        while index >= 0 {
            let text = String(decoding: lines.bytes[lines.lineRange(index)], as: UTF8.self)
            let leading = text.prefix { $0 == " " }.count
            let rest = text.dropFirst(leading)
            if !rest.isEmpty, !rest.hasPrefix("#"), leading < indent {
                guard rest.hasPrefix("- "), let colon = rest.firstIndex(of: ":") else { return nil }
                return rest.dropFirst(2)[..<colon].trimmingCharacters
            }
            if leading == 0 && !rest.isEmpty { return nil }
            index -= 1
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    var trimmingCharacters: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}

/// A folder's entries, for completing `include:` paths.
enum DirectoryListing {
    struct Entry {
        let name: String
        let isDirectory: Bool
    }

    /// At most `limit` entries of `folder` but hidden ones, sorted by name.
    static func entries(of folder: String, limit: Int) -> [Entry] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var entries: [Entry] = []
        while entries.count < limit, let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            var status = stat()
            let isDirectory = stat(folder + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            entries.append(Entry(name: name, isDirectory: isDirectory))
        }
        return entries.sorted { $0.name < $1.name }
    }
}
