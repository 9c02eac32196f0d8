/// The bounds a document must stay within, so that no input can make the
/// reader crash, hang or exhaust memory. Each can be raised by the embedding
/// program.
public struct YAMLLimits: Sendable, Hashable {
    /// The largest input accepted, in bytes. Default 64 MiB.
    public var maxInputBytes: Int = 64 << 20
    /// The deepest nesting of sequences and mappings, checked on every start
    /// event (libyaml itself has no limit and slows quadratically on deep
    /// flow nesting). Default 64.
    public var maxDepth: Int = 64
    /// How many nodes aliases may materialise in total, counting every node
    /// of each aliased subtree each time it is used. Default 100,000, which
    /// stops a "billion laughs" document at its first few levels.
    public var maxAliasNodes: Int = 100_000
    /// How many bytes of scalar text aliases may repeat in total, counting
    /// the text of each aliased value each time it is used, so that one
    /// long value aliased many times cannot make the loader copy it
    /// gigabytes over. Default 16 MiB (16,777,216 bytes).
    public var maxAliasBytes: Int = 16 << 20

    /// The defaults.
    public init() {}

    /// The defaults with the given changes.
    public init(
        maxInputBytes: Int? = nil, maxDepth: Int? = nil, maxAliasNodes: Int? = nil, maxAliasBytes: Int? = nil
    ) {
        if let maxInputBytes { self.maxInputBytes = maxInputBytes }
        if let maxAliasBytes { self.maxAliasBytes = maxAliasBytes }
        if let maxDepth { self.maxDepth = maxDepth }
        if let maxAliasNodes { self.maxAliasNodes = maxAliasNodes }
    }
}
