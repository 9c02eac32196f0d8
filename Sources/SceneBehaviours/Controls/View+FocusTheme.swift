import Behaviours
import SceneCore

/// A headless view is what a portable `FocusTimer` shows its theme on (its
/// `background`): its background colour, #E44F72 for work and #52A57B for
/// breaks.
extension View: FocusThemeShowing {
    /// Sets ``backgroundColor`` to the activity's theme colour.
    ///
    ///     background.showFocusTheme(of: .work)   // #E44F72
    public func showFocusTheme(of activity: FocusTimer.Activity) {
        backgroundColor = activity.isBreak ? FocusTimer.breakColor : FocusTimer.workColor
    }
}
