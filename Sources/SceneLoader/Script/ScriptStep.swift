import SceneCore
import SceneYAML

/// One step of a scene's `script:`, checked against the scene at load time.
///
/// Object references are indices into ``SceneDeclaration/objects`` (the
/// same order as ``Scene/entries``).
public struct ScriptStep {
    /// What the step does.
    public enum Kind {
        /// `wait: 2s`: advance the clock by a duration.
        case wait(Duration)
        /// `at: 10s`: advance the clock to an absolute time.
        case at(Duration)
        /// `expect: { id.member: value, ... }`: compare current values.
        case expect([Expectation])
        /// `call: id.action` or `call: { id.action: argument }`.
        case call(target: Int, action: ActionDescription, argument: SceneValue?)
        /// `set: { id.property: value, ... }`.
        case set([Assignment])
        /// `note: text`, printed in the transcript.
        case note(String)
        /// An input verb declared by the target's type: `tap: button`,
        /// `slide: { volume: 0.8 }`.
        case input(target: Int, input: InputDescription, argument: SceneValue?)
    }

    /// One `id.member: value` of an `expect`.
    public struct Expectation {
        /// The object's index.
        public let target: Int
        /// The property or outlet compared.
        public let member: String
        /// `id.member` as written.
        public let path: String
        /// The value it must have (an outlet: the id it holds, or null).
        public let expected: SceneValue
        /// Where the key is written.
        public let span: SourceSpan
    }

    /// One `id.property: value` of a `set`.
    public struct Assignment {
        /// The object's index.
        public let target: Int
        /// The property set.
        public let property: PropertyDescription
        /// `id.property` as written.
        public let path: String
        /// The value set.
        public let value: SceneValue
    }

    /// What the step does.
    public let kind: Kind
    /// The verb as written (`wait`, `expect`, `tap`, ...).
    public let verb: String
    /// Where the step is written.
    public let span: SourceSpan
}
