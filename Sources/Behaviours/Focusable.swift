/// Something that takes the keyboard focus, one at a time among its
/// peers: a text field. What a form moves from field to field.
///
///     if field.canBecomeFocused { field.becomeFocused() }
///     field.isFocused   // true
///     field.resignFocus()
///
/// Who implements it: the scene's headless `TextField`; in UIKit, a
/// `UITextField` (`becomeFirstResponder()`, `resignFirstResponder()`,
/// `isFirstResponder`, `canBecomeFirstResponder`).
///
/// The contract: ``becomeFocused()`` focuses it, unfocusing the peer that
/// had the focus, and returns whether it is focused; it does nothing and
/// returns false when ``canBecomeFocused`` is false (a disabled or hidden
/// field), and returns true at once when it is focused already.
/// ``resignFocus()`` unfocuses it, and does nothing when it is not focused.
public protocol Focusable: AnyObject {
    /// Whether it has the focus now.
    var isFocused: Bool { get }
    /// Whether it can take the focus now: enabled and visible.
    var canBecomeFocused: Bool { get }

    /// Takes the focus; returns whether it has it.
    ///
    ///     if password.becomeFocused() { print("type the password") }
    @discardableResult
    func becomeFocused() -> Bool

    /// Gives up the focus.
    ///
    ///     username.resignFocus()
    func resignFocus()
}
