/// Keeps at most one text field focused (the first responder) among the
/// fields that share it.
///
/// A scene has one: every ``TextField`` starts with a coordinator of its
/// own and, in `awake(in:)`, adopts the coordinator of the first text field
/// declared in the scene, so all the fields of a scene end up sharing it.
/// Code that builds fields without a scene shares one by assigning it:
///
///     let focus = FocusCoordinator()
///     username.focusCoordinator = focus
///     password.focusCoordinator = focus
///
/// It holds the focused field weakly; the fields hold it strongly.
package final class FocusCoordinator {
    /// The focused field, if any.
    package private(set) weak var focusedField: TextField?

    /// A coordinator with no focused field.
    package init() {}

    /// Unfocuses the focused field, if any; it sends `editingEnded`.
    package func endEditing() {
        focusedField?.resignFocus()
    }

    /// Makes `field` the focused one, unfocusing any other first.
    func fieldWillFocus(_ field: TextField) {
        // An `editingEnded` handler may focus yet another field: it loses too.
        while let current = focusedField, current !== field {
            current.resignFocus()
            if focusedField === current { focusedField = nil }
        }
        focusedField = field
    }

    /// Forgets `field` if it is the focused one.
    func fieldDidResign(_ field: TextField) {
        if focusedField === field { focusedField = nil }
    }
}
