import SceneCore

extension SceneProblem {
    /// Each case's code, severity, message and hint, worded together for the
    /// scene author, in the groups of the case list.
    var wording: Wording {
        switch self {
        // MARK: The file's layout
        case .emptyFile:
            .error(
                .emptyFile, "the file is empty",
                hint: "a scene needs 'objects:', with each object indented below it, e.g. '  box: {type: View}'")
        case .fileNotAMapping(let found):
            .error(
                .notAMapping, "a scene file must be a mapping with 'objects', not \(found)",
                hint: "start with 'objects:'")
        case .unsupportedVersion(let written):
            .error(
                .unsupportedVersion, "this runner reads scene format version 1, not \(written)",
                hint: "write 'version: 1' or leave it out")
        case .objectsNotAMapping(let found):
            .error(
                .notAMapping, "'objects' must be a mapping from ids to objects, not \(found)",
                hint: "write one 'id:' per object, each with a 'type:'")
        case .scriptNotAList(let found):
            .error(
                .invalidScript, "'script' must be a list of steps, not \(found)",
                hint: "write one '- verb: argument' per step")
        case .unknownTopLevelKey(let key, let suggestion):
            .error(
                .unknownTopLevelKey, "unknown top-level key '\(key)'",
                hint: suggestion.map { "did you mean '\($0)'?" }
                    ?? "a scene file has \(SceneValidator.topLevelKeys.map { "'\($0)'" }.joined(separator: ", "))")
        case .unknownDevice(let name, let suggestion):
            .error(
                .invalidValue, "'canvas' takes a size or a device, not '\(name)'",
                hint: suggestion.map { "did you mean '\($0)'?" }
                    ?? "the devices are \(Device.Model.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")), "
                    + "each followed by 'landscape' or not; a size is written {width: 390, height: 844}")
        case .missingObjects:
            .error(
                .missingObjects, "the scene has no 'objects'",
                hint: "add 'objects:' with one 'id:' per object, each with a 'type:'")
        case .textExpected(let key, let found):
            .error(.invalidValue, "'\(key)' takes text, not \(found)")

        // MARK: Objects
        case .invalidID(let id):
            .error(
                .invalidID, "'\(id)' is not a valid object id",
                hint:
                    "ids start with a letter or '_' and hold only letters, digits and '_', so that 'id.member' is unambiguous"
            )
        case .duplicateID(let id):
            .error(
                .duplicateKey, "the key '\(id)' appears twice in the same mapping",
                hint: "remove or rename one of them")
        case .objectNotAMapping(let id, let found):
            .error(
                .notAMapping, "object '\(id)' must be a mapping with a 'type', not \(found)",
                hint: "write '\(id):' then, indented below it, 'type: View' and its keys")
        case .missingType(let id, let typesHint):
            .error(
                .missingType, "object '\(id)' has no 'type'",
                hint: "add 'type:' with a registered type; \(typesHint)")
        case .typeNotAName(let id, let found, let typesHint):
            .error(.missingType, "the 'type' of '\(id)' must be a type name, not \(found)", hint: typesHint)
        case .unknownType(let name, let suggestion, let typesHint):
            .error(.unknownType, "unknown type '\(name)'", hint: Self.didYouMean(suggestion) ?? typesHint)
        case .readOnlyProperty(let property, let type):
            .error(
                .readOnlyProperty, "'\(property)' of \(type) is read-only",
                hint: "a script can read it with 'expect', but a scene cannot set it")
        case .readOnlyOverride(let path, let type, let settable):
            .error(
                .readOnlyProperty, "'\(path)' is a read-only property of \(type): an instance's 'set' cannot set it",
                hint: settable.isEmpty
                    ? "remove it from 'set'; \(type) has no properties to set"
                    : "remove it from 'set', or set one of its properties: \(Suggestions.list(settable))")
        case .unknownKey(let key, let type, let hint):
            .error(.unknownKey, "\(type) has no property or outlet '\(key)'", hint: hint)
        case .missingProperty(let id, let type, let property, let valueType):
            .error(
                .missingProperty, "'\(id)' (\(type)) needs a value for '\(property)'",
                hint: "add '\(property): <\(valueType)>'")
        case .missingOutlet(let id, let written, let type, let outlet, let requirement):
            .error(
                .missingOutlet, "'\(id)' (\(type)) needs the outlet '\(outlet)'",
                hint: "add '\(outlet): <id of \(Self.article(requirement))>', or complete this file from a scene "
                    + "that includes it: 'set: { \(written).\(outlet): <id> }'")
        case .nullRequiredOutlet(let id, let outlet, let requirement):
            .error(
                .missingOutlet, "the outlet '\(outlet)' of '\(id)' is required and cannot be null",
                hint: "give it the id of \(Self.article(requirement))")

        // MARK: Outlets
        case .listOfIDsExpected(let outlet, let found, let text):
            .error(
                .invalidValue, "'\(outlet)' takes a list of ids, not \(found)",
                hint: text.map { "write [\($0)]" } ?? "write [id, id]")
        case .idExpected(let outlet, let found):
            .error(.invalidValue, "'\(outlet)' takes the id of an object, not \(found)")
        case .unknownObject(let id, let suggestion, let fallback):
            .error(.unknownObject, "no object has the id '\(id)'", hint: Self.didYouMean(suggestion) ?? fallback)
        case .outletTypeMismatch(let outlet, let requirement, let id, let type, let fitting):
            .error(
                .outletTypeMismatch,
                "'\(outlet)' needs \(Self.article(requirement)), but '\(id)' is \(Self.article(type))",
                hint: fitting)
        case .hierarchyCycle(let outlet, let ids):
            .error(
                .hierarchyCycle, "'\(outlet)' forms a cycle: \(ids.joined(separator: " -> "))",
                hint: "an object cannot be inside itself; remove one '\(outlet)' of the cycle")

        // MARK: Events
        case .onNotAMapping(let found):
            .error(
                .invalidValue, "'on' takes a mapping from events to actions, not \(found)",
                hint: "write 'on: { event: target.action }'")
        case .unknownEvent(let event, let type, let suggestion, let events):
            .error(
                .unknownEvent, "\(type) has no event '\(event)'",
                hint: Self.didYouMean(suggestion)
                    ?? (events.isEmpty ? "\(type) sends no events" : "its events are \(Suggestions.list(events))"))
        case .actionReferenceExpected(let event, let found):
            .error(
                .invalidActionReference, "'\(event)' takes 'target.action' or a list of them, not \(found)",
                hint: "write '\(event): form.submit'")
        case .notAnActionReference(let text):
            .error(
                .invalidActionReference, "'\(text)' is not 'target.action'",
                hint: "write the id of an object, a dot and one of its actions, e.g. 'form.submit'")
        case .unknownAction(let action, let type, let suggestion, let actions):
            .error(
                .unknownAction, "\(type) has no action '\(action)'",
                hint: Self.didYouMean(suggestion)
                    ?? (actions.isEmpty ? "\(type) has no actions" : "its actions are \(Suggestions.list(actions))"))
        case .payloadMismatch(let action, let type, let argument, let event, let owner, let payload):
            .error(
                .payloadMismatch,
                "action '\(action)' of \(type) takes \(argument.map { Self.article($0.description) } ?? "nothing"), but event '\(event)' of \(owner) \(payload.map { "sends \(Self.article($0.description))" } ?? "sends nothing")",
                hint: "connect an event whose payload fits, or call an action without an argument")

        // MARK: Values
        case .nullValue(let subject, let isText):
            .error(
                .nullValue, "'\(subject)' cannot be null",
                hint: isText
                    ? "write '' for empty text, or leave the key out to keep the default"
                    : "give it a value, or leave the key out to keep the default")
        case .listExpected(let subject, let found):
            .error(
                .invalidValue, "'\(subject)' takes a list, not \(found)",
                hint: "write [a, b], or one '- item' per line")
        case .mappingExpected(let subject, let found):
            .error(
                .invalidValue, "'\(subject)' takes a mapping, not \(found)",
                hint: "write { key: value }, or one 'key: value' per line")
        case .valueExpected(let subject, let type, let found):
            .error(.invalidValue, "'\(subject)' takes \(Self.describe(type)), not \(found)")
        case .recordExpected(let subject, let fields, let found):
            .error(
                .invalidValue,
                "'\(subject)' takes a mapping with \(fields.map { "'\($0)'" }.joined(separator: ", ")), not \(found)")
        case .unknownField(let record, let field, let suggestion, let fields):
            .error(
                .unknownField, "'\(record)' has no field '\(field)'",
                hint: Self.didYouMean(suggestion) ?? "its fields are \(fields.joined(separator: ", "))")
        case .missingField(let subject, let field, let type):
            .error(.missingField, "'\(subject)' is missing the field '\(field)'", hint: "add '\(field): <\(type)>'")
        case .invalidValue(let subject, let type, let text, let hint):
            .error(.invalidValue, "'\(subject)' takes \(Self.describe(type)), not '\(text)'", hint: hint)
        case .integerTooLarge(let subject, let text):
            .error(
                .valueOutOfRange, "'\(text)' is too large for '\(subject)'",
                hint: "an Int holds \(Int.min) to \(Int.max)")
        case .outOfRange(let subject, let value, let range, let isDuration):
            .error(
                .valueOutOfRange,
                range.upperBound != .infinity
                    ? "'\(subject)' must be between \(Self.bound(range.lowerBound, isDuration)) and \(Self.bound(range.upperBound, isDuration)), not \(value)"
                    : range.lowerBound == 0
                        ? "'\(subject)' cannot be negative, and it is \(value)"
                        : "'\(subject)' must be at least \(Self.bound(range.lowerBound, isDuration)), not \(value)")
        case .boundsReversed(let type, let lower, let lowerValue, let upper, let upperValue, let leftAtDefault):
            .error(
                .valueOutOfRange,
                "'\(lower)' (\(lowerValue)\(leftAtDefault == lower ? ", its default" : "")) is above '\(upper)' "
                    + "(\(upperValue)\(leftAtDefault == upper ? ", its default" : ""))",
                hint: "a \(type)'s values run from '\(lower)' up to '\(upper)': "
                    + (leftAtDefault.map { "set '\($0)' as well" } ?? "swap the two"))
        case .invalidConstraint(let reason, let hint):
            .error(.invalidConstraint, reason, hint: hint)
        case .unsatisfiableConstraints(let conflict):
            Self.unsatisfiable(conflict)
        case .ambiguousLayout(let id, let axis, let open):
            Self.ambiguous(id: id, axis: axis, open: open)
        case .refusedValue(let subject, let text, let reason, let hint):
            .error(.invalidValue, "'\(subject)' cannot be '\(text)': \(reason)", hint: hint)

        // MARK: The script
        case .stepNotAMapping(let hasSeveralVerbs):
            .error(
                .invalidScript, "a script step must be a mapping with one verb, like '- wait: 2s'",
                hint: hasSeveralVerbs ? "write each verb as its own step, on its own '- ' line" : nil)
        case .timeGoesBackwards(let time, let reached):
            .error(
                .timeGoesBackwards,
                "'at: \(time.sceneText)' is earlier than the time the script has reached, \(reached.sceneText)",
                hint: "time only moves forward; use a later time or reorder the steps")
        case .scriptTooLong(let reaches, let limit):
            .error(
                .scriptTooLong,
                "the script would reach \(reaches.sceneText), past the limit of \(limit.sceneText) of virtual time",
                hint: "shorten the waits, or raise the limit in the embedding program")
        case .noteExpectsText(let found):
            .error(.invalidStep, "'note' takes text, not \(found)")
        case .snapshotNameExpected(let found):
            .error(
                .invalidStep, "'snapshot' takes the name of a reference picture, not \(found)",
                hint: "write 'snapshot: shaking'; the picture is kept in Snapshots/<scene>/shaking.svg")
        case .invalidSnapshotName(let name):
            .error(
                .invalidStep, "'\(name)' cannot name a snapshot: it becomes a file name",
                hint:
                    "use up to \(ScriptStep.maxSnapshotNameLength) letters, digits, '-' and '_', starting with a letter or digit"
            )
        case .duplicateSnapshotName(let name):
            .error(
                .invalidStep, "the snapshot '\(name)' is taken twice in this script; each compares its own picture",
                hint: "give each snapshot step its own name, such as '\(name)-2'")
        case .pathsExpected(let verb, let found):
            .error(
                .invalidStep, "'\(verb)' takes a mapping of 'id.member: value', not \(found)",
                hint: "write '\(verb): { controls.hidden: true }'")
        case .notAPath(let path):
            .error(
                .invalidStep, "'\(path)' is not 'id.member'",
                hint: "write the object's id, a dot and one of its properties, e.g. 'controls.hidden'")
        case .noSuchObjectInPath(let id, let suggestion):
            .error(.unknownObject, "no object has the id '\(id)'", hint: Self.didYouMean(suggestion))
        case .unknownMember(let member, let type, let hint):
            .error(.unknownMember, "\(type) has no property or outlet '\(member)'", hint: hint)
        case .readOnlyInSet(let path):
            .error(.unknownMember, "'\(path)' is read-only; a script can only check it with 'expect'")
        case .outletInSet(let path):
            .error(.unknownMember, "'\(path)' is an outlet; scripts set properties, not connections")
        case .unknownSettable(let member, let type, let hint):
            .error(.unknownMember, "\(type) has no property '\(member)'", hint: hint)
        case .unknownObjectValue(let path, let written, let suggestion):
            .error(
                .unknownObject, "'\(path)' holds an object id, and no object has the id \(written)",
                hint: Self.didYouMean(suggestion))
        case .callExpected(let found):
            .error(
                .invalidStep, "'call' takes 'id.action' or '{ id.action: argument }', not \(found)",
                hint: "write 'call: timeout.resume'")
        case .notAnActionPath(let text):
            .error(
                .invalidStep, "'\(text)' is not 'id.action'",
                hint: "write the object's id, a dot and one of its actions, e.g. 'timeout.resume'")
        case .inputTakesNoArgument(let input, let step):
            .error(.invalidStep, "'\(input)' takes no argument", hint: "write it without one: '\(step)'")
        case .inputNeedsValue(let input, let type, let step):
            .error(
                .invalidStep, "'\(input)' needs a value of type \(type)",
                hint: "give it \(Self.describe(type)), e.g. '\(step)'")
        case .unknownVerb(let verb, let suggestion):
            .error(
                .unknownVerb, "unknown script verb '\(verb)'",
                hint: Self.didYouMean(suggestion)
                    ?? "the verbs are \(ScriptVerb.names.joined(separator: ", ")) and the inputs of the registered types"
            )
        case .inputTargetExpected(let verb, let found):
            .error(
                .invalidStep, "'\(verb)' takes an object id or '{ id: value }', not \(found)",
                hint: "write '\(verb): button' or '\(verb): { slider: 0.5 }'")
        case .inputNotTaken(let id, let type, let verb, let inputs, let accepting):
            .error(
                .unknownInput, "'\(id)' is a \(type), which does not take the input '\(verb)'",
                hint: inputs.isEmpty
                    ? "\(type) takes no inputs"
                    : "\(type) takes \(Suggestions.list(inputs))"
                        + (accepting.isEmpty ? "" : "; objects that take '\(verb)': \(Suggestions.list(accepting))"))
        case .unknownActionInCall(let action, let type, let suggestion, let actions):
            .error(
                .unknownAction, "\(type) has no action '\(action)'",
                hint: Self.didYouMean(suggestion)
                    ?? (actions.isEmpty ? "\(type) has no actions" : "its actions are \(Suggestions.list(actions))"))

        case .invariantsNotAList(let found):
            .error(
                .invalidInvariant, "'invariants' must be a list of expectations, not \(found)",
                hint: "write one '- { id.member: value }' per invariant")
        case .invariantNotAMapping(let found):
            .error(
                .invalidInvariant, "an invariant must be a mapping of 'id.member: value', not \(found)",
                hint: "write '- { controls.hidden: false }', or '- when: {...}, expect: {...}'")
        case .unknownInvariantKey(let key, let suggestion, let isPath):
            .error(
                .invalidInvariant, "unknown key '\(key)' in an invariant",
                hint: isPath
                    ? "beside 'expect:', write each expectation inside it: 'expect: { \(key): ... }'"
                    : suggestion.map { "did you mean '\($0)'?" }
                        ?? "an invariant is '{ id.member: value }', or has 'expect:' with 'when:', 'name:' and 'doc:'")
        case .invariantWithoutExpect:
            .error(
                .invalidInvariant, "an invariant with 'when:', 'name:' or 'doc:' needs 'expect:'",
                hint: "write what must hold under 'expect: { id.member: value }'")
        case .invalidComparison(let path, let keys):
            .error(
                .invalidValue,
                "'\(path)' compares with a value, '{ not: value }' or '{ min: a, max: b }', not a mapping with \(keys.map { "'\($0)'" }.joined(separator: ", "))",
                hint: "'not' stands alone; 'min' and 'max' go together or alone")
        case .rangeNotOrdered(let path, let type):
            .error(
                .invalidValue, "'\(path)' is \(type): 'min' and 'max' compare Int, Double and Duration values",
                hint: "compare it with a value, or with '{ not: value }'")
        case .emptyRange(let path, let min, let max):
            .error(
                .invalidValue, "'\(path)' can never be at least \(min) and at most \(max)", hint: "swap 'min' and 'max'"
            )

        // MARK: Warnings
        case .emptyConnection(let event):
            .warning(
                .emptyConnection, "'\(event)' is connected to no action",
                hint: "connect it to 'target.action', or remove it")
        case .emptyOutlet(let outlet, let isCollection):
            .warning(
                .emptyOutlet,
                isCollection
                    ? "'\(outlet)' is given an empty list: it connects nothing"
                    : "'\(outlet)' is set to null: it connects nothing",
                hint: "leave the key out, or connect an object")
        case .duplicateConnection(let action, let event):
            .warning(
                .duplicateConnection, "'\(event)' calls '\(action)' twice",
                hint: "remove it, unless the action is meant to run twice")
        case .wiringLoop(let ids):
            .warning(
                .wiringLoop,
                "the 'on:' wiring loops: \(Self.loopPath(ids)); if one of these actions sends the event that calls it, the run stops with an error",
                hint: "check that no action in the loop sends an event that leads back to it")

        case .frameInLayout(let id, let parent):
            .warning(
                .frameInLayout,
                "'\(id)' has a 'frame', so the 'layout' of '\(parent)', its parent, does not place it",
                hint: "remove 'frame' to have '\(parent)' place it, or remove '\(parent)''s 'layout'")

        case .viewOutside(let id, let container, let canvas, let overhang, let isWhollyOutside):
            Self.viewOutside(
                id: id, container: container, canvas: canvas, overhang: overhang, isWhollyOutside: isWhollyOutside)
        case .stackOverflow(let id, let axis, let content, let room):
            Self.stackOverflow(id: id, axis: axis, content: content, room: room)
        case .textCut(let id, let member, let text, let fontSize, let width, let room):
            Self.textCut(id: id, member: member, text: text, fontSize: fontSize, width: width, room: room)
        case .textTruncated(let id, let truncation):
            Self.textTruncated(id: id, truncation)

        // MARK: Reading the file
        case .unreadableFile(let path, let reason, let hint):
            .error(.unreadableFile, "cannot read '\(path)': \(reason)", hint: hint)
        case .fileTooLarge(let path, let size, let limit):
            .error(
                .fileTooLarge,
                "'\(path)' \(size.map { "is \($0) bytes" } ?? "holds more than \(limit) bytes"), more than the limit of \(limit); nothing was read past it",
                hint: "split the scene, or raise the limit in the embedding program")

        // MARK: Components
        case .includeNotAPath(let found):
            .error(
                .invalidInclude, "'include' takes the path of a component file, not \(found)",
                hint: "write a path relative to this file, e.g. 'include: Components/controls.yaml'")
        case .typeAndInclude(let id):
            .error(
                .invalidInclude, "object '\(id)' has both a 'type' and an 'include'",
                hint: "an object is either of a type or an instance of a component ('include' without 'type'): keep one"
            )
        case .unknownInstanceKey(let key, let suggestion):
            .error(
                .invalidInclude, "an instance of a component has no key '\(key)'",
                hint: Self.didYouMean(suggestion) ?? "an instance takes 'include', 'params', 'parent' and 'set'")
        case .includeCycle(let files):
            .error(
                .includeCycle, "the includes form a cycle: \(files.joined(separator: " -> "))",
                hint: "a component cannot include itself, directly or through others")
        case .includeTooDeep(let limit):
            .error(
                .includeTooDeep, "includes are nested more than \(limit) deep",
                hint:
                    "a component may be including itself through others; else raise the limit in the embedding program")
        case .tooManyObjects(let limit):
            .error(
                .tooManyObjects,
                "the scene has more than \(limit) objects and instances once its components are included",
                hint:
                    "a component may be including itself through others; else raise the limit in the embedding program")
        case .expansionTooLarge(let limit):
            .error(
                .expansionTooLarge,
                "the scene's components expand to more than \(limit) bytes of text and ids once included",
                hint:
                    "a component may be including itself through others; else raise the limit in the embedding program")
        case .paramsNotAMapping(let found):
            .error(
                .invalidInclude, "'params' takes a mapping of parameter names, not \(found)",
                hint: "write 'params: { name: value }'")
        case .invalidParameterDeclaration(let name, let problem, let hint):
            .error(.invalidParameter, "parameter '\(name)' \(problem)", hint: hint)
        case .unknownParameter(let name, let component, let suggestion, let known):
            .error(
                .unknownParameter, "\(component) has no parameter '\(name)'",
                hint: Self.didYouMean(suggestion)
                    ?? (known.isEmpty ? "it declares no parameters" : "its parameters are \(Self.quotedList(known))"))
        case .unknownParameterReference(let name, let suggestion, let known):
            .error(
                .unknownParameter, "'$\(name)' names no parameter of this file",
                hint: Self.didYouMean(suggestion)
                    ?? (known.isEmpty ? "it declares no parameters" : "its parameters are \(Self.quotedList(known))"))
        case .missingParameter(let name, let instance, let type):
            .error(
                .missingParameter,
                "'\(instance)' gives no value for the parameter '\(name)'\(type.map { " (\($0))" } ?? ""), which has no default",
                hint: "give it under 'params:', e.g. 'params: { \(name): ... }'")
        case .parameterWithoutDefault(let name):
            .error(
                .missingParameter, "the parameter '\(name)' has no default, so this file can only be included",
                hint: "give it a default to check or run the file on its own")
        case .parameterTypeMismatch(let name, let type, let property, let propertyType):
            .error(
                .parameterTypeMismatch, "the parameter '\(name)' is \(type), but '\(property)' takes \(propertyType)",
                hint: "use a parameter of the property's type")
        case .setNotAMapping(let found):
            .error(
                .invalidInclude, "'set' takes a mapping from 'id.property' to values, not \(found)",
                hint: "write 'set: { id.property: value }' with the component's ids")
        case .notAnOverridePath(let text):
            .error(
                .unknownOverride, "'\(text)' is not 'id.property'",
                hint: "write the component's id and a property, e.g. 'play.title'")
        case .unknownOverrideObject(let path, let component, let suggestion, let connecting):
            .error(
                .unknownOverride, "\(component) has no object '\(path)'",
                hint: connecting.map {
                    "to connect an event of '\($0.id)', write '\($0.id).on: { \($0.event): <id.action> }'"
                } ?? Self.didYouMean(suggestion) ?? "name an object of the component by its id there")
        case .unknownOverrideProperty(let property, let id, let type, let hint):
            .error(
                .unknownOverride, "'\(id)' is \(Self.article(type)), which has no property '\(property)' to set",
                hint: hint)

        // MARK: Instantiation and bookkeeping
        case .memberNotApplied(let message):
            .error(
                .internalError, message,
                hint: "the type's registration does not match its Swift type; this is a bug in the type")
        case .objectFailed(let message):
            .error(.objectFailed, message)
        case .tooManyDiagnostics(let limit):
            .error(
                .tooManyDiagnostics, "too many diagnostics; stopped after the first \(limit)",
                hint: "fix these and check again")
        }
    }
}
