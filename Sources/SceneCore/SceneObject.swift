/// An object a scene can declare: a control or a behaviour.
///
/// Conformers are classes created by their ``TypeDescription``'s factory.
/// The loader sets their properties, connects their outlets and events,
/// then calls ``awake(in:)`` once, after everything the object refers to
/// has been wired (dependencies first). There is no default implementation
/// on purpose: a class hierarchy must declare `awake` in its root class so
/// that subclasses can override it.
///
/// Its metatype may be used from any thread (`SendableMetatype`): the
/// registry's descriptions, which are `Sendable`, cast to the type.
public protocol SceneObject: AnyObject, SendableMetatype {
    /// Called once when the whole scene is wired.
    func awake(in scene: Scene)
}
