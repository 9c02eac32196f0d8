import SceneCore
import SceneLoader

/// Checks a scene's ``Invariant``s for the ``TranscriptRecorder`` at every
/// point where the scene is at rest: after every step and every timer
/// firing, once every event they sent was delivered (never in the middle
/// of a delivery, where a behaviour may have changed its state and not yet
/// told its listeners). Only the
/// invariants that read a property the look found changed are evaluated,
/// and those that read an outlet (which tells no changes) every time; at
/// the start, all of them.
///
/// A broken expectation is reported once, when it breaks: it is reported
/// again only if it held again in between (or its `when:` stopped applying).
final class InvariantListener {
    private let layout: Layout
    /// The invariants to evaluate at the next look, ascending once sorted.
    private var pending: [Int] = []
    private var isPending: [Bool]
    /// Whether each expectation of each invariant is broken now.
    private var broken: [[Bool]]

    /// What a monitor of one declaration's invariants needs that does not
    /// depend on the scene's objects: worked out once for a declaration,
    /// and shared by every run made of it (the explorer's).
    struct Layout {
        let invariants: [Invariant]
        /// The invariants that read each flat property number (the recorder's
        /// numbering: object after object, each one's properties in order).
        let readers: [Int: [Int]]
        /// ``readers`` by flat number, for every property of the scene.
        let readersByFlat: [[Int]]
        /// The invariants that read an outlet: evaluated at every look.
        let alwaysChecked: [Int]
        /// For each invariant, the flat number of the property each
        /// condition reads, `nil` for an outlet (or a member the type does
        /// not have).
        let conditionFlats: [[Int?]]
        /// For each invariant, the flat number of the property each
        /// expectation reads.
        let checkFlats: [[Int?]]

        /// The layout of `declaration`'s invariants; nil when it has none.
        init?(_ declaration: SceneDeclaration) {
            guard !declaration.invariants.isEmpty else { return nil }
            invariants = declaration.invariants
            var offsets: [Int] = []
            var total = 0
            for object in declaration.objects {
                offsets.append(total)
                total += object.type.properties.count
            }
            let objects = declaration.objects
            // A property the recorder does not read (a solved frame) is read
            // from the scene at every look, as an outlet is.
            func slot(of check: Invariant.Check) -> Int? {
                objects[check.target].type.properties.firstIndex(where: { $0.name == check.member && $0.isRecorded })
            }
            var readers: [Int: [Int]] = [:]
            var alwaysChecked: [Int] = []
            for (index, invariant) in invariants.enumerated() {
                var readsOutlet = false
                for check in invariant.conditions + invariant.checks where check.target < objects.count {
                    guard let slot = slot(of: check) else {
                        readsOutlet = true
                        continue
                    }
                    let flat = offsets[check.target] + slot
                    if readers[flat]?.last != index { readers[flat, default: []].append(index) }
                }
                if readsOutlet { alwaysChecked.append(index) }
            }
            self.readers = readers
            var readersByFlat = Array(repeating: [Int](), count: total)
            for (flat, indices) in readers where flat < total { readersByFlat[flat] = indices }
            self.readersByFlat = readersByFlat
            self.alwaysChecked = alwaysChecked
            // The property `Scene.value(of:_:)` reads, resolved once.
            func flat(_ check: Invariant.Check) -> Int? {
                guard check.target < objects.count,
                    case .property(let property) = objects[check.target].type.members[check.member],
                    property.isRecorded,
                    let slot = objects[check.target].type.properties.firstIndex(where: { $0 === property })
                else { return nil }
                return offsets[check.target] + slot
            }
            conditionFlats = invariants.map { $0.conditions.map(flat) }
            checkFlats = invariants.map { $0.checks.map(flat) }
        }
    }

    /// A monitor of `declaration`'s invariants on `scene`; nil when it has none.
    convenience init?(_ declaration: SceneDeclaration, scene: Scene) {
        guard let layout = Layout(declaration) else { return nil }
        self.init(layout)
    }

    /// A monitor of the invariants `layout` describes.
    init(_ layout: Layout) {
        self.layout = layout
        isPending = Array(repeating: true, count: layout.invariants.count)
        pending = Array(layout.invariants.indices)
        broken = layout.invariants.map { Array(repeating: false, count: $0.checks.count) }
    }

    /// The property numbered `flat` changed: the invariants reading it are
    /// evaluated at the next look.
    func noteChange(of flat: Int) {
        guard flat < layout.readersByFlat.count else { return }
        for index in layout.readersByFlat[flat] where !isPending[index] {
            isPending[index] = true
            pending.append(index)
        }
    }

    /// Evaluates the invariants that may have changed, calling `report`
    /// with each expectation that broke since the last look, in the order
    /// the invariants and their expectations are written. A property's
    /// value is the one the recorder's look just read, `values` by flat
    /// number (what the transcript says it is: every property read is
    /// current after a look, see ``PropertyChangeListener``); an outlet's is read
    /// from `scene`.
    func check(_ scene: Scene, values: [SceneValue?], report: (Invariant, Invariant.Check, SceneValue) -> Void) {
        for index in layout.alwaysChecked where !isPending[index] {
            isPending[index] = true
            pending.append(index)
        }
        guard !pending.isEmpty else { return }
        pending.sort()
        let due = pending
        pending.removeAll(keepingCapacity: true)
        for index in due {
            isPending[index] = false
            let invariant = layout.invariants[index]
            guard applies(index, in: scene, values) else {
                for slot in broken[index].indices { broken[index][slot] = false }
                continue
            }
            let flats = layout.checkFlats[index]
            for (slot, check) in invariant.checks.enumerated() {
                let actual = value(of: check, flats[slot], in: scene, values)
                let holds = check.comparison.holds(for: actual)
                if !holds && !broken[index][slot] { report(invariant, check, actual) }
                broken[index][slot] = !holds
            }
        }
    }

    /// Whether every condition of the invariant at `index` holds (as
    /// ``Invariant/applies(_:)`` says, reading through the layout).
    private func applies(_ index: Int, in scene: Scene, _ values: [SceneValue?]) -> Bool {
        let flats = layout.conditionFlats[index]
        for (slot, condition) in layout.invariants[index].conditions.enumerated()
        where !condition.comparison.holds(for: value(of: condition, flats[slot], in: scene, values)) {
            return false
        }
        return true
    }

    /// The value `check` reads: the property numbered `flat` in
    /// `values`, or for an outlet, read by its name.
    private func value(of check: Invariant.Check, _ flat: Int?, in scene: Scene, _ values: [SceneValue?]) -> SceneValue
    {
        if let flat, flat < values.count { return values[flat] ?? .null }
        guard check.target < scene.entries.count else { return .null }
        return scene.value(of: scene.entries[check.target].id, check.member) ?? .null
    }
}
