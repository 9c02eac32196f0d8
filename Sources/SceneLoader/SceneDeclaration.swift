import SceneCore
import SceneYAML

/// A scene file after validation: every object with its type, resolved
/// property values, outlet targets and event connections, ready to be
/// instantiated. Produced by ``SceneLoader/validate(_:)``.
public struct SceneDeclaration {
    /// One object of the file.
    public struct Object {
        /// Its id.
        public let id: String
        /// Where its id is written.
        public let span: SourceSpan
        /// Its registered type.
        public let type: TypeDescription
        /// Properties set in the file, in written order.
        public internal(set) var properties: [(property: PropertyDescription, value: SceneValue)] = []
        /// Outlets connected in the file, with the indices of their targets in ``SceneDeclaration/objects``.
        public internal(set) var outlets: [(outlet: OutletDescription, targets: [Int])] = []
        /// `on:` connections: an event of this object to an action of the object at `target`.
        public internal(set) var connections: [(event: EventDescription, target: Int, action: ActionDescription)] = []
    }

    /// The `scene:` title.
    public internal(set) var title: String?
    /// The `description:`.
    public internal(set) var summary: String?
    /// Every object, in declaration order.
    public internal(set) var objects: [Object] = []
    /// The `script:` steps as written, for the script engine.
    public internal(set) var script: YAMLSequence?
    /// Index of each object by id.
    public internal(set) var indexByID: [String: Int] = [:]
}
