// Re-exported on purpose: the behaviours this module registers are the
// portable library's types (TimeoutController, FormBehaviour, Player, ...),
// and a program that imports SceneBehaviours names them as it did before
// they moved, without importing Behaviours as well.
@_exported import Behaviours
