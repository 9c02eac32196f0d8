import SceneCore
import SceneYAML

/// A mistake (or a warning) in a scene file, as data: what the loader found
/// and the facts that explain it. Sites report a case; its code, severity,
/// message and hint are worded together, in one arm of ``wording``
/// (`SceneProblem+Wording.swift`), for the scene author.
///
/// A new diagnostic is a case here (under its group's MARK) and its arm
/// there, under the same MARK; its code is one of `DiagnosticCode`'s constants.
enum SceneProblem {
    // MARK: The file's layout
    case emptyFile
    case fileNotAMapping(found: String)
    case unsupportedVersion(written: String)
    case objectsNotAMapping(found: String)
    case scriptNotAList(found: String)
    case unknownTopLevelKey(key: String, suggestion: String?)
    case missingObjects
    case textExpected(key: String, found: String)
    case unknownDevice(name: String, suggestion: String?)

    // MARK: Objects
    case invalidID(id: String)
    case duplicateID(id: String)
    case objectNotAMapping(id: String, found: String)
    case missingType(id: String, typesHint: String)
    case typeNotAName(id: String, found: String, typesHint: String)
    case unknownType(name: String, suggestion: String?, typesHint: String)
    case readOnlyProperty(property: String, type: String)
    case readOnlyOverride(path: String, type: String, settable: [String])
    case unknownKey(key: String, type: String, hint: String?)
    case missingProperty(id: String, type: String, property: String, valueType: ValueType)
    /// `id` by path, and as its own file writes it (the key of a `set:` that completes it).
    case missingOutlet(id: String, written: String, type: String, outlet: String, requirement: String)
    case nullRequiredOutlet(id: String, outlet: String, requirement: String)

    // MARK: Outlets
    case listOfIDsExpected(outlet: String, found: String, text: String?)
    case idExpected(outlet: String, found: String)
    case unknownObject(id: String, suggestion: String?, fallback: String?)
    case outletTypeMismatch(outlet: String, requirement: String, id: String, type: String, fitting: String?)
    case hierarchyCycle(outlet: String, ids: [String])

    // MARK: Events
    case onNotAMapping(found: String)
    case unknownEvent(event: String, type: String, suggestion: String?, events: [String])
    case actionReferenceExpected(event: String, found: String)
    case notAnActionReference(text: String)
    case unknownAction(action: String, type: String, suggestion: String?, actions: [String])
    case payloadMismatch(
        action: String, type: String, argument: ValueType?, event: String, owner: String, payload: ValueType?)

    // MARK: Values
    case nullValue(subject: String, isText: Bool)
    case listExpected(subject: String, found: String)
    case mappingExpected(subject: String, found: String)
    case valueExpected(subject: String, type: ValueType, found: String)
    case recordExpected(subject: String, fields: [String], found: String)
    case unknownField(record: String, field: String, suggestion: String?, fields: [String])
    case missingField(subject: String, field: String, type: ValueType)
    case invalidValue(subject: String, type: ValueType, text: String, hint: String?)
    /// A constraint of a view's `constraints:` that does not read, or that
    /// names what it cannot relate: `reason` says which.
    case invalidConstraint(reason: String, hint: String?)
    /// Required constraints that cannot all hold (see ``ConstraintConflict``).
    case unsatisfiableConstraints(ConstraintConflict)
    /// A view whose constraints leave its place or size along `axis` open.
    case ambiguousLayout(id: String, axis: String, open: String)
    case integerTooLarge(subject: String, text: String)
    /// `range` in seconds for a duration, whose bounds are then shown as durations.
    case outOfRange(subject: String, value: String, range: ClosedRange<Double>, isDuration: Bool = false)
    /// A value of the right type that its property refuses (``PropertyDescription/refusal``).
    case refusedValue(subject: String, text: String, reason: String, hint: String?)
    /// Two properties the type bounds (``TypeBuilder/bounds(_:_:)``) the
    /// wrong way round; `leftAtDefault` names the one the object leaves at
    /// its default (`nil`: it sets both).
    case boundsReversed(
        type: String, lower: String, lowerValue: String, upper: String, upperValue: String, leftAtDefault: String?)

    // MARK: The script
    case stepNotAMapping(hasSeveralVerbs: Bool)
    case timeGoesBackwards(at: Duration, reached: Duration)
    case scriptTooLong(reaches: Duration, limit: Duration)
    case noteExpectsText(found: String)
    case snapshotNameExpected(found: String)
    case invalidSnapshotName(name: String)
    case duplicateSnapshotName(name: String)
    case pathsExpected(verb: String, found: String)
    case notAPath(path: String)
    case noSuchObjectInPath(id: String, suggestion: String?)
    case unknownMember(member: String, type: String, hint: String?)
    case readOnlyInSet(path: String)
    case outletInSet(path: String)
    case unknownSettable(member: String, type: String, hint: String?)
    case unknownObjectValue(path: String, written: String, suggestion: String?)
    case callExpected(found: String)
    case notAnActionPath(text: String)
    /// `step`: the step to write instead, as `check` accepts it (`tap: b`, `call: b.reset`).
    case inputTakesNoArgument(input: String, step: String)
    /// `step`: the step with an example value (`slide: { s: 0 }`, `call: { p.seek: 1s }`).
    case inputNeedsValue(input: String, type: ValueType, step: String)
    case unknownVerb(verb: String, suggestion: String?)
    case inputTargetExpected(verb: String, found: String)
    case inputNotTaken(id: String, type: String, verb: String, inputs: [String], accepting: [String])
    case unknownActionInCall(action: String, type: String, suggestion: String?, actions: [String])
    case invariantsNotAList(found: String)
    case invariantNotAMapping(found: String)
    /// `isPath`: the key is written like `id.member` (an expectation
    /// beside `expect:` rather than in it).
    case unknownInvariantKey(key: String, suggestion: String?, isPath: Bool)
    case invariantWithoutExpect
    /// `keys`: the keys of the mapping written as the value.
    case invalidComparison(path: String, keys: [String])
    case rangeNotOrdered(path: String, type: String)
    case emptyRange(path: String, min: String, max: String)

    // MARK: Warnings
    case emptyConnection(event: String)
    case emptyOutlet(outlet: String, isCollection: Bool)
    case duplicateConnection(action: String, event: String)
    case wiringLoop(ids: [String])
    case frameInLayout(id: String, parent: String)
    /// `container`: the parent's id, or `nil` for the canvas (of `canvas` size).
    case viewOutside(id: String, container: String?, canvas: Size, overhang: EdgeInsets, isWhollyOutside: Bool)
    case stackOverflow(id: String, axis: String, content: Double, room: Double)
    case textCut(id: String, member: String, text: String, fontSize: Double, width: Double, room: Double)
    case textTruncated(id: String, TextTruncation)

    // MARK: Reading the file
    case unreadableFile(path: String, reason: String, hint: String?)
    case fileTooLarge(path: String, size: Int?, limit: Int)

    // MARK: Components
    case includeNotAPath(found: String)
    case typeAndInclude(id: String)
    case unknownInstanceKey(key: String, suggestion: String?)
    case includeCycle(files: [String])
    case includeTooDeep(limit: Int)
    case tooManyObjects(limit: Int)
    case expansionTooLarge(limit: Int)
    case paramsNotAMapping(found: String)
    case invalidParameterDeclaration(name: String, problem: String, hint: String)
    case unknownParameter(name: String, component: String, suggestion: String?, known: [String])
    case unknownParameterReference(name: String, suggestion: String?, known: [String])
    case missingParameter(name: String, instance: String, type: ValueType?)
    case parameterWithoutDefault(name: String)
    case parameterTypeMismatch(name: String, type: ValueType, property: String, propertyType: ValueType)
    case setNotAMapping(found: String)
    case notAnOverridePath(text: String)
    /// `connecting`: the object and event of a `set:` key written
    /// `id.on.event`, which connects an event as `id.on: { event: ... }` does.
    case unknownOverrideObject(
        path: String, component: String, suggestion: String?, connecting: (id: String, event: String)? = nil)
    case unknownOverrideProperty(property: String, id: String, type: String, hint: String?)

    // MARK: Instantiation and bookkeeping
    case memberNotApplied(message: String)
    case objectFailed(message: String)
    case tooManyDiagnostics(limit: Int)
}

extension SceneProblem {
    /// `value`, of the right type for `subject`, refused by its property.
    static func refused(_ value: SceneValue, _ refusal: ValueRefusal, subject: String) -> SceneProblem {
        let text: String
        if case .string(let string) = value { text = string } else { text = "\(value)" }
        return .refusedValue(subject: subject, text: text, reason: refusal.reason, hint: refusal.hint)
    }
}

extension SceneProblem {
    /// What a problem says: its code, severity, message and hint, written
    /// together for each case in ``SceneProblem/wording``.
    struct Wording {
        /// The kind of problem, for tools.
        let code: DiagnosticCode
        /// Warnings are reported but load: the scene runs.
        let severity: Diagnostic.Severity
        /// One line saying what is wrong.
        let message: String
        /// How to fix it, when that can be said.
        let hint: String?

        /// An error: the scene does not load.
        static func error(_ code: DiagnosticCode, _ message: String, hint: String? = nil) -> Wording {
            Wording(code: code, severity: .error, message: message, hint: hint)
        }

        /// A warning: reported, and the scene still loads and runs.
        static func warning(_ code: DiagnosticCode, _ message: String, hint: String? = nil) -> Wording {
            Wording(code: code, severity: .warning, message: message, hint: hint)
        }
    }

    /// The diagnostic for this problem at `span`.
    func diagnostic(at span: SourceSpan, notes: [Diagnostic.Note] = []) -> Diagnostic {
        let wording = self.wording
        return Diagnostic(
            wording.code, wording.message, at: span, hint: wording.hint, notes: notes, severity: wording.severity)
    }
}
