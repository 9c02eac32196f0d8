import Behaviours
import SceneCore

/// A headless button is what the portable behaviours title (a
/// `FocusTimer`'s `startButton`): its `title`.
extension Button: TitleShowing {}
