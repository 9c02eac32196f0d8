/// What happens to a text field as the user edits it.
///
///     field.connectEditing { event in if event == .returned { form.next() } }
public enum TextEditingEvent: Sendable, Hashable {
    /// It took the focus: editing began.
    case began
    /// The user changed its text.
    case changed
    /// It lost the focus: editing ended.
    case ended
    /// The user pressed the return key while editing.
    case returned
}

/// A text the user edits, that reports each step of its editing: a text
/// field. What a form follows, and what its rules read.
///
///     let connection = username.connectEditing { event in print(event, username.text) }
///     connection.disconnect()
///
/// Who implements it: the scene's headless `TextField`; in UIKit, a
/// `UITextField` (its `.editingDidBegin`, `.editingChanged`,
/// `.editingDidEnd` and `.editingDidEndOnExit` events).
///
/// The contract: the handler is called, in order, with each
/// ``TextEditingEvent`` from now on, after the change it tells of
/// (``TextEditingEvent/changed`` after ``text`` holds the new text), until
/// the connection is disconnected. Setting ``text`` from code reports
/// nothing, as in UIKit. The object holds the handler, so a handler that
/// refers to its owner captures it weakly.
public protocol TextEditing: AnyObject {
    /// The text.
    var text: String { get set }

    /// Calls `handler` with each editing event from now on, until the
    /// returned connection is disconnected.
    ///
    ///     let connection = field.connectEditing { [weak self] in if $0 == .changed { self?.check() } }
    @discardableResult
    func connectEditing(_ handler: @escaping (TextEditingEvent) -> Void) -> BehaviourConnection
}
