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

/// Counts what the runs reach into an ``ExploreCoverage``. What each
/// object's inputs, events and properties count into is worked out once,
/// by the descriptions and slots a run tells (see ``RunEventListener``), so that
/// counting hashes no names.
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
    /// For each object, what sending each of its inputs and actions counts,
    /// by the description: its input's slot, and the connected action's of
    /// the same name, if any.
    private var sentCounts: [[ObjectIdentifier: (input: Int, action: Int?)]]
    /// For each object, what each of its events counts, by the
    /// description: its slot (if listed), and the actions its `on:`
    /// connections run, as (coverage slot, action slot).
    private var eventCounts: [[ObjectIdentifier: (slot: Int?, actions: [(object: Int, action: Int)])]]
    /// For each object, the slot in its coverage of each property of its
    /// type, by the type's slot; `nil` for one no invariant reads.
    private var propertyCounts: [[Int?]]
    /// For each object, what ``look(at:)`` reads of each property its
    /// coverage lists: the property, resolved once; `nil` for an outlet.
    private var lookedAt: [[PropertyDescription?]]
    private let declaration: SceneDeclaration

    init(_ declaration: SceneDeclaration, includeActions: Bool) {
        self.declaration = declaration
        let count = declaration.objects.count
        slots = Array(repeating: nil, count: count)
        inputSlots = Array(repeating: [:], count: count)
        eventSlots = Array(repeating: [:], count: count)
        actionSlots = Array(repeating: [:], count: count)
        propertySlots = Array(repeating: [:], count: count)
        sentCounts = Array(repeating: [:], count: count)
        eventCounts = Array(repeating: [:], count: count)
        propertyCounts = Array(repeating: [], count: count)
        lookedAt = Array(repeating: [], count: count)
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
            guard
                !entry.inputs.isEmpty || !entry.events.isEmpty || !entry.actions.isEmpty
                    || !entry.properties.isEmpty
            else { continue }
            slots[index] = coverage.objects.count
            coverage.objects.append(entry)
        }
        // What each description counts, once (a run tells descriptions and slots).
        for (index, object) in declaration.objects.enumerated() {
            let type = object.type
            for member in type.orderedInputs + type.orderedActions {
                if let input = inputSlots[index][member.name] {
                    sentCounts[index][ObjectIdentifier(member)] = (input, actionSlots[index][member.name])
                }
            }
            for event in type.orderedEvents {
                var actions: [(object: Int, action: Int)] = []
                for (target, action) in wiring[index]?[event.name] ?? [] {
                    if let slot = slots[target], let action = actionSlots[target][action] {
                        actions.append((slot, action))
                    }
                }
                eventCounts[index][ObjectIdentifier(event)] = (eventSlots[index][event.name], actions)
            }
            propertyCounts[index] = type.properties.map { propertySlots[index][$0.name] }
            lookedAt[index] = read[index].map { member in
                if case .property(let property) = type.members[member] { return property }
                return nil
            }
        }
    }

    /// The input (or the called action) `member` was sent to the object at `index`.
    func sent(_ member: ActionDescription, to index: Int) {
        guard let slot = slots[index] else { return }
        guard let (input, action) = sentCounts[index][ObjectIdentifier(member)] else {
            sent(member.name, to: index)
            return
        }
        coverage.objects[slot].inputs[input].count += 1
        if let action { coverage.objects[slot].actions[action].count += 1 }
    }

    /// An input (or a called action) `name` was sent to the object at `index`.
    func sent(_ name: String, to index: Int) {
        guard let slot = slots[index], let input = inputSlots[index][name] else { return }
        coverage.objects[slot].inputs[input].count += 1
        if let action = actionSlots[index][name] { coverage.objects[slot].actions[action].count += 1 }
    }

    /// The input (or action) `name` last sent to the object at `index` was ignored.
    func ignored(_ name: String, by index: Int) {
        guard let slot = slots[index], let input = inputSlots[index][name] else { return }
        coverage.objects[slot].inputs[input].ignored += 1
    }

    /// The object at `index` sent `event`; the actions it is connected to run.
    func event(_ event: EventDescription, of index: Int) {
        guard let counts = eventCounts[index][ObjectIdentifier(event)] else {
            self.event(event.name, of: index)
            return
        }
        if let slot = slots[index], let event = counts.slot { coverage.objects[slot].events[event].count += 1 }
        for (slot, action) in counts.actions { coverage.objects[slot].actions[action].count += 1 }
    }

    /// The object at `index` sent the event `event`, by name.
    private func event(_ event: String, of index: Int) {
        if let slot = slots[index], let event = eventSlots[index][event] {
            coverage.objects[slot].events[event].count += 1
        }
        for (target, action) in wiring[index]?[event] ?? [] {
            if let slot = slots[target], let action = actionSlots[target][action] {
                coverage.objects[slot].actions[action].count += 1
            }
        }
    }

    /// The property in `slot` of the type of the object at `index` has
    /// the value `value`.
    func changed(_ slot: Int, of index: Int, to value: SceneValue) {
        guard slot < propertyCounts[index].count, let property = propertyCounts[index][slot] else { return }
        saw(value, property: property, at: index)
    }

    /// Notes the current value of every property an invariant reads.
    func look(at scene: Scene) {
        for (index, slot) in slots.enumerated() {
            guard let slot else { continue }
            guard index < scene.entries.count else { continue }
            let entry = scene.entries[index]
            for (property, values) in coverage.objects[slot].properties.enumerated() {
                // What `Scene.value(of:_:)` reads, without looking the names up.
                let value =
                    if property < lookedAt[index].count, let read = lookedAt[index][property] {
                        read.value(of: entry.object)
                    } else {
                        scene.value(of: entry.id, values.name)
                    }
                saw(value ?? .null, property: property, at: index)
            }
        }
    }

    /// Counts `value` among the distinct values seen of the property in
    /// `property` of the object at `index` (at most ``ExploreCoverage/maxValues``).
    private func saw(_ value: SceneValue, property: Int, at index: Int) {
        guard let slot = slots[index] else { return }
        // The values kept are the distinct values seen: a search of a few
        // at most, cheaper than hashing.
        guard !coverage.objects[slot].properties[property].values.contains(value) else { return }
        if coverage.objects[slot].properties[property].values.count >= ExploreCoverage.maxValues {
            coverage.objects[slot].properties[property].isTruncated = true
            return
        }
        coverage.objects[slot].properties[property].values.append(value)
    }
}
