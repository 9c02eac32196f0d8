import SceneCore

/// Which of a scene's declared properties the recorder reads at each point
/// where it looks for changes: a property that reports its changes (one
/// declared with a key path on a ``PropertyNotifying`` object, see
/// ``TypeBuilder``) only after it reported one; a property that cannot
/// (declared with closures, or on an object that does not notify: a user's
/// type), every time. Every property of the standard types reports. A type
/// is planned once, from its first object: objects of one registered type
/// are of one class.
///
/// The properties are numbered flat, object after object in declaration
/// order and each object's in declared order, so that reading them in
/// ascending number gives the transcript its order, and a value that
/// changes and changes back before the recorder looks is no change. The
/// cost of a look is the properties that changed plus those that cannot
/// report, not every property of every object.
final class PropertyChangeListener {
    /// Where each object's properties start in the flat numbering; one
    /// more element than objects, the last being the total.
    private let offsets: [Int]
    /// The properties read at every look, ascending: those that cannot
    /// report their changes.
    private let alwaysRead: [Int]
    /// The properties that told a change since the last look, each once.
    private var changed: [Int] = []
    /// The properties that follow the clock now: read at every look.
    private var followingClock: Set<Int> = []
    private var isChanged: [Bool]
    private var connections: [SceneConnection] = []

    /// How many properties the scene declares, all objects together.
    var propertyCount: Int { offsets[offsets.count - 1] }

    /// How many properties are read at every look (those that cannot report
    /// their changes).
    var alwaysReadCount: Int { alwaysRead.count }

    /// Listens to `scene`'s objects, for every declared property.
    convenience init(_ scene: Scene) {
        self.init(scene, layout: Layout(scene.entries.map(\.type)))
    }

    /// Listens to `scene`'s objects, for the properties `layout` watches:
    /// a layout is worked out once for the types of a declaration, and
    /// serves every scene made of it.
    init(_ scene: Scene, layout: Layout) {
        offsets = layout.offsets
        isChanged = Array(repeating: false, count: layout.offsets[layout.offsets.count - 1])
        var alwaysRead: [Int] = []
        var watched: [(object: any PropertyNotifying, base: Int, slots: KeySlots)] = []
        // Sized once: growing them would hold the old and the new copy at once.
        watched.reserveCapacity(scene.entries.count)
        connections.reserveCapacity(2 * scene.entries.count)
        for (index, entry) in scene.entries.enumerated() where index < layout.objects.count {
            let base = offsets[index]
            let plan = layout.objects[index]
            guard let notifying = entry.object as? any PropertyNotifying else {
                alwaysRead.append(contentsOf: plan.watchedSlots.lazy.map { base + $0 })
                continue
            }
            alwaysRead.append(contentsOf: plan.unreportedSlots.lazy.map { base + $0 })
            if !plan.reportingSlots.isEmpty { watched.append((notifying, base, plan.keySlots)) }
        }
        self.alwaysRead = alwaysRead
        for (object, base, slots) in watched {
            for key in object.propertyObservers?.keysFollowingClock ?? [] {
                if let slot = slots.slot(of: key) { followingClock.insert(base + slot) }
            }
            connections += object.watchAll(
                { [weak self] key in
                    if let slot = slots.slot(of: key) { self?.noteChange(of: base + slot) }
                },
                clock: { [weak self] key, follows in
                    guard let self, let slot = slots.slot(of: key) else { return }
                    if follows {
                        self.followingClock.insert(base + slot)
                    } else {
                        self.followingClock.remove(base + slot)
                    }
                    // The value it stopped at is read at the next look.
                    self.noteChange(of: base + slot)
                })
        }
    }

    /// Which properties of each object of a declaration are watched, and
    /// how: what does not depend on the objects themselves, so that a
    /// driver that makes a declaration's scene again and again (the
    /// explorer) works it out once.
    struct Layout {
        /// Where each object's properties start in the flat numbering; one
        /// more element than objects.
        let offsets: [Int]
        /// Each object's plan, in declaration order.
        let objects: [Plan]

        /// The layout of objects of `types`, watching every property, or
        /// only those whose flat number `isWatched` (the rest are never read).
        init(_ types: [TypeDescription], watching isWatched: ((Int) -> Bool)? = nil) {
            var offsets = [0]
            offsets.reserveCapacity(types.count + 1)
            for type in types { offsets.append(offsets[offsets.count - 1] + type.properties.count) }
            self.offsets = offsets
            var plans: [ObjectIdentifier: Plan] = [:]
            var objects: [Plan] = []
            objects.reserveCapacity(types.count)
            for (index, type) in types.enumerated() {
                let key = ObjectIdentifier(type)
                let plan = plans[key] ?? Plan(type)
                plans[key] = plan
                if let isWatched {
                    objects.append(plan.keeping { isWatched(offsets[index] + $0) })
                } else {
                    objects.append(plan)
                }
            }
            self.objects = objects
        }
    }

    /// Which properties of one type report their changes, by key path, and
    /// which cannot, as slots in the type's ``TypeDescription/properties``.
    struct Plan {
        private(set) var reportingSlots: [AnyKeyPath: Int] = [:]
        private(set) var unreportedSlots: [Int] = []
        /// Every slot watched, ascending: what an object that does not
        /// notify has read at every look.
        private(set) var watchedSlots: [Int] = []
        /// ``reportingSlots``, looked up as the objects report.
        private(set) var keySlots = KeySlots([:])

        init(_ type: TypeDescription) {
            for (slot, property) in type.properties.enumerated() where property.isRecorded {
                if let key = property.changeKey {
                    reportingSlots[key] = slot
                } else {
                    unreportedSlots.append(slot)
                }
                watchedSlots.append(slot)
            }
            keySlots = KeySlots(reportingSlots)
        }

        /// This plan with only the slots `isKept` keeps.
        func keeping(_ isKept: (Int) -> Bool) -> Plan {
            var plan = self
            plan.reportingSlots = reportingSlots.filter { isKept($0.value) }
            plan.unreportedSlots = unreportedSlots.filter(isKept)
            plan.watchedSlots = watchedSlots.filter(isKept)
            plan.keySlots = KeySlots(plan.reportingSlots)
            return plan
        }
    }

    /// The slots of one type's reporting properties by key path, looked
    /// up for every change an object reports. An object reports with the
    /// key path its `didSet` writes, which Swift makes once and hands out
    /// again and again: after the first report by one key path object,
    /// its slot is found by the object's identity, without hashing the key
    /// path (each key path seen is kept, so that its identity cannot pass
    /// to another object; at most ``maxRemembered`` of them).
    final class KeySlots {
        private let slots: [AnyKeyPath: Int]
        private var remembered: [ObjectIdentifier: (key: AnyKeyPath, slot: Int?)] = [:]
        /// How many key path objects are remembered at most.
        static let maxRemembered = 256

        init(_ slots: [AnyKeyPath: Int]) {
            self.slots = slots
        }

        /// The slot of the property at `key`; `nil` when it is not one of them.
        func slot(of key: AnyKeyPath) -> Int? {
            let identity = ObjectIdentifier(key)
            if let known = remembered[identity] { return known.slot }
            let slot = slots[key]
            if remembered.count < Self.maxRemembered { remembered[identity] = (key, slot) }
            return slot
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
        // Nothing told, nothing following the clock, nothing read always: nothing to read.
        if changed.isEmpty && followingClock.isEmpty && alwaysRead.isEmpty { return }
        var pending: [Int] = []
        for flat in followingClock where !isChanged[flat] { noteChange(of: flat) }
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
