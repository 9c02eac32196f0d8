/// Why a YAML input was rejected, with the position a reader should look at.
///
/// The YAML layer throws only this type. Its `message` is written for the
/// scene author; the loader renders it with the file name and a snippet.
package struct YAMLError: Error, Hashable, Sendable {
    /// What went wrong, as a category for tools and tests.
    package enum Kind: String, Hashable, Sendable {
        /// libyaml could not scan or parse the text.
        case syntax
        /// The bytes are not valid UTF-8 (or another encoding libyaml reads).
        case encoding
        /// The input is larger than ``YAMLLimits/maxInputBytes``.
        case tooLarge
        /// Collections are nested deeper than ``YAMLLimits/maxDepth``.
        case tooDeep
        /// Aliases would materialise more than ``YAMLLimits/maxAliasNodes``
        /// nodes or ``YAMLLimits/maxAliasBytes`` bytes of text.
        case aliasBudget
        /// An alias names an anchor that was never defined.
        case unknownAnchor
        /// A mapping repeats a key.
        case duplicateKey
        /// An explicit tag such as `!!int` or `!Foo`.
        case tag
        /// A merge key `<<`.
        case mergeKey
        /// A mapping key that is a sequence or a mapping.
        case complexKey
        /// More than one document in the stream.
        case multipleDocuments
        /// libyaml ran out of memory.
        case memory
    }

    /// The category.
    package var kind: Kind
    /// A one-line description for the scene author.
    package var message: String
    /// Where the problem is.
    package var span: SourceSpan
    /// A second place that explains the first.
    package struct Related: Hashable, Sendable {
        /// What is there ("first written here", "while parsing a flow sequence").
        package var message: String
        /// Where.
        package var position: SourcePosition
    }

    /// A second place that explains the first, e.g. the first occurrence of
    /// a duplicate key or the construct libyaml was reading.
    package var related: Related?
    /// A suggestion for a fix, when there is one.
    package var hint: String?

    /// Creates an error.
    package init(
        _ kind: Kind, _ message: String, at span: SourceSpan,
        related: (message: String, position: SourcePosition)? = nil, hint: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.span = span
        self.hint = hint
        self.related = related.map { Related(message: $0.message, position: $0.position) }
    }

    /// The start of ``span``.
    package var position: SourcePosition { span.start }
}
