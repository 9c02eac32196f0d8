/// How a scalar was written.
package enum ScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// One event of libyaml's event stream, with its source positions.
package struct YAMLEvent: Sendable, Hashable {
    /// The event and its data.
    package enum Kind: Sendable, Hashable {
        case streamStart
        case streamEnd
        /// `explicit` when the document starts with `---`.
        case documentStart(explicit: Bool)
        /// `explicit` when the document ends with `...`.
        case documentEnd(explicit: Bool)
        /// `flow` for `[...]`.
        case sequenceStart(flow: Bool)
        case sequenceEnd
        /// `flow` for `{...}`.
        case mappingStart(flow: Bool)
        case mappingEnd
        case scalar(String, ScalarStyle)
        /// `*name`.
        case alias(String)
    }

    /// The event.
    package var kind: Kind
    /// The anchor (`&name`) on a node event, if any.
    package var anchor: String?
    /// The tag on a node event, if any, as libyaml resolved it.
    package var tag: String?
    /// Where the event's text is.
    package var span: SourceSpan
}
