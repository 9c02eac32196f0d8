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
        package let comparison: Comparison
        /// Where the key is written.
        package let span: SourceSpan
    }

    /// How a value is compared: equal as `expect:` compares (see
    /// ``SceneCore/SceneValue/matches(_:tolerance:)``), not equal, or within
    /// a range of numbers or durations.
    package enum Comparison {
        /// `path: value`.
        case equal(SceneValue)
        /// `path: { not: value }`.
        case notEqual(SceneValue)
        /// `path: { min: a, max: b }`, either bound optional, both inclusive.
        case range(min: SceneValue?, max: SceneValue?)

        /// Whether `actual` satisfies the comparison.
        package func holds(for actual: SceneValue) -> Bool {
            switch self {
            case .equal(let expected): return actual.matches(expected)
            case .notEqual(let unwanted): return !actual.matches(unwanted)
            case .range(let low, let high):
                guard let value = Self.number(actual) else { return false }
                // The same tolerance as equality: a bound that `expect` would match is within.
                if let low = low.flatMap(Self.number), value < low - 1e-6 { return false }
                if let high = high.flatMap(Self.number), value > high + 1e-6 { return false }
                return true
            }
        }

        /// The comparison as the transcript shows it after the path:
        /// `== false`, `!= ""`, `in 0...1`, `>= 0`, `<= 1`.
        package var text: String {
            switch self {
            case .equal(let value): "== \(value)"
            case .notEqual(let value): "!= \(value)"
            case .range(let low?, let high?): "in \(low)...\(high)"
            case .range(let low?, nil): ">= \(low)"
            case .range(nil, let high?): "<= \(high)"
            case .range(nil, nil): "is any value"
            }
        }

        /// What the value should have been, for a failure's detail line:
        /// `false`, `not ""`, `0...1`, `>= 0`.
        package var expectedText: String {
            switch self {
            case .equal(let value): "\(value)"
            case .notEqual(let value): "not \(value)"
            case .range(let low?, let high?): "\(low)...\(high)"
            case .range: text
            }
        }

        /// A number, a Double or a duration in seconds; nil for anything else.
        static func number(_ value: SceneValue) -> Double? {
            switch value {
            case .int(let int): Double(int)
            case .double(let double): double.isNaN ? nil : double
            case .duration(let duration): duration.seconds
            default: nil
            }
        }
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
