import SceneCore

/// What an `expect:` step or an invariant asks of a value: to equal a
/// value (as ``SceneCore/SceneValue/matches(_:tolerance:)`` compares), not
/// to equal one, or to lie within a range of numbers or durations.
///
///     expect: { volume.value: 0.5 }                 # .equal(0.5)
///     expect: { label.text: { not: "" } }           # .notEqual("")
///     expect: { volume.value: { min: 0, max: 1 } }  # .range(min: 0, max: 1)
public enum ExpectedValue: Sendable, Hashable, CustomStringConvertible {
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

    /// What the value should have been, as a failure's detail line says
    /// it: `false`, `not ""`, `0...1`, `>= 0`.
    public var description: String { expectedText }

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
