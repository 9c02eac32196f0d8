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
final class InvariantMonitor {
    private let invariants: [Invariant]
    private let declaration: SceneDeclaration
    /// The invariants that read each flat property number (the recorder's
    /// numbering: object after object, each one's properties in order).
    private var readers: [Int: [Int]] = [:]
    /// The invariants that read an outlet: evaluated at every look.
    private var alwaysChecked: [Int] = []
    /// The invariants to evaluate at the next look, ascending once sorted.
    private var pending: [Int] = []
    private var isPending: [Bool]
    /// Whether each expectation of each invariant is broken now.
    private var broken: [[Bool]]

    /// A monitor of `declaration`'s invariants on `scene`; nil when it has none.
    init?(_ declaration: SceneDeclaration, scene: Scene) {
        guard !declaration.invariants.isEmpty else { return nil }
        self.declaration = declaration
        invariants = declaration.invariants
        isPending = Array(repeating: true, count: invariants.count)
        pending = Array(invariants.indices)
        broken = invariants.map { Array(repeating: false, count: $0.checks.count) }
        var offsets: [Int] = []
        var total = 0
        for entry in scene.entries {
            offsets.append(total)
            total += entry.type.properties.count
        }
        for (index, invariant) in invariants.enumerated() {
            var readsOutlet = false
            for check in invariant.conditions + invariant.checks {
                guard check.target < scene.entries.count else { continue }
                let properties = scene.entries[check.target].type.properties
                guard let slot = properties.firstIndex(where: { $0.name == check.member }) else {
                    readsOutlet = true
                    continue
                }
                let flat = offsets[check.target] + slot
                if readers[flat]?.last != index { readers[flat, default: []].append(index) }
            }
            if readsOutlet { alwaysChecked.append(index) }
        }
    }

    /// The property numbered `flat` changed: the invariants reading it are
    /// evaluated at the next look.
    func noteChange(of flat: Int) {
        guard let indices = readers[flat] else { return }
        for index in indices where !isPending[index] {
            isPending[index] = true
            pending.append(index)
        }
    }

    /// Evaluates the invariants that may have changed, calling `report`
    /// with each expectation that broke since the last look, in the order
    /// the invariants and their expectations are written.
    func check(_ scene: Scene, report: (Invariant, Invariant.Check, SceneValue) -> Void) {
        for index in alwaysChecked where !isPending[index] {
            isPending[index] = true
            pending.append(index)
        }
        guard !pending.isEmpty else { return }
        pending.sort()
        let due = pending
        pending.removeAll(keepingCapacity: true)
        for index in due {
            isPending[index] = false
            let invariant = invariants[index]
            let read = { (check: Invariant.Check) in self.value(of: check, in: scene) }
            guard invariant.applies(read) else {
                for slot in broken[index].indices { broken[index][slot] = false }
                continue
            }
            for (slot, check) in invariant.checks.enumerated() {
                let actual = read(check)
                let holds = check.comparison.holds(for: actual)
                if !holds && !broken[index][slot] { report(invariant, check, actual) }
                broken[index][slot] = !holds
            }
        }
    }

    private func value(of check: Invariant.Check, in scene: Scene) -> SceneValue {
        guard check.target < declaration.objects.count else { return .null }
        return scene.value(of: declaration.objects[check.target].id, check.member) ?? .null
    }
}
