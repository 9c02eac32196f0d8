/// A scalar with its text, style and position.
package struct YAMLScalar: Sendable, Hashable {
    /// The scalar's text after YAML's unescaping and folding.
    package var value: String
    /// How it was written.
    package var style: ScalarStyle
    /// Where it was written.
    package var span: SourceSpan

    /// Creates a scalar.
    package init(value: String, style: ScalarStyle, span: SourceSpan) {
        self.value = value
        self.style = style
        self.span = span
    }

    /// True for a plain empty value, `~`, `null`, `Null` or `NULL`.
    package var isNull: Bool {
        guard style == .plain else { return false }
        switch value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }
}

/// A sequence and the position of its first character.
package struct YAMLSequence: Sendable, Hashable {
    /// The items in written order.
    package var items: [YAMLNode]
    /// From the first character to the last.
    package var span: SourceSpan

    /// Creates a sequence.
    package init(items: [YAMLNode], span: SourceSpan) {
        self.items = items
        self.span = span
    }
}

/// A mapping whose keys are scalars, in written order, without duplicates.
package struct YAMLMapping: Sendable, Hashable {
    /// One key and its value.
    package struct Entry: Sendable, Hashable {
        /// The key, always a scalar in a scene file.
        package var key: YAMLScalar
        /// The value.
        package var value: YAMLNode

        /// Creates an entry.
        package init(key: YAMLScalar, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in written order.
    package var entries: [Entry]
    /// From the first character to the last.
    package var span: SourceSpan

    /// Creates a mapping; keys should be unique.
    package init(entries: [Entry], span: SourceSpan) {
        self.entries = entries
        self.span = span
    }

    /// The entry whose key is `key`, if any.
    ///
    /// - Complexity: O(n); mappings in scene files are small except
    ///   `objects`, which the loader walks in order.
    package subscript(key: String) -> Entry? {
        entries.first { $0.key.value == key }
    }
}

/// A node of a YAML document: a scalar, a sequence or a mapping. Aliases are
/// already replaced by the node they name.
package enum YAMLNode: Sendable, Hashable {
    case scalar(YAMLScalar)
    case sequence(YAMLSequence)
    case mapping(YAMLMapping)

    /// Where the node was written (for an alias, where its anchor's node was).
    package var span: SourceSpan {
        switch self {
        case .scalar(let scalar): scalar.span
        case .sequence(let sequence): sequence.span
        case .mapping(let mapping): mapping.span
        }
    }

    /// A word for the node's kind, for messages: "a mapping", "a list", "a value".
    package var kindDescription: String {
        switch self {
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
