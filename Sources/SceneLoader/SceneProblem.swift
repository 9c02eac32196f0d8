import SceneCore
import SceneYAML

/// A mistake (or a warning) in a scene file, as data: what the loader found
/// and the facts that explain it. Sites report a case; its code, severity,
/// message and hint are worded here, in one place, for the scene author.
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
    case missingOutlet(id: String, type: String, outlet: String, requirement: String)
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
    case integerTooLarge(subject: String, text: String)
    /// `range` in seconds for a duration, whose bounds are then shown as durations.
    case outOfRange(subject: String, value: String, range: ClosedRange<Double>, isDuration: Bool = false)

    // MARK: The script
    case stepNotAMapping(hasSeveralVerbs: Bool)
    case timeGoesBackwards(at: Duration, reached: Duration)
    case scriptTooLong(reaches: Duration, limit: Duration)
    case noteExpectsText(found: String)
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

    // MARK: Warnings
    case emptyConnection(event: String)
    case emptyOutlet(outlet: String, isCollection: Bool)
    case duplicateConnection(action: String, event: String)
    case wiringLoop(ids: [String])

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
    case unknownOverrideObject(path: String, component: String, suggestion: String?)
    case unknownOverrideProperty(property: String, id: String, type: String, hint: String?)

    // MARK: Instantiation and bookkeeping
    case memberNotApplied(message: String)
    case sceneIncomplete
    case objectFailed(message: String)
    case tooManyDiagnostics(limit: Int)
}

extension SceneProblem {
    /// The kind of problem, for tools.
    var code: DiagnosticCode {
        switch self {
        case .emptyFile: .emptyFile
        case .fileNotAMapping, .objectsNotAMapping, .objectNotAMapping: .notAMapping
        case .unsupportedVersion: .unsupportedVersion
        case .scriptNotAList, .stepNotAMapping: .invalidScript
        case .unknownTopLevelKey: .unknownTopLevelKey
        case .missingObjects: .missingObjects
        case .textExpected, .listOfIDsExpected, .idExpected, .onNotAMapping, .listExpected, .mappingExpected,
            .valueExpected, .recordExpected, .invalidValue:
            .invalidValue
        case .invalidID: .invalidID
        case .duplicateID: .duplicateKey
        case .missingType, .typeNotAName: .missingType
        case .unknownType: .unknownType
        case .readOnlyProperty, .readOnlyOverride: .readOnlyProperty
        case .unknownKey: .unknownKey
        case .missingProperty: .missingProperty
        case .missingOutlet, .nullRequiredOutlet: .missingOutlet
        case .unknownObject, .noSuchObjectInPath, .unknownObjectValue: .unknownObject
        case .outletTypeMismatch: .outletTypeMismatch
        case .hierarchyCycle: .hierarchyCycle
        case .unknownEvent: .unknownEvent
        case .actionReferenceExpected, .notAnActionReference: .invalidActionReference
        case .unknownAction, .unknownActionInCall: .unknownAction
        case .payloadMismatch: .payloadMismatch
        case .nullValue: .nullValue
        case .unknownField: .unknownField
        case .missingField: .missingField
        case .integerTooLarge, .outOfRange: .valueOutOfRange
        case .timeGoesBackwards: .timeGoesBackwards
        case .scriptTooLong: .scriptTooLong
        case .noteExpectsText, .pathsExpected, .notAPath, .callExpected, .notAnActionPath, .inputTakesNoArgument,
            .inputNeedsValue, .inputTargetExpected:
            .invalidStep
        case .unknownMember, .readOnlyInSet, .outletInSet, .unknownSettable: .unknownMember
        case .unknownVerb: .unknownVerb
        case .inputNotTaken: .unknownInput
        case .emptyConnection: .emptyConnection
        case .emptyOutlet: .emptyOutlet
        case .duplicateConnection: .duplicateConnection
        case .wiringLoop: .wiringLoop
        case .unreadableFile: .unreadableFile
        case .fileTooLarge: .fileTooLarge
        case .memberNotApplied, .sceneIncomplete: .internalError
        case .objectFailed: .objectFailed
        case .tooManyDiagnostics: .tooManyDiagnostics
        case .includeNotAPath, .typeAndInclude, .unknownInstanceKey, .setNotAMapping, .paramsNotAMapping:
            .invalidInclude
        case .includeCycle: .includeCycle
        case .includeTooDeep: .includeTooDeep
        case .tooManyObjects: .tooManyObjects
        case .expansionTooLarge: .expansionTooLarge
        case .invalidParameterDeclaration: .invalidParameter
        case .unknownParameter, .unknownParameterReference: .unknownParameter
        case .missingParameter, .parameterWithoutDefault: .missingParameter
        case .parameterTypeMismatch: .parameterTypeMismatch
        case .notAnOverridePath, .unknownOverrideObject, .unknownOverrideProperty: .unknownOverride
        }
    }

    /// Warnings are reported but load: the scene runs.
    var severity: Diagnostic.Severity {
        switch self {
        case .emptyConnection, .emptyOutlet, .duplicateConnection, .wiringLoop: .warning
        default: .error
        }
    }

    /// One line saying what is wrong.
    var message: String {
        switch self {
        case .emptyFile: "the file is empty"
        case .fileNotAMapping(let found): "a scene file must be a mapping with 'objects', not \(found)"
        case .unsupportedVersion(let written): "this runner reads scene format version 1, not \(written)"
        case .objectsNotAMapping(let found): "'objects' must be a mapping from ids to objects, not \(found)"
        case .scriptNotAList(let found): "'script' must be a list of steps, not \(found)"
        case .unknownTopLevelKey(let key, _): "unknown top-level key '\(key)'"
        case .missingObjects: "the scene has no 'objects'"
        case .textExpected(let key, let found): "'\(key)' takes text, not \(found)"
        case .invalidID(let id): "'\(id)' is not a valid object id"
        case .duplicateID(let id): "the key '\(id)' appears twice in the same mapping"
        case .objectNotAMapping(let id, let found): "object '\(id)' must be a mapping with a 'type', not \(found)"
        case .missingType(let id, _): "object '\(id)' has no 'type'"
        case .typeNotAName(let id, let found, _): "the 'type' of '\(id)' must be a type name, not \(found)"
        case .unknownType(let name, _, _): "unknown type '\(name)'"
        case .readOnlyProperty(let property, let type): "'\(property)' of \(type) is read-only"
        case .readOnlyOverride(let path, let type, _):
            "'\(path)' is a read-only property of \(type): an instance's 'set' cannot set it"
        case .unknownKey(let key, let type, _): "\(type) has no property or outlet '\(key)'"
        case .missingProperty(let id, let type, let property, _): "'\(id)' (\(type)) needs a value for '\(property)'"
        case .missingOutlet(let id, let type, let outlet, _): "'\(id)' (\(type)) needs the outlet '\(outlet)'"
        case .nullRequiredOutlet(let id, let outlet, _):
            "the outlet '\(outlet)' of '\(id)' is required and cannot be null"
        case .listOfIDsExpected(let outlet, let found, _): "'\(outlet)' takes a list of ids, not \(found)"
        case .idExpected(let outlet, let found): "'\(outlet)' takes the id of an object, not \(found)"
        case .unknownObject(let id, _, _): "no object has the id '\(id)'"
        case .outletTypeMismatch(let outlet, let requirement, let id, let type, _):
            "'\(outlet)' needs \(Self.article(requirement)), but '\(id)' is \(Self.article(type))"
        case .hierarchyCycle(let outlet, let ids): "'\(outlet)' forms a cycle: \(ids.joined(separator: " -> "))"
        case .onNotAMapping(let found): "'on' takes a mapping from events to actions, not \(found)"
        case .unknownEvent(let event, let type, _, _): "\(type) has no event '\(event)'"
        case .actionReferenceExpected(let event, let found):
            "'\(event)' takes 'target.action' or a list of them, not \(found)"
        case .notAnActionReference(let text): "'\(text)' is not 'target.action'"
        case .unknownAction(let action, let type, _, _), .unknownActionInCall(let action, let type, _, _):
            "\(type) has no action '\(action)'"
        case .payloadMismatch(let action, let type, let argument, let event, let owner, let payload):
            "action '\(action)' of \(type) takes \(argument.map { Self.article($0.description) } ?? "nothing"), but event '\(event)' of \(owner) \(payload.map { "sends \(Self.article($0.description))" } ?? "sends nothing")"
        case .nullValue(let subject, _): "'\(subject)' cannot be null"
        case .listExpected(let subject, let found): "'\(subject)' takes a list, not \(found)"
        case .mappingExpected(let subject, let found): "'\(subject)' takes a mapping, not \(found)"
        case .valueExpected(let subject, let type, let found): "'\(subject)' takes \(Self.describe(type)), not \(found)"
        case .recordExpected(let subject, let fields, let found):
            "'\(subject)' takes a mapping with \(fields.map { "'\($0)'" }.joined(separator: ", ")), not \(found)"
        case .unknownField(let record, let field, _, _): "'\(record)' has no field '\(field)'"
        case .missingField(let subject, let field, _): "'\(subject)' is missing the field '\(field)'"
        case .invalidValue(let subject, let type, let text, _):
            "'\(subject)' takes \(Self.describe(type)), not '\(text)'"
        case .integerTooLarge(let subject, let text): "'\(text)' is too large for '\(subject)'"
        case .outOfRange(let subject, let value, let range, let isDuration):
            if range.upperBound == .infinity {
                range.lowerBound == 0
                    ? "'\(subject)' cannot be negative, and it is \(value)"
                    : "'\(subject)' must be at least \(Self.bound(range.lowerBound, isDuration)), not \(value)"
            } else {
                "'\(subject)' must be between \(Self.bound(range.lowerBound, isDuration)) and \(Self.bound(range.upperBound, isDuration)), not \(value)"
            }
        case .stepNotAMapping: "a script step must be a mapping with one verb, like '- wait: 2s'"
        case .timeGoesBackwards(let time, let reached):
            "'at: \(time.sceneText)' is earlier than the time the script has reached, \(reached.sceneText)"
        case .scriptTooLong(let reaches, let limit):
            "the script would reach \(reaches.sceneText), past the limit of \(limit.sceneText) of virtual time"
        case .noteExpectsText(let found): "'note' takes text, not \(found)"
        case .pathsExpected(let verb, let found): "'\(verb)' takes a mapping of 'id.member: value', not \(found)"
        case .notAPath(let path): "'\(path)' is not 'id.member'"
        case .noSuchObjectInPath(let id, _): "no object has the id '\(id)'"
        case .unknownMember(let member, let type, _): "\(type) has no property or outlet '\(member)'"
        case .readOnlyInSet(let path): "'\(path)' is read-only; a script can only check it with 'expect'"
        case .outletInSet(let path): "'\(path)' is an outlet; scripts set properties, not connections"
        case .unknownSettable(let member, let type, _): "\(type) has no property '\(member)'"
        case .unknownObjectValue(let path, let written, _):
            "'\(path)' holds an object id, and no object has the id \(written)"
        case .callExpected(let found): "'call' takes 'id.action' or '{ id.action: argument }', not \(found)"
        case .notAnActionPath(let text): "'\(text)' is not 'id.action'"
        case .inputTakesNoArgument(let input, _): "'\(input)' takes no argument"
        case .inputNeedsValue(let input, let type, _): "'\(input)' needs a value of type \(type)"
        case .unknownVerb(let verb, _): "unknown script verb '\(verb)'"
        case .inputTargetExpected(let verb, let found): "'\(verb)' takes an object id or '{ id: value }', not \(found)"
        case .inputNotTaken(let id, let type, let verb, _, _):
            "'\(id)' is a \(type), which does not take the input '\(verb)'"
        case .emptyConnection(let event): "'\(event)' is connected to no action"
        case .emptyOutlet(let outlet, let isCollection):
            isCollection
                ? "'\(outlet)' is given an empty list: it connects nothing"
                : "'\(outlet)' is set to null: it connects nothing"
        case .duplicateConnection(let action, let event): "'\(event)' calls '\(action)' twice"
        case .wiringLoop(let ids):
            "the 'on:' wiring loops: \(Self.loopPath(ids)); if one of these actions sends the event that calls it, the run stops with an error"
        case .unreadableFile(let path, let reason, _): "cannot read '\(path)': \(reason)"
        case .fileTooLarge(let path, let size, let limit):
            "'\(path)' \(size.map { "is \($0) bytes" } ?? "holds more than \(limit) bytes"), more than the limit of \(limit); nothing was read past it"
        case .memberNotApplied(let message): message
        case .sceneIncomplete: "the scene was completed before every object was made"
        case .objectFailed(let message): message
        case .tooManyDiagnostics(let limit): "too many diagnostics; stopped after the first \(limit)"
        case .includeNotAPath(let found): "'include' takes the path of a component file, not \(found)"
        case .typeAndInclude(let id): "object '\(id)' has both a 'type' and an 'include'"
        case .unknownInstanceKey(let key, _): "an instance of a component has no key '\(key)'"
        case .includeCycle(let files): "the includes form a cycle: \(files.joined(separator: " -> "))"
        case .includeTooDeep(let limit): "includes are nested more than \(limit) deep"
        case .tooManyObjects(let limit):
            "the scene has more than \(limit) objects and instances once its components are included"
        case .expansionTooLarge(let limit):
            "the scene's components expand to more than \(limit) bytes of text and ids once included"
        case .paramsNotAMapping(let found): "'params' takes a mapping of parameter names, not \(found)"
        case .invalidParameterDeclaration(let name, let problem, _): "parameter '\(name)' \(problem)"
        case .unknownParameter(let name, let component, _, _): "\(component) has no parameter '\(name)'"
        case .unknownParameterReference(let name, _, _): "'$\(name)' names no parameter of this file"
        case .missingParameter(let name, let instance, let type):
            "'\(instance)' gives no value for the parameter '\(name)'\(type.map { " (\($0))" } ?? ""), which has no default"
        case .parameterWithoutDefault(let name):
            "the parameter '\(name)' has no default, so this file can only be included"
        case .parameterTypeMismatch(let name, let type, let property, let propertyType):
            "the parameter '\(name)' is \(type), but '\(property)' takes \(propertyType)"
        case .setNotAMapping(let found): "'set' takes a mapping from 'id.property' to values, not \(found)"
        case .notAnOverridePath(let text): "'\(text)' is not 'id.property'"
        case .unknownOverrideObject(let path, let component, _): "\(component) has no object '\(path)'"
        case .unknownOverrideProperty(let property, let id, let type, _):
            "'\(id)' is \(Self.article(type)), which has no property '\(property)' to set"
        }
    }

    /// How to fix it, when that can be said.
    var hint: String? {
        switch self {
        case .emptyFile: "a scene needs 'objects:', with each object indented below it, e.g. '  box: {type: View}'"
        case .fileNotAMapping: "start with 'objects:'"
        case .unsupportedVersion: "write 'version: 1' or leave it out"
        case .objectsNotAMapping: "write one 'id:' per object, each with a 'type:'"
        case .scriptNotAList: "write one '- verb: argument' per step"
        case .unknownTopLevelKey(_, let suggestion):
            suggestion.map { "did you mean '\($0)'?" }
                ?? "a scene file has \(SceneValidator.topLevelKeys.map { "'\($0)'" }.joined(separator: ", "))"
        case .missingObjects: "add 'objects:' with one 'id:' per object, each with a 'type:'"
        case .textExpected: nil
        case .invalidID:
            "ids start with a letter or '_' and hold only letters, digits and '_', so that 'id.member' is unambiguous"
        case .duplicateID: "remove or rename one of them"
        case .objectNotAMapping(let id, _): "write '\(id):' then, indented below it, 'type: View' and its keys"
        case .missingType(_, let typesHint): "add 'type:' with a registered type; \(typesHint)"
        case .typeNotAName(_, _, let typesHint): typesHint
        case .unknownType(_, let suggestion, let typesHint): Self.didYouMean(suggestion) ?? typesHint
        case .readOnlyProperty: "a script can read it with 'expect', but a scene cannot set it"
        case .readOnlyOverride(_, let type, let settable):
            settable.isEmpty
                ? "remove it from 'set'; \(type) has no properties to set"
                : "remove it from 'set', or set one of its properties: \(Suggestions.list(settable))"
        case .unknownKey(_, _, let hint): hint
        case .missingProperty(_, _, let property, let type): "add '\(property): <\(type)>'"
        case .missingOutlet(_, _, let outlet, let requirement): "add '\(outlet): <id of \(Self.article(requirement))>'"
        case .nullRequiredOutlet(_, _, let requirement): "give it the id of \(Self.article(requirement))"
        case .listOfIDsExpected(_, _, let text): text.map { "write [\($0)]" } ?? "write [id, id]"
        case .idExpected: nil
        case .unknownObject(_, let suggestion, let fallback): Self.didYouMean(suggestion) ?? fallback
        case .outletTypeMismatch(_, _, _, _, let fitting): fitting
        case .hierarchyCycle(let outlet, _): "an object cannot be inside itself; remove one '\(outlet)' of the cycle"
        case .onNotAMapping: "write 'on: { event: target.action }'"
        case .unknownEvent(_, let type, let suggestion, let events):
            Self.didYouMean(suggestion)
                ?? (events.isEmpty ? "\(type) sends no events" : "its events are \(Suggestions.list(events))")
        case .actionReferenceExpected(let event, _): "write '\(event): form.submit'"
        case .notAnActionReference: "write the id of an object, a dot and one of its actions, e.g. 'form.submit'"
        case .unknownAction(_, let type, let suggestion, let actions),
            .unknownActionInCall(_, let type, let suggestion, let actions):
            Self.didYouMean(suggestion)
                ?? (actions.isEmpty ? "\(type) has no actions" : "its actions are \(Suggestions.list(actions))")
        case .payloadMismatch: "connect an event whose payload fits, or call an action without an argument"
        case .nullValue(_, let isText):
            isText
                ? "write '' for empty text, or leave the key out to keep the default"
                : "give it a value, or leave the key out to keep the default"
        case .listExpected: "write [a, b], or one '- item' per line"
        case .mappingExpected: "write { key: value }, or one 'key: value' per line"
        case .valueExpected, .recordExpected: nil
        case .unknownField(_, _, let suggestion, let fields):
            Self.didYouMean(suggestion) ?? "its fields are \(fields.joined(separator: ", "))"
        case .missingField(_, let field, let type): "add '\(field): <\(type)>'"
        case .invalidValue(_, _, _, let hint): hint
        case .integerTooLarge: "an Int holds \(Int.min) to \(Int.max)"
        case .outOfRange: nil
        case .stepNotAMapping(let hasSeveralVerbs):
            hasSeveralVerbs ? "write each verb as its own step, on its own '- ' line" : nil
        case .timeGoesBackwards: "time only moves forward; use a later time or reorder the steps"
        case .scriptTooLong: "shorten the waits, or raise the limit in the embedding program"
        case .noteExpectsText: nil
        case .pathsExpected(let verb, _): "write '\(verb): { controls.hidden: true }'"
        case .notAPath: "write the object's id, a dot and one of its properties, e.g. 'controls.hidden'"
        case .noSuchObjectInPath(_, let suggestion), .unknownObjectValue(_, _, let suggestion):
            Self.didYouMean(suggestion)
        case .unknownMember(_, _, let hint), .unknownSettable(_, _, let hint): hint
        case .readOnlyInSet, .outletInSet: nil
        case .callExpected: "write 'call: timeout.resume'"
        case .notAnActionPath: "write the object's id, a dot and one of its actions, e.g. 'timeout.resume'"
        case .inputTakesNoArgument(_, let step): "write it without one: '\(step)'"
        case .inputNeedsValue(_, let type, let step): "give it \(Self.describe(type)), e.g. '\(step)'"
        case .unknownVerb(_, let suggestion):
            Self.didYouMean(suggestion)
                ?? "the verbs are \(ScriptVerbs.builtIn.joined(separator: ", ")) and the inputs of the registered types"
        case .inputTargetExpected(let verb, _): "write '\(verb): button' or '\(verb): { slider: 0.5 }'"
        case .inputNotTaken(_, let type, let verb, let inputs, let accepting):
            inputs.isEmpty
                ? "\(type) takes no inputs"
                : "\(type) takes \(Suggestions.list(inputs))"
                    + (accepting.isEmpty ? "" : "; objects that take '\(verb)': \(Suggestions.list(accepting))")
        case .emptyConnection: "connect it to 'target.action', or remove it"
        case .emptyOutlet: "leave the key out, or connect an object"
        case .duplicateConnection: "remove it, unless the action is meant to run twice"
        case .wiringLoop: "check that no action in the loop sends an event that leads back to it"
        case .unreadableFile(_, _, let hint): hint
        case .fileTooLarge: "split the scene, or raise the limit in the embedding program"
        case .memberNotApplied: "the type's registration does not match its Swift type; this is a bug in the type"
        case .sceneIncomplete: "this is a bug in the loader"
        case .objectFailed: nil
        case .tooManyDiagnostics: "fix these and check again"
        case .includeNotAPath: "write a path relative to this file, e.g. 'include: Components/controls.yaml'"
        case .typeAndInclude:
            "an object is either of a type or an instance of a component ('include' without 'type'): keep one"
        case .unknownInstanceKey(_, let suggestion):
            Self.didYouMean(suggestion) ?? "an instance takes 'include', 'params', 'parent' and 'set'"
        case .includeCycle: "a component cannot include itself, directly or through others"
        case .includeTooDeep, .tooManyObjects, .expansionTooLarge:
            "a component may be including itself through others; else raise the limit in the embedding program"
        case .paramsNotAMapping: "write 'params: { name: value }'"
        case .invalidParameterDeclaration(_, _, let hint): hint
        case .unknownParameter(_, _, let suggestion, let known),
            .unknownParameterReference(_, let suggestion, let known):
            Self.didYouMean(suggestion)
                ?? (known.isEmpty ? "it declares no parameters" : "its parameters are \(Self.quotedList(known))")
        case .missingParameter(let name, _, _): "give it under 'params:', e.g. 'params: { \(name): ... }'"
        case .parameterWithoutDefault: "give it a default to check or run the file on its own"
        case .parameterTypeMismatch: "use a parameter of the property's type"
        case .setNotAMapping: "write 'set: { id.property: value }' with the component's ids"
        case .notAnOverridePath: "write the component's id and a property, e.g. 'play.title'"
        case .unknownOverrideObject(_, _, let suggestion):
            Self.didYouMean(suggestion) ?? "name an object of the component by its id there"
        case .unknownOverrideProperty(_, _, _, let hint): hint
        }
    }

    /// The diagnostic for this problem at `span`.
    func diagnostic(at span: SourceSpan, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(code, message, at: span, hint: hint, notes: notes, severity: severity)
    }

    /// A bound of a range as the value is written: `3600` for a number,
    /// `1h` for a duration.
    static func bound(_ value: Double, _ isDuration: Bool) -> String {
        guard isDuration, value.isFinite, value.magnitude < 1e15 else { return SceneValue.format(value) }
        return Duration.seconds(value).sceneText
    }

    /// `'a', 'b' and 'c'`.
    static func quotedList(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + (quoted.last ?? "")
    }

    /// `a -> b -> a`, with the middle of a long loop left out.
    static func loopPath(_ ids: [String]) -> String {
        guard ids.count > 8 else { return ids.joined(separator: " -> ") }
        return (ids.prefix(3) + ["... (\(ids.count - 1) objects) ..."] + ids.suffix(3)).joined(separator: " -> ")
    }

    static func didYouMean(_ suggestion: String?) -> String? {
        suggestion.map { "did you mean '\($0)'?" }
    }

    /// `a View`, `an InteractionProvider`.
    static func article(_ name: String) -> String {
        let vowels: Set<Character> = ["A", "E", "I", "O", "U"]
        return (name.first.map { vowels.contains($0) } ?? false ? "an " : "a ") + name
    }

    /// What values of `type` are, in words: `true or false`, `a whole number`.
    static func describe(_ type: ValueType) -> String {
        switch type.unwrapped {
        case .bool: "true or false"
        case .int: "a whole number"
        case .double: "a number"
        case .string: "text"
        case .duration: "a duration"
        case .color: "a colour"
        case .enumeration(_, let cases): "one of \(cases.joined(separator: ", "))"
        default: "a \(type)"
        }
    }
}
