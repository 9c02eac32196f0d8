import SceneCore
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
            self.message = VisibleText.bounded(message)
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
        // A message quoting a value from the file is kept to one short line.
        self.code = code
        self.message = VisibleText.bounded(message)
        self.span = span
        self.hint = hint.map(VisibleText.bounded)
        self.notes = notes
        self.severity = severity
    }

    /// Where the diagnostic points.
    public var position: SourcePosition { span.start }
}

/// The kind of a diagnostic, named by the code `check` prints and
/// `--format json` gives (`unknown-type`, `yaml-syntax`): the one name a
/// scene author, a tool and a test all use for it.
///
///     #expect(diagnostics.map(\.code) == ["unknown-type"])
///
/// Every code the loader reports is listed under "Diagnostics" in
/// docs/SceneFormat.md.
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The code as printed: kebab-case, stable for tools.
    public let rawValue: String

    /// The code `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The code written as a string literal: `"unknown-type"`.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The code as printed.
    public var description: String { rawValue }

    // Reading the file and YAML.
    package static let unreadableFile = Self(rawValue: "unreadable-file")
    package static let fileTooLarge = Self(rawValue: "file-too-large")
    package static let invalidEncoding = Self(rawValue: "invalid-encoding")
    package static let yamlSyntax = Self(rawValue: "yaml-syntax")
    package static let nestingTooDeep = Self(rawValue: "nesting-too-deep")
    package static let aliasBudget = Self(rawValue: "alias-budget")
    package static let unknownAnchor = Self(rawValue: "unknown-anchor")
    package static let duplicateKey = Self(rawValue: "duplicate-key")
    package static let explicitTag = Self(rawValue: "explicit-tag")
    package static let mergeKey = Self(rawValue: "merge-key")
    package static let complexKey = Self(rawValue: "complex-key")
    package static let multipleDocuments = Self(rawValue: "multiple-documents")
    // The scene's layout.
    package static let emptyFile = Self(rawValue: "empty-file")
    package static let notAMapping = Self(rawValue: "not-a-mapping")
    package static let unknownTopLevelKey = Self(rawValue: "unknown-top-level-key")
    package static let unsupportedVersion = Self(rawValue: "unsupported-version")
    package static let missingObjects = Self(rawValue: "missing-objects")
    package static let invalidID = Self(rawValue: "invalid-id")
    package static let missingType = Self(rawValue: "missing-type")
    package static let unknownType = Self(rawValue: "unknown-type")
    package static let unknownKey = Self(rawValue: "unknown-key")
    package static let readOnlyProperty = Self(rawValue: "read-only-property")
    package static let missingProperty = Self(rawValue: "missing-property")
    // Values.
    package static let invalidValue = Self(rawValue: "invalid-value")
    package static let valueOutOfRange = Self(rawValue: "value-out-of-range")
    package static let nullValue = Self(rawValue: "null-value")
    package static let unknownField = Self(rawValue: "unknown-field")
    package static let missingField = Self(rawValue: "missing-field")
    package static let invalidConstraint = Self(rawValue: "invalid-constraint")
    // Outlets.
    package static let unknownObject = Self(rawValue: "unknown-object")
    package static let outletTypeMismatch = Self(rawValue: "outlet-type-mismatch")
    package static let missingOutlet = Self(rawValue: "missing-outlet")
    package static let hierarchyCycle = Self(rawValue: "hierarchy-cycle")
    // Events.
    package static let unknownEvent = Self(rawValue: "unknown-event")
    package static let invalidActionReference = Self(rawValue: "invalid-action-reference")
    package static let unknownAction = Self(rawValue: "unknown-action")
    package static let payloadMismatch = Self(rawValue: "payload-mismatch")
    // The script.
    package static let invalidScript = Self(rawValue: "invalid-script")
    package static let invalidStep = Self(rawValue: "invalid-step")
    package static let unknownVerb = Self(rawValue: "unknown-verb")
    package static let unknownInput = Self(rawValue: "unknown-input")
    package static let unknownMember = Self(rawValue: "unknown-member")
    package static let timeGoesBackwards = Self(rawValue: "time-goes-backwards")
    package static let scriptTooLong = Self(rawValue: "script-too-long")
    package static let invalidInvariant = Self(rawValue: "invalid-invariant")
    // Components.
    package static let invalidInclude = Self(rawValue: "invalid-include")
    package static let includeCycle = Self(rawValue: "include-cycle")
    package static let includeTooDeep = Self(rawValue: "include-too-deep")
    package static let tooManyObjects = Self(rawValue: "too-many-objects")
    package static let expansionTooLarge = Self(rawValue: "expansion-too-large")
    package static let invalidParameter = Self(rawValue: "invalid-parameter")
    package static let unknownParameter = Self(rawValue: "unknown-parameter")
    package static let missingParameter = Self(rawValue: "missing-parameter")
    package static let parameterTypeMismatch = Self(rawValue: "parameter-type-mismatch")
    package static let unknownOverride = Self(rawValue: "unknown-override")
    // Warnings: the scene loads and runs.
    package static let emptyConnection = Self(rawValue: "empty-connection")
    package static let emptyOutlet = Self(rawValue: "empty-outlet")
    package static let duplicateConnection = Self(rawValue: "duplicate-connection")
    package static let wiringLoop = Self(rawValue: "wiring-loop")
    package static let frameInLayout = Self(rawValue: "frame-in-layout")
    // Warnings of `check` about where views are, once laid out.
    package static let viewOutsideParent = Self(rawValue: "view-outside-parent")
    package static let viewOutsideCanvas = Self(rawValue: "view-outside-canvas")
    package static let stackOverflow = Self(rawValue: "stack-overflow")
    package static let textCut = Self(rawValue: "text-cut")
    package static let ambiguousLayout = Self(rawValue: "ambiguous-layout")
    // Errors of `check` about constraints, once the views are made.
    package static let unsatisfiableConstraints = Self(rawValue: "unsatisfiable-constraints")
    // Instantiation.
    package static let objectFailed = Self(rawValue: "object-failed")
    // Importing Interface Builder files (`scene-runner import`).
    package static let xmlSyntax = Self(rawValue: "xml-syntax")
    package static let unsupportedDocument = Self(rawValue: "unsupported-document")
    // Warnings of `scene-runner import`: what an Interface Builder file
    // holds that the written scene does not, or holds otherwise.
    package static let constraintsNotImported = Self(rawValue: "constraints-not-imported")
    package static let segueNotImported = Self(rawValue: "segue-not-imported")
    package static let connectionNotImported = Self(rawValue: "connection-not-imported")
    package static let classNotRegistered = Self(rawValue: "class-not-registered")
    package static let elementNotImported = Self(rawValue: "element-not-imported")
    package static let attributeNotImported = Self(rawValue: "attribute-not-imported")
    package static let valueChanged = Self(rawValue: "value-changed")
    package static let objectAdded = Self(rawValue: "object-added")
    package static let canvasUnknown = Self(rawValue: "canvas-unknown")
    /// The one code import's warnings had before they had one per kind
    /// (``importWarnings``); no diagnostic has it now. Kept, and left out
    /// of ``allCases``, for the code that names it.
    @available(*, deprecated, message: "import's warnings have one code per kind: see importWarnings")
    package static let notImported: DiagnosticCode = "not-imported"
    // Bookkeeping.
    package static let tooManyDiagnostics = Self(rawValue: "too-many-diagnostics")
    package static let internalError = Self(rawValue: "internal-error")

    /// Every code the loader reports.
    package static let allCases: [DiagnosticCode] = [
        .unreadableFile,
        .fileTooLarge,
        .invalidEncoding,
        .yamlSyntax,
        .nestingTooDeep,
        .aliasBudget,
        .unknownAnchor,
        .duplicateKey,
        .explicitTag,
        .mergeKey,
        .complexKey,
        .multipleDocuments,
        .emptyFile,
        .notAMapping,
        .unknownTopLevelKey,
        .unsupportedVersion,
        .missingObjects,
        .invalidID,
        .missingType,
        .unknownType,
        .unknownKey,
        .readOnlyProperty,
        .missingProperty,
        .invalidValue,
        .valueOutOfRange,
        .nullValue,
        .unknownField,
        .missingField,
        .invalidConstraint,
        .unknownObject,
        .outletTypeMismatch,
        .missingOutlet,
        .hierarchyCycle,
        .unknownEvent,
        .invalidActionReference,
        .unknownAction,
        .payloadMismatch,
        .invalidScript,
        .invalidStep,
        .unknownVerb,
        .unknownInput,
        .unknownMember,
        .timeGoesBackwards,
        .scriptTooLong,
        .invalidInvariant,
        .invalidInclude,
        .includeCycle,
        .includeTooDeep,
        .tooManyObjects,
        .expansionTooLarge,
        .invalidParameter,
        .unknownParameter,
        .missingParameter,
        .parameterTypeMismatch,
        .unknownOverride,
        .emptyConnection,
        .emptyOutlet,
        .duplicateConnection,
        .wiringLoop,
        .frameInLayout,
        .viewOutsideParent,
        .viewOutsideCanvas,
        .stackOverflow,
        .textCut,
        .ambiguousLayout,
        .unsatisfiableConstraints,
        .objectFailed,
        .xmlSyntax,
        .unsupportedDocument,
        .constraintsNotImported,
        .segueNotImported,
        .connectionNotImported,
        .classNotRegistered,
        .elementNotImported,
        .attributeNotImported,
        .valueChanged,
        .objectAdded,
        .canvasUnknown,
        .tooManyDiagnostics,
        .internalError,
    ]

    /// The warnings `check` gives a scene file (the loader's and those
    /// about where views are): the codes `check --allow` takes.
    package static let sceneWarnings: [DiagnosticCode] = [
        .emptyConnection, .emptyOutlet, .duplicateConnection, .wiringLoop, .frameInLayout, .viewOutsideParent,
        .viewOutsideCanvas, .stackOverflow, .textCut, .ambiguousLayout,
    ]

    /// The warnings `scene-runner import` gives an Interface Builder file,
    /// one per kind of thing not carried over (docs/Import.md): with
    /// ``sceneWarnings``, the codes `import --allow` takes.
    package static let importWarnings: [DiagnosticCode] = [
        .constraintsNotImported, .segueNotImported, .connectionNotImported, .classNotRegistered,
        .elementNotImported, .attributeNotImported, .valueChanged, .objectAdded, .canvasUnknown,
    ]
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
