import SceneCore

/// What JUnit XML needs besides escaping (``MarkupText``, for element
/// content and attributes): bounded messages and JUnit's seconds.
enum JUnitXML {
    /// `text` cut to at most `limit` characters, with `…` where it was cut.
    static func bounded(_ text: String, _ limit: Int) -> String {
        // No more bytes than the limit: no more characters either.
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(max(0, limit - 1))) + "…"
    }

    /// Seconds with three decimals, as JUnit's `time` attributes give
    /// them: `2.900`.
    static func seconds(_ duration: Duration) -> String {
        let text = duration.transcriptText
        return text.hasSuffix("s") ? String(text.dropLast()) : text
    }
}
