import SceneBehaviours
import SceneCore
import Testing

/// Every declared, settable property of every standard type has a change
/// event (`hiddenChanged` for `hidden`), sent once for each change and not
/// for a set that leaves the value as it was.
@Suite struct PropertyChangeEventTests {
    /// Settable properties without a change event, each for a reason the
    /// docs give: Slider's, Stepper's and Switch's `valueChanged` is their
    /// input event.
    static let withoutChangeEvent: Set<String> = ["Slider.value", "Stepper.value", "Switch.isOn"]

    static let typeNames = SceneRegistry.standardTypes.map(\.name)

    @Test(arguments: typeNames)
    func everySettablePropertyHasAChangeEvent(typeName: String) throws {
        let type = try #require(SceneRegistry.standard.type(named: typeName))
        let settable = type.properties.filter { !$0.isReadOnly }
        if !settable.isEmpty { #expect(type.makeInstance() is any PropertyNotifying, "\(typeName) is not observable") }
        for property in settable where !Self.withoutChangeEvent.contains("\(typeName).\(property.name)") {
            let event = type.events[property.name + "Changed"]
            #expect(event?.changedProperty == property.name, "\(typeName).\(property.name) has no change event")
            #expect(event?.payload == property.type, "\(typeName).\(property.name)'s change event sends another type")
        }
        for name in Self.withoutChangeEvent where name.hasPrefix(typeName + ".") {
            let property = String(name.dropFirst(typeName.count + 1))
            #expect(type.events[property + "Changed"]?.changedProperty == nil, "\(name) has a change event now")
        }
    }

    @Test(arguments: typeNames)
    func aChangeIsSentOnceWithTheNewValueAndASetOfTheSameValueNotAtAll(typeName: String) throws {
        let type = try #require(SceneRegistry.standard.type(named: typeName))
        for event in type.orderedEvents {
            guard let name = event.changedProperty else { continue }
            let property = try #require(type.property(named: name))
            let object = type.makeInstance()
            var sent: [SceneValue?] = []
            #expect(event.connect(object) { sent.append($0) })
            let current = property.value(of: object)
            let other = try #require(Self.value(of: property, otherThan: current))
            #expect(property.set(other, on: object), "\(typeName).\(name) refused \(other)")
            let now = property.value(of: object)
            #expect(now != current, "\(typeName).\(name) did not change to \(other)")
            #expect(sent == [now], "\(typeName).\(name): \(sent.count) change events for one change")
            if let now { #expect(property.set(now, on: object)) }
            #expect(sent.count == 1, "\(typeName).\(name): a change event for a set that changed nothing")
        }
    }

    @Test func aNaNSetAgainIsNoChange() {
        let view = View()
        var heard = 0
        view.observe(\.offsetX) { _ in heard += 1 }
        view.offsetX = .nan
        view.offsetX = .nan
        view.offsetX = .nan
        #expect(heard == 1)
    }

    @Test func sliderObserversOfValueHearWhatTheRangeClamps() {
        let slider = Slider()
        var heard: [Double] = []
        slider.observe(\.value) { heard.append($0) }
        slider.value = 0.5
        slider.minimum = 0.75  // clamps the value
        slider.maximum = 2  // the value stays
        slider.slide(to: 1.5)
        #expect(heard == [0.5, 0.75, 1.5])
    }

    /// A value `property` takes other than `current`: one of its type
    /// within its range, or, for a property that reads a constraint from
    /// its text, a constraint's text (which `"x"` is not).
    static func value(of property: PropertyDescription, otherThan current: SceneValue?) -> SceneValue? {
        let constraint = SceneValue.string("width == 120 @750")
        if property.refusal != nil, property.type == .string, property.refusal?(.string("x")) != nil {
            return current == constraint ? .string("height == 44") : constraint
        }
        if property.elementRefusal != nil, case .list(let element) = property.type, element == .string {
            guard case .list(let values)? = current else { return .list([constraint]) }
            return .list(values + [constraint])
        }
        return value(of: property.type, otherThan: current, in: property.range)
    }

    /// A value of `type` other than `current`, within `range`.
    static func value(
        of type: ValueType, otherThan current: SceneValue?, in range: ClosedRange<Double>?
    ) -> SceneValue? {
        func fits(_ number: Double) -> Bool { range?.contains(number) ?? true }
        switch type {
        case .bool:
            return .bool(current != .bool(true))
        case .int:
            guard case .int(let value)? = current else { return .int(Int(range?.lowerBound ?? 1)) }
            return [value + 1, value - 1].first { fits(Double($0)) }.map(SceneValue.int)
        case .double:
            let value: Double? = if case .double(let value)? = current { value } else { nil }
            return [0.5, 0.25, (value ?? 0) + 1].first { $0 != value && fits($0) }.map(SceneValue.double)
        case .duration:
            guard case .duration(let value)? = current else { return .duration(.seconds(1)) }
            return .duration(value + .milliseconds(500))
        case .string:
            guard case .string(let value)? = current else { return .string("x") }
            return .string(value + "x")
        case .color:
            let red = Color(red: 200, green: 10, blue: 10)
            return .color(current == .color(red) ? .white : red)
        case .enumeration(_, let cases):
            return cases.first { current != .enumCase($0) }.map(SceneValue.enumCase)
        case .optional(let wrapped):
            return current == nil || current == .null ? value(of: wrapped, otherThan: nil, in: range) : .null
        case .list(let element):
            guard let added = value(of: element, otherThan: nil, in: range) else { return nil }
            guard case .list(let values)? = current else { return .list([added]) }
            return .list(values + [added])
        case .stringMap(let element):
            guard let added = value(of: element, otherThan: nil, in: range) else { return nil }
            guard case .map(let pairs)? = current else { return .map([.init("k", added)]) }
            return .map(pairs + [.init("k\(pairs.count)", added)])
        case .record(_, let fields):
            var pairs: [SceneValue.Pair] = []
            for field in fields {
                guard let value = value(of: field.type, otherThan: nil, in: field.range) else { return nil }
                pairs.append(.init(field.name, value))
            }
            return .map(pairs)
        }
    }
}
