import SceneBehaviours
import SceneCore

/// Checks that a registered type keeps the promises its description makes,
/// on a fresh instance, without a scene: the check to run over your own
/// types beside their unit tests.
///
/// For each property it can set, it sets a value of the property's type
/// other than the instance's current one, through the registry as a scene
/// does, and then asks:
///
/// - did the value read back change to the one set?
/// - when the property is declared with a key path on a
///   ``PropertyNotifying`` type (so that a run's recorder reads it only
///   after it reports a change), did the object report that change?
/// - when the property has a change event, did the event fire?
///
/// A read-only property must refuse to be set. A property that no value
/// other than its current one can change (a value another property
/// bounds, say) is reported too, since nothing about it could be checked.
///
///     @Test func countdownKeepsItsPromises() throws {
///         var registry = SceneRegistry.standard
///         try registry.register(Countdown.sceneDescription())
///         expectConformance(of: "Countdown", in: registry)
///     }
public enum TypeConformance {
    /// What `type` does not do that its description promises, each worded
    /// for the type's author; empty when it keeps every promise.
    ///
    ///     let problems = TypeConformance.problems(of: type)
    ///     // ["'value' changed from 0 to 1, but the object reported no change: ..."]
    public static func problems(of type: TypeDescription) -> [String] {
        var problems: [String] = []
        for property in type.properties {
            let instance = type.makeInstance()
            if property.isReadOnly {
                let current = property.value(of: instance) ?? .null
                if property.set(current, on: instance) {
                    problems.append("'\(property.name)' is read-only, but setting it through the registry succeeded")
                }
                continue
            }
            if let problem = problem(setting: property, of: type, on: instance) { problems.append(problem) }
        }
        return problems
    }

    /// The first broken promise found when `property` is set on `instance`.
    static func problem(setting property: PropertyDescription, of type: TypeDescription, on instance: AnyObject)
        -> String?
    {
        let current = property.value(of: instance)
        // Its examples first: most texts of a property read from its text are refused.
        let candidates =
            (property.examples.filter { $0 != current }
            + alternatives(to: current, as: property.type, range: property.range)).filter { candidate in
                guard property.refusal?(candidate) == nil else { return false }
                guard let refusal = property.elementRefusal, case .list(let elements) = candidate else { return true }
                return elements.allSatisfy { refusal($0) == nil }
            }
        let changeEvent = type.orderedEvents.first { $0.changedProperty == property.name }
        // Heard once for the whole check; cleared before each value is set.
        var reported: [AnyKeyPath] = []
        var fired = 0
        let connection = (instance as? any PropertyNotifying)?.observeAll { reported.append($0) }
        defer { connection?.disconnect() }
        _ = changeEvent?.connect(instance) { _ in fired += 1 }
        for candidate in candidates {
            reported = []
            fired = 0
            guard property.set(candidate, on: instance) else {
                return "'\(property.name)' refused \(candidate), a value of its type \(property.type), "
                    + "when set through the registry"
            }
            let now = property.value(of: instance)
            // A value the object keeps as it was (clamped, say) changed nothing: try another.
            guard now != current else { continue }
            let was = current.map(\.description) ?? "nothing"
            if let key = property.changeKey, !reported.contains(where: { $0 == key as AnyKeyPath }) {
                return
                    "'\(property.name)' changed from \(was) to \(now.map(\.description) ?? "nothing") when set "
                    + "through the registry, but the object reported no change: call "
                    + "propertyDidChange(\\.\(property.name), from: oldValue, to: \(property.name)) in its didSet, "
                    + "or declare it with get: and set: closures"
            }
            if let changeEvent, fired == 0 {
                return
                    "'\(property.name)' changed from \(was) to \(now.map(\.description) ?? "nothing"), but its "
                    + "change event '\(changeEvent.name)' did not fire"
            }
            return nil
        }
        return "'\(property.name)' kept its value \(current.map(\.description) ?? "nothing") for every other "
            + "value of its type tried (\(candidates.map(\.description).joined(separator: ", "))), so its "
            + "reporting could not be checked"
    }

    /// A few values of `type` other than `current`, within `range`, most
    /// likely to be kept first.
    package static func alternatives(to current: SceneValue?, as type: ValueType, range: ClosedRange<Double>?)
        -> [SceneValue]
    {
        func fits(_ number: Double) -> Bool { range.map { $0.contains(number) } ?? true }
        var found: [SceneValue]
        switch type {
        case .bool:
            found = [.bool(current != .bool(true))]
        case .int:
            let value = current.flatMap(Int.init(sceneValue:)) ?? 0
            found = [value + 1, value - 1, 1, 0].filter { fits(Double($0)) }.map(SceneValue.int)
        case .double:
            let value = current.flatMap(Double.init(sceneValue:)) ?? 0
            var numbers = [value + 1, value + 0.5, value - 1, value / 2, 0.5, 1, 0]
            if let range, range.lowerBound.isFinite { numbers.append(range.lowerBound) }
            if let range, range.upperBound.isFinite { numbers.append(range.upperBound) }
            found = numbers.filter(fits).map(SceneValue.double)
        case .string:
            let text = current.flatMap(String.init(sceneValue:)) ?? ""
            found = [.string(text + "x"), .string("conformance")]
        case .duration:
            let value = current.flatMap(Duration.init(sceneValue:)) ?? .zero
            found = [value + .seconds(1), value + .milliseconds(500), .seconds(1)]
                .filter { fits($0.seconds) }.map(SceneValue.duration)
        case .color:
            found = [.color(Color(red: 200, green: 30, blue: 60)), .color(Color(red: 20, green: 90, blue: 220))]
        case .enumeration(_, let cases):
            found = cases.map(SceneValue.enumCase)
        case .optional(let wrapped):
            found = current == .null || current == nil ? [] : [.null]
            found += alternatives(to: current == .null ? nil : current, as: wrapped, range: range)
        case .list(let element):
            if case .list(let items)? = current, !items.isEmpty {
                found = [.list([])]
            } else {
                found = alternatives(to: nil, as: element, range: range).prefix(1).map { .list([$0]) }
            }
        case .stringMap(let valueType):
            found = alternatives(to: nil, as: valueType, range: range).prefix(1).map {
                .map([SceneValue.Pair("conformance", $0)])
            }
        case .record(_, let fields):
            found = recordAlternatives(to: current, fields: fields)
        }
        return found.filter { $0 != current }
    }

    /// Values of a record: the current one with one field changed at a time.
    private static func recordAlternatives(to current: SceneValue?, fields: [RecordField]) -> [SceneValue] {
        var written: [SceneValue.Pair] = []
        if case .map(let pairs)? = current { written = pairs }
        var pairs: [SceneValue.Pair] = []
        for field in fields {
            let value =
                written.first(where: { $0.key == field.name })?.value
                ?? alternatives(to: nil, as: field.type, range: field.range).first ?? .null
            pairs.append(SceneValue.Pair(field.name, value))
        }
        var found: [SceneValue] = []
        for (index, field) in fields.enumerated() {
            for value in alternatives(to: pairs[index].value, as: field.type, range: field.range).prefix(2) {
                var changed = pairs
                changed[index] = SceneValue.Pair(field.name, value)
                found.append(.map(changed))
            }
        }
        return found
    }
}

/// Fails the running test, Swift Testing's or XCTest's, from any task or
/// thread, with each promise that the type named `typeName` in `registry`
/// breaks (see ``TypeConformance``), or once when no type has that name.
///
///     @Test(arguments: SceneRegistry.standard.types.map(\.name))
///     func everyTypeKeepsItsPromises(name: String) {
///         expectConformance(of: name)
///     }
public func expectConformance(
    of typeName: String, in registry: SceneRegistry = .standard,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let call = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let type = registry.type(named: typeName) else {
        let known = registry.types.map(\.name).joined(separator: ", ")
        let message = "no type named '\(typeName)' is registered; the registry has \(known)"
        IssueReporter.report([ReportedIssue(message: message, location: .call(call))], summary: nil, at: call)
        return
    }
    let issues = TypeConformance.problems(of: type).map {
        ReportedIssue(message: "\(type.name): \($0)", location: .call(call))
    }
    IssueReporter.report(issues, summary: nil, at: call)
}
