/// Something drawn highlighted while the user works with it, that reports
/// each change of its highlight: a button while it is pressed, a text
/// field while it is focused. What a ``HighlightBehaviour`` follows.
///
///     let connection = loginButton.connectHighlightChanges { highlighted in print(highlighted) }
///     connection.disconnect()
///
/// Who implements it: the scene's headless `Button` (pressed) and
/// `TextField` (focused); in UIKit (BehavioursUIKit), a `UIControl`
/// (`isHighlighted`, tracking) and a `UITextField` (editing).
///
/// The contract: the handler is called, in order, each time
/// ``isHighlighted`` changes, after it changed, with its new value, until
/// the connection is disconnected. The object holds the handler, so a
/// handler that refers to its owner captures it weakly.
public protocol HighlightReporting: AnyObject {
    /// Whether it is highlighted now.
    var isHighlighted: Bool { get }

    /// Calls `handler` with the new value each time ``isHighlighted``
    /// changes from now on, until the returned connection is disconnected.
    ///
    ///     let connection = field.connectHighlightChanges { [weak self] in self?.highlightDidChange($0) }
    @discardableResult
    func connectHighlightChanges(_ handler: @escaping (Bool) -> Void) -> BehaviourConnection
}
