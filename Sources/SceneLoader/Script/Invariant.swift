import SceneCore
import SceneYAML

/// One entry of a scene's `invariants:`: expectations that must hold after
/// every script step, input, timer firing and event, checked by `run`.
///
///     invariants:
///       - { spinner.animating: false }
///       - when: { timer.running: true }
///         expect: { controls.hidden: false }
///       - { label.text: { not: "" }, volume.value: { min: 0, max: 1 } }
///
/// Object references are indices into ``SceneDeclaration/objects``, as in
/// ``ScriptStep``.
package struct Invariant {
    /// The keys of an invariant written in full; any other key makes the
    /// entry the short form, a mapping of `id.member: value`.
    package static let keys = ["expect", "when", "name", "doc"]

    /// One `id.member: value` an invariant reads, in `expect:` or `when:`.
    package struct Check {
        /// The object's index.
        package let target: Int
        /// The property or outlet read.
        package let member: String
        /// `id.member` as written.
        package let path: String
        /// What its value must be.
        package let comparison: ExpectedValue
        /// Where the key is written.
        package let span: SourceSpan
    }

    /// Its `name:`, if any.
    package let name: String?
    /// Its `when:`: the invariant applies only while all of these hold.
    package let conditions: [Check]
    /// Its expectations: each must hold whenever the conditions do.
    package let checks: [Check]
    /// Where the entry is written.
    package let span: SourceSpan

    /// Whether every condition holds for the values `value` reads.
    package func applies(_ value: (Check) -> SceneValue) -> Bool {
        conditions.allSatisfy { $0.comparison.holds(for: value($0)) }
    }
}
