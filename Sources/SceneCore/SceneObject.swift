/// An object a scene can declare: a control or a behaviour.
///
/// Conformers are classes created by their ``TypeDescription``'s factory.
/// The loader sets their properties, connects their outlets and events,
/// then calls ``awake(in:)`` once, after everything the object refers to
/// has been wired (dependencies first). A type with nothing to do then
/// leaves `awake(in:)` out: the default does nothing (register such a type
/// with `wakes: false` and the loader does not even call it). A class
/// hierarchy whose subclasses wake declares `awake(in:)` in its root class,
/// so that a subclass's `override` is the one called: a method only a
/// subclass declares does not replace the default.
///
/// Its metatype may be used from any thread (`SendableMetatype`): the
/// registry's descriptions, which are `Sendable`, cast to the type.
public protocol SceneObject: AnyObject, SendableMetatype {
    /// Called once when the whole scene is wired.
    func awake(in scene: Scene)
}

extension SceneObject {
    /// Does nothing: the default for a type that needs nothing of the
    /// wired scene.
    public func awake(in scene: Scene) {}
}
