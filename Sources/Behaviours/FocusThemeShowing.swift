/// Something that shows which activity a ``FocusTimer`` is in: a
/// background whose colour is the theme (in a scene, #E44F72 for work and
/// #52A57B for breaks).
///
///     background.showFocusTheme(of: .shortBreak)   // the break colour
///
/// The contract: after ``showFocusTheme(of:)`` it shows the theme of that
/// activity until the next call; the timer calls it at every refresh, with
/// the same activity as often as not.
public protocol FocusThemeShowing: AnyObject {
    /// Shows the theme of `activity`.
    func showFocusTheme(of activity: FocusTimer.Activity)
}
