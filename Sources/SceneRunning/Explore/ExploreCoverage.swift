import SceneCore
import SceneLoader

/// What an exploration reached, object by object: how many times each
/// input was sent (and ignored), each event sent, each action run (called,
/// or through an `on:` connection), and the distinct values seen of each
/// property an invariant reads (in its `expect:` or `when:`). What stayed
/// at zero is what no run reached.
package struct ExploreCoverage: Sendable, Hashable {
    /// A count of one input, event or action.
    package struct Count: Sendable, Hashable {
        /// Its name.
        package var name: String
        /// How many times it was sent, or ran.
        package var count: Int
        /// For an input, how many of those its object ignored.
        package var ignored: Int
    }

    /// The values seen of one property.
    package struct Values: Sendable, Hashable {
        /// The property's name.
        package var name: String
        /// The distinct values seen, in the order first seen (at most
        /// ``ExploreCoverage/maxValues``).
        package var values: [SceneValue]
        /// Whether more distinct values were seen than are kept.
        package var isTruncated: Bool
    }

    /// What was reached of one object.
    package struct Object: Sendable, Hashable {
        /// Its id.
        package var id: String
        /// Its type's name.
        package var type: String
        /// Its inputs (and, when actions are explored, the actions called).
        package var inputs: [Count]
        /// Its own events (not a property's change event, unless connected).
        package var events: [Count]
        /// Its actions that an `on:` connection or a `call:` can run.
        package var actions: [Count]
        /// The properties an invariant reads.
        package var properties: [Values]
    }

    /// How many distinct values of a property are kept.
    package static let maxValues = 20

    /// The objects with anything to reach, in declaration order.
    package var objects: [Object] = []
}

/// Counts what the runs reach into an ``ExploreCoverage``.
final class CoverageCounter {
    private(set) var coverage = ExploreCoverage()
    /// For each object, its slot in ``coverage`` (nil when not listed).
    private var slots: [Int?]
    private var inputSlots: [[String: Int]]
    private var eventSlots: [[String: Int]]
    private var actionSlots: [[String: Int]]
    private var propertySlots: [[String: Int]]
    /// The actions each (object, event) runs through `on:`, as (object, action).
    private var wiring: [Int: [String: [(object: Int, action: String)]]] = [:]
    private var seen: [[Set<SceneValue>]]
    private let declaration: SceneDeclaration

    init(_ declaration: SceneDeclaration, includeActions: Bool) {
        self.declaration = declaration
        let count = declaration.objects.count
        slots = Array(repeating: nil, count: count)
        inputSlots = Array(repeating: [:], count: count)
        eventSlots = Array(repeating: [:], count: count)
        actionSlots = Array(repeating: [:], count: count)
        propertySlots = Array(repeating: [:], count: count)
        seen = Array(repeating: [], count: count)
        var connectedEvents = Array(repeating: Set<String>(), count: count)
        var connectedActions = Array(repeating: [String](), count: count)
        for (index, object) in declaration.objects.enumerated() {
            for connection in declaration.eventConnections[object.connectionRange] {
                connectedEvents[index].insert(connection.event.name)
                wiring[index, default: [:]][connection.event.name, default: []].append(
                    (connection.target, connection.action.name))
                if !connectedActions[connection.target].contains(connection.action.name) {
                    connectedActions[connection.target].append(connection.action.name)
                }
            }
        }
        var read = Array(repeating: [String](), count: count)
        for invariant in declaration.invariants {
            for check in invariant.conditions + invariant.checks where check.target < count {
                if !read[check.target].contains(check.member) { read[check.target].append(check.member) }
            }
        }
        for (index, object) in declaration.objects.enumerated() {
            let type = object.type
            var entry = ExploreCoverage.Object(
                id: object.id, type: type.name, inputs: [], events: [], actions: [], properties: [])
            for input in type.orderedInputs {
                inputSlots[index][input.name] = entry.inputs.count
                entry.inputs.append(.init(name: input.name, count: 0, ignored: 0))
            }
            if includeActions {
                for action in type.orderedActions where inputSlots[index][action.name] == nil {
                    inputSlots[index][action.name] = entry.inputs.count
                    entry.inputs.append(.init(name: action.name, count: 0, ignored: 0))
                }
            }
            for event in type.orderedEvents
            where event.changedProperty == nil || connectedEvents[index].contains(event.name) {
                eventSlots[index][event.name] = entry.events.count
                entry.events.append(.init(name: event.name, count: 0, ignored: 0))
            }
            for action in connectedActions[index] {
                actionSlots[index][action] = entry.actions.count
                entry.actions.append(.init(name: action, count: 0, ignored: 0))
            }
            for member in read[index] {
                propertySlots[index][member] = entry.properties.count
                entry.properties.append(.init(name: member, values: [], isTruncated: false))
            }
            seen[index] = Array(repeating: [], count: entry.properties.count)
            guard
                !entry.inputs.isEmpty || !entry.events.isEmpty || !entry.actions.isEmpty
                    || !entry.properties.isEmpty
            else { continue }
            slots[index] = coverage.objects.count
            coverage.objects.append(entry)
        }
    }

    /// An input (or a called action) `name` was sent to the object at `index`.
    func sent(_ name: String, to index: Int) {
        guard let slot = slots[index], let input = inputSlots[index][name] else { return }
        coverage.objects[slot].inputs[input].count += 1
        if let action = actionSlots[index][name] { coverage.objects[slot].actions[action].count += 1 }
    }

    /// The input (or action) `name` last sent to the object `id` was ignored.
    func ignored(_ name: String, by id: String) {
        guard let index = declaration.index(ofID: id), let slot = slots[index],
            let input = inputSlots[index][name]
        else { return }
        coverage.objects[slot].inputs[input].ignored += 1
    }

    /// The object `id` sent `event`; the actions it is connected to run.
    func event(_ event: String, of id: String) {
        guard let index = declaration.index(ofID: id) else { return }
        if let slot = slots[index], let event = eventSlots[index][event] {
            coverage.objects[slot].events[event].count += 1
        }
        for (target, action) in wiring[index]?[event] ?? [] {
            if let slot = slots[target], let action = actionSlots[target][action] {
                coverage.objects[slot].actions[action].count += 1
            }
        }
    }

    /// The property `name` of the object `id` has the value `value`.
    func value(_ value: SceneValue, of name: String, of id: String) {
        guard let index = declaration.index(ofID: id) else { return }
        saw(value, of: name, at: index)
    }

    /// Notes the current value of every property an invariant reads.
    func look(at scene: Scene) {
        for (index, slot) in slots.enumerated() {
            guard let slot else { continue }
            let id = declaration.objects[index].id
            for property in coverage.objects[slot].properties {
                saw(scene.value(of: id, property.name) ?? .null, of: property.name, at: index)
            }
        }
    }

    private func saw(_ value: SceneValue, of name: String, at index: Int) {
        guard let slot = slots[index], let property = propertySlots[index][name] else { return }
        guard !seen[index][property].contains(value) else { return }
        if seen[index][property].count >= ExploreCoverage.maxValues {
            coverage.objects[slot].properties[property].isTruncated = true
            return
        }
        seen[index][property].insert(value)
        coverage.objects[slot].properties[property].values.append(value)
    }
}
