import Behaviours
import SceneCore

/// A headless label is what the portable behaviours show text in (a
/// `FocusTimer`'s `timeLabel`): its `text`.
extension Label: TextShowing {}
