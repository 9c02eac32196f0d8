import SceneYAML

/// A problem found in a scene file, with its position, for the scene author.
///
/// Diagnostics are values; ``DiagnosticRenderer`` turns them into text like
/// a compiler's or into JSON Lines, in one place.
public struct Diagnostic: Error, Sendable, Hashable {
    /// How serious it is.
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    /// A second position that explains the first.
    public struct Note: Sendable, Hashable {
        /// What is there.
        public var message: String
        /// Where.
        public var position: SourcePosition

        /// Creates a note.
        public init(_ message: String, at position: SourcePosition) {
            self.message = message
            self.position = position
        }
    }

    /// The kind of mistake, stable for tools (`--format json` prints it).
    public var code: DiagnosticCode
    /// How serious it is.
    public var severity: Severity
    /// One line saying what is wrong.
    public var message: String
    /// The text the message is about.
    public var span: SourceSpan
    /// How to fix it, when that can be said ("did you mean 'View'?").
    public var hint: String?
    /// Related positions.
    public var notes: [Note]
    /// The component file the diagnostic is in, when it is not the scene's
    /// own file; its span and notes are positions in this file.
    public var file: SceneSource?
    /// For a diagnostic in a component, the includes that led there, the
    /// nearest first: each `include:` that instanced the file around it,
    /// ending with the one in the scene's own file.
    public var includedFrom: [Inclusion] = []

    /// One `include:` of a component, for a diagnostic inside it.
    public struct Inclusion: Sendable, Hashable {
        /// The file the `include:` is written in.
        public var file: String
        /// Where its value is written.
        public var position: SourcePosition
        /// The instance's id by path from the scene's own objects (`left.inner`).
        public var instance: String

        /// Creates an inclusion.
        public init(file: String, position: SourcePosition, instance: String) {
            self.file = file
            self.position = position
            self.instance = instance
        }
    }

    /// Creates an error.
    public init(
        _ code: DiagnosticCode, _ message: String, at span: SourceSpan, hint: String? = nil, notes: [Note] = [],
        severity: Severity = .error
    ) {
        self.code = code
        self.message = message
        self.span = span
        self.hint = hint
        self.notes = notes
        self.severity = severity
    }

    /// Where the diagnostic points.
    public var position: SourcePosition { span.start }
}

/// Every kind of mistake the loader reports.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    // Reading the file and YAML.
    case unreadableFile = "unreadable-file"
    case fileTooLarge = "file-too-large"
    case invalidEncoding = "invalid-encoding"
    case yamlSyntax = "yaml-syntax"
    case nestingTooDeep = "nesting-too-deep"
    case aliasBudget = "alias-budget"
    case unknownAnchor = "unknown-anchor"
    case duplicateKey = "duplicate-key"
    case explicitTag = "explicit-tag"
    case mergeKey = "merge-key"
    case complexKey = "complex-key"
    case multipleDocuments = "multiple-documents"
    // The scene's layout.
    case emptyFile = "empty-file"
    case notAMapping = "not-a-mapping"
    case unknownTopLevelKey = "unknown-top-level-key"
    case unsupportedVersion = "unsupported-version"
    case missingObjects = "missing-objects"
    case invalidID = "invalid-id"
    case missingType = "missing-type"
    case unknownType = "unknown-type"
    case unknownKey = "unknown-key"
    case readOnlyProperty = "read-only-property"
    case missingProperty = "missing-property"
    // Values.
    case invalidValue = "invalid-value"
    case valueOutOfRange = "value-out-of-range"
    case nullValue = "null-value"
    case unknownField = "unknown-field"
    case missingField = "missing-field"
    // Outlets.
    case unknownObject = "unknown-object"
    case outletTypeMismatch = "outlet-type-mismatch"
    case missingOutlet = "missing-outlet"
    case hierarchyCycle = "hierarchy-cycle"
    // Events.
    case unknownEvent = "unknown-event"
    case invalidActionReference = "invalid-action-reference"
    case unknownAction = "unknown-action"
    case payloadMismatch = "payload-mismatch"
    // The script.
    case invalidScript = "invalid-script"
    case invalidStep = "invalid-step"
    case unknownVerb = "unknown-verb"
    case unknownInput = "unknown-input"
    case unknownMember = "unknown-member"
    case timeGoesBackwards = "time-goes-backwards"
    case scriptTooLong = "script-too-long"
    case invalidInvariant = "invalid-invariant"
    // Components.
    case invalidInclude = "invalid-include"
    case includeCycle = "include-cycle"
    case includeTooDeep = "include-too-deep"
    case tooManyObjects = "too-many-objects"
    case expansionTooLarge = "expansion-too-large"
    case invalidParameter = "invalid-parameter"
    case unknownParameter = "unknown-parameter"
    case missingParameter = "missing-parameter"
    case parameterTypeMismatch = "parameter-type-mismatch"
    case unknownOverride = "unknown-override"
    // Warnings: the scene loads and runs.
    case emptyConnection = "empty-connection"
    case emptyOutlet = "empty-outlet"
    case duplicateConnection = "duplicate-connection"
    case wiringLoop = "wiring-loop"
    case frameInLayout = "frame-in-layout"
    // Warnings of `check` about where views are, once laid out.
    case viewOutsideParent = "view-outside-parent"
    case viewOutsideCanvas = "view-outside-canvas"
    case stackOverflow = "stack-overflow"
    case textCut = "text-cut"
    // Instantiation.
    case objectFailed = "object-failed"
    // Importing Interface Builder files (`scene-runner import`).
    case xmlSyntax = "xml-syntax"
    case unsupportedDocument = "unsupported-document"
    case notImported = "not-imported"
    // Bookkeeping.
    case tooManyDiagnostics = "too-many-diagnostics"
    case internalError = "internal-error"
}

extension Diagnostic {
    /// The diagnostic for an error of the YAML layer.
    init(_ error: YAMLError) {
        let code: DiagnosticCode =
            switch error.kind {
            case .syntax, .memory: .yamlSyntax
            case .encoding: .invalidEncoding
            case .tooLarge: .fileTooLarge
            case .tooDeep: .nestingTooDeep
            case .aliasBudget: .aliasBudget
            case .unknownAnchor: .unknownAnchor
            case .duplicateKey: .duplicateKey
            case .tag: .explicitTag
            case .mergeKey: .mergeKey
            case .complexKey: .complexKey
            case .multipleDocuments: .multipleDocuments
            }
        var message = error.message
        if error.kind == .syntax { message = "YAML syntax: " + message }
        self.init(
            code, message, at: error.span, hint: error.hint,
            notes: error.related.map { [Note($0.message, at: $0.position)] } ?? [])
    }
}
