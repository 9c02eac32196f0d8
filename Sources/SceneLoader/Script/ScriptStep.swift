import SceneCore
import SceneYAML

/// One step of a scene's `script:`, checked against the scene at load time.
///
/// Object references are indices into ``SceneDeclaration/objects`` (the
/// same order as ``Scene/entries``).
package struct ScriptStep {
    /// What the step does.
    package enum Kind {
        /// `wait: 2s`: advance the clock by a duration.
        case wait(Duration)
        /// `at: 10s`: advance the clock to an absolute time.
        case at(Duration)
        /// `expect: { id.member: value, ... }`: compare current values
        /// (`{ not: value }` and `{ min: a, max: b }` as invariants do).
        case expect([Expectation])
        /// `call: id.action` or `call: { id.action: argument }`.
        case call(target: Int, action: ActionDescription, argument: SceneValue?)
        /// `set: { id.property: value, ... }`.
        case set([Assignment])
        /// `note: text`, printed in the transcript.
        case note(String)
        /// `snapshot: name`: compare the scene's picture now with the
        /// reference picture kept under that name.
        case snapshot(name: String)
        /// An input verb declared by the target's type: `tap: button`,
        /// `slide: { volume: 0.8 }`.
        case input(target: Int, input: ActionDescription, argument: SceneValue?)
    }

    /// One `id.member: value` of an `expect`.
    package struct Expectation {
        /// The object's index.
        package let target: Int
        /// The property or outlet compared.
        package let member: String
        /// `id.member` as written.
        package let path: String
        /// What its value must be: equal to a value (an outlet: the id it
        /// holds, or null), not equal to one, or within a range.
        package let expected: ExpectedValue
        /// Where the key is written.
        package let span: SourceSpan
    }

    /// One `id.property: value` of a `set`.
    package struct Assignment {
        /// The object's index.
        package let target: Int
        /// The property set.
        package let property: PropertyDescription
        /// `id.property` as written.
        package let path: String
        /// The value set.
        package let value: SceneValue
    }

    /// What the step does.
    package let kind: Kind
    /// The verb as written (`wait`, `expect`, `tap`, ...).
    package let verb: String
    /// Where the step is written.
    package let span: SourceSpan
}

extension ScriptStep {
    /// The longest name a `snapshot:` step may give.
    package static let maxSnapshotNameLength = 100

    /// Whether `name` may name a snapshot: 1 to ``maxSnapshotNameLength``
    /// ASCII letters, digits, `-` and `_`, starting with a letter or digit,
    /// so that `NAME.svg` is the same file name on every system and
    /// `NAME.new.svg` can never be another snapshot's reference.
    package static func isSnapshotName(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, scalars.count <= maxSnapshotNameLength, first != "-", first != "_" else {
            return false
        }
        return scalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
            default: false
            }
        }
    }
}
