import SceneCore

/// Which of a scene's declared properties the recorder reads at each point
/// where it looks for changes: a property that tells its changes (one with
/// a change event, ``TypeBuilder/changeEvent(of:)``, on a
/// ``PropertyNotifying`` object, or one a ``DerivedPropertiesTelling``
/// object names) only after it told one; every other property (Slider's
/// `value`, which has no change event, or those of an object that does not
/// notify), every time. A type is planned once, from its first object:
/// objects of one registered type are of one class.
///
/// The properties are numbered flat, object after object in declaration
/// order and each object's in declared order, so that reading them in
/// ascending number reads them in the order sampling every property did:
/// the transcript is the same, and a value that changes and changes back
/// before the recorder looks is still no change. The cost of a look is
/// the properties that changed plus those that cannot tell, not every
/// property of every object.
final class PropertyWatch {
    /// Where each object's properties start in the flat numbering; one
    /// more element than objects, the last being the total.
    private let offsets: [Int]
    /// The properties read at every look, ascending.
    private let alwaysRead: [Int]
    /// The properties that told a change since the last look, each once.
    private var changed: [Int] = []
    private var isChanged: [Bool]
    private var connections: [SceneConnection] = []

    /// How many properties the scene declares, all objects together.
    var propertyCount: Int { offsets[offsets.count - 1] }

    /// How many properties are read at every look (those that cannot tell
    /// their changes).
    var alwaysReadCount: Int { alwaysRead.count }

    /// Watches `scene`'s objects; with `readsEverything`, every property is
    /// read at every look (what the recorder did before it listened, kept
    /// to check that both give the same transcript).
    init(_ scene: Scene, readsEverything: Bool = false) {
        var offsets = [0]
        offsets.reserveCapacity(scene.entries.count + 1)
        for entry in scene.entries { offsets.append(offsets[offsets.count - 1] + entry.type.properties.count) }
        self.offsets = offsets
        isChanged = Array(repeating: false, count: offsets[offsets.count - 1])
        var plans: [ObjectIdentifier: Plan] = [:]
        var alwaysRead: [Int] = []
        var watched: [(object: any PropertyNotifying, base: Int, slots: [String: Int])] = []
        for (index, entry) in scene.entries.enumerated() {
            let base = offsets[index]
            let notifying = readsEverything ? nil : entry.object as? any PropertyNotifying
            guard let notifying else {
                alwaysRead.append(contentsOf: base..<offsets[index + 1])
                continue
            }
            let key = ObjectIdentifier(entry.type)
            let plan = plans[key] ?? Plan(entry.type, telling: type(of: notifying))
            plans[key] = plan
            alwaysRead.append(contentsOf: plan.sampledSlots.lazy.map { base + $0 })
            if !plan.notifyingSlots.isEmpty { watched.append((notifying, base, plan.notifyingSlots)) }
        }
        self.alwaysRead = alwaysRead
        for (object, base, slots) in watched {
            connections.append(
                object.watchAll { [weak self] name in
                    if let slot = slots[name] { self?.noteChange(of: base + slot) }
                })
        }
    }

    /// Which properties of one type tell their changes, by name, and which
    /// must be read every time, as slots in the type's ``TypeDescription/properties``.
    private struct Plan {
        var notifyingSlots: [String: Int] = [:]
        var sampledSlots: [Int] = []

        init(_ type: TypeDescription, telling objectType: any PropertyNotifying.Type) {
            var telling = Set<String>()
            for event in type.events.values { if let name = event.changedProperty { telling.insert(name) } }
            if let derived = objectType as? any DerivedPropertiesTelling.Type {
                telling.formUnion(derived.propertiesTellingChanges)
            }
            for (slot, property) in type.properties.enumerated() {
                if telling.contains(property.name) {
                    notifyingSlots[property.name] = slot
                } else {
                    sampledSlots.append(slot)
                }
            }
        }
    }

    private func noteChange(of flat: Int) {
        guard flat < isChanged.count, !isChanged[flat] else { return }
        isChanged[flat] = true
        changed.append(flat)
    }

    /// Calls `body` with (object index, property slot, flat number) of each
    /// property to read now, in ascending order, and forgets the changes
    /// told so far (a change told while `body` runs is read at the next look).
    func forEachPropertyToRead(_ body: (_ index: Int, _ slot: Int, _ flat: Int) -> Void) {
        var pending: [Int] = []
        if !changed.isEmpty {
            pending = changed
            pending.sort()
            for flat in changed { isChanged[flat] = false }
            changed.removeAll(keepingCapacity: true)
        }
        var entry = 0
        for flat in MergedAscending(alwaysRead, pending) {
            // Within one object the entry stays; across objects, a binary search.
            if flat >= offsets[entry + 1] || flat < offsets[entry] { entry = self.entry(holding: flat) }
            body(entry, flat - offsets[entry], flat)
        }
    }

    /// The object whose properties include the flat number `flat`.
    private func entry(holding flat: Int) -> Int {
        // The last offset not above `flat`, skipping objects without properties.
        var low = 0
        var high = offsets.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if offsets[middle] <= flat { low = middle } else { high = middle }
        }
        return low
    }

    /// Stops listening: the objects no longer tell the watch anything.
    func disconnect() {
        for connection in connections { connection.disconnect() }
        connections = []
    }
}

/// Two ascending sequences of distinct numbers, merged in ascending order.
private struct MergedAscending: Sequence, IteratorProtocol {
    private let first: [Int]
    private let second: [Int]
    private var i = 0
    private var j = 0

    init(_ first: [Int], _ second: [Int]) {
        self.first = first
        self.second = second
    }

    mutating func next() -> Int? {
        if i < first.count, j < second.count {
            if first[i] <= second[j] {
                defer { i += 1 }
                if first[i] == second[j] { j += 1 }
                return first[i]
            }
            defer { j += 1 }
            return second[j]
        }
        if i < first.count {
            defer { i += 1 }
            return first[i]
        }
        if j < second.count {
            defer { j += 1 }
            return second[j]
        }
        return nil
    }
}
