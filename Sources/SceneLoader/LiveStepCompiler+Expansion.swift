import SceneCore
import SceneYAML

extension LiveStepCompiler {
    /// What the YAML aliases of one typed line expand to: the text and the
    /// nodes they repeat, each alias counted every time it is used.
    package struct AliasExpansion: Equatable, Sendable {
        /// The bytes of scalar text the aliases repeat.
        package var bytes: Int
        /// The nodes the aliases repeat.
        package var nodes: Int
        /// Whether the aliases expand to more than a scene file's may
        /// (``YAMLLimits/maxAliasBytes`` or ``YAMLLimits/maxAliasNodes``):
        /// the counts are then where reading stopped, not the whole.
        package var isPastSceneLimits: Bool

        /// An expansion of `bytes` and `nodes`.
        package init(bytes: Int, nodes: Int, isPastSceneLimits: Bool) {
            self.bytes = bytes
            self.nodes = nodes
            self.isPastSceneLimits = isPastSceneLimits
        }

        /// Whether one typed line may expand to this: within
        /// ``LiveStepCompiler/maximumAliasBytesPerLine`` and
        /// ``LiveStepCompiler/maximumAliasNodesPerLine``.
        package var isWithinLineLimits: Bool {
            !isPastSceneLimits && bytes <= LiveStepCompiler.maximumAliasBytesPerLine
                && nodes <= LiveStepCompiler.maximumAliasNodesPerLine
        }
    }

    /// What the aliases of `text`, one typed line, expand to, read under the
    /// scene's `limits` (nothing is copied: the counts are added up as the
    /// line is read, so the cost is the line's length, however far its
    /// aliases would expand); `nil` when the line is not YAML that reads
    /// (its compiling says why).
    package static func aliasExpansion(of text: String, limits: YAMLLimits) -> AliasExpansion? {
        let bytes = Array("- ".utf8) + Array(text.utf8)
        do {
            let document = try YAMLDocumentReader.readDocument(bytes, limits: limits, pipelining: .off)
            return AliasExpansion(bytes: document.aliasBytes, nodes: document.aliasNodes, isPastSceneLimits: false)
        } catch  where error.kind == .aliasBudget {
            return AliasExpansion(bytes: limits.maxAliasBytes, nodes: limits.maxAliasNodes, isPastSceneLimits: true)
        } catch {
            return nil
        }
    }

    /// Why a page's step `text` is refused before it reaches the session,
    /// by its size alone: its aliases expand past what a typed line may
    /// (a step that large would only be refused by the session after
    /// holding the queue behind it). `nil` when it may be queued.
    ///
    ///     LiveStepCompiler.refusal(ofStep: "set: { title.text: *a }", limits: YAMLLimits())  // nil
    package static func refusal(ofStep text: String, limits: YAMLLimits) -> String? {
        // A line without `*` has no alias: it need not be read here.
        guard text.utf8.contains(UInt8(ascii: "*")),
            let expansion = aliasExpansion(of: text, limits: limits), !expansion.isWithinLineLimits
        else {
            return nil
        }
        let grouped = VisibleText.grouped
        let size: String
        if expansion.isPastSceneLimits {
            size = "more than \(grouped(limits.maxAliasBytes)) bytes of text or \(grouped(limits.maxAliasNodes)) nodes"
        } else if expansion.bytes > maximumAliasBytesPerLine {
            size = "\(grouped(expansion.bytes)) bytes of text"
        } else {
            size = "\(grouped(expansion.nodes)) nodes"
        }
        return "a step was refused: its YAML aliases expand to \(size), and a typed step's may expand to at most "
            + "\(grouped(maximumAliasBytesPerLine)) bytes (1 MiB) and \(grouped(maximumAliasNodesPerLine)) nodes; "
            + "write the values out"
    }
}
