import SceneBehaviours
import SceneCore

/// A bench-local behaviour that names a set of views, registered next to
/// the built-in controls to show how an embedding program adds its own
/// type, and to give the generated scenes an outlet collection (the
/// built-in controls declare none).
///
///     var registry = SceneRegistry.standard
///     try registry.register(Group.sceneDescription())
final class Group: SceneObject {
    /// The views of the group; the scene owns them, so they are held weakly.
    var members = WeakList<View>()

    /// A group with no members.
    init() {}

    /// Does nothing: a group needs no set-up once wired.
    func awake(in scene: Scene) {}

    /// Hides every member (the `hideAll` action).
    func hideAll() {
        for view in members.elements { view.hide() }
    }

    /// Shows every member (the `showAll` action).
    func showAll() {
        for view in members.elements { view.show() }
    }

    /// Registers `Group`: the `members` collection and its two actions.
    static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Group", summary: "A named set of views (scene-bench).", wakes: false, make: Group.init
        ) { type in
            type.outletCollection(
                "members", \.members, doc: "The views of the group, in written order.")
            type.action("hideAll", doc: "Hides every member.") { $0.hideAll() }
            type.action("showAll", doc: "Shows every member.") { $0.showAll() }
        }
    }
}

extension SceneRegistry {
    /// The standard controls plus the bench's ``Group``.
    static func bench() throws(RegistrationError) -> SceneRegistry {
        var registry = SceneRegistry.standard
        try registry.register(Group.sceneDescription())
        return registry
    }
}
