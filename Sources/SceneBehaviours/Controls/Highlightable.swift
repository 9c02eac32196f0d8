import Behaviours
import SceneCore

/// A view drawn highlighted while the user works with it: a ``Button``
/// while it is pressed, a ``TextField`` while it is focused.
///
/// Who implements it: ``Button`` and ``TextField``, which also declare the
/// `Highlightable` conformance in their ``TypeDescription``s, so that an
/// outlet requiring it (`HighlightBehaviour.view`) takes either and
/// rejects, when the scene loads, a view that is never highlighted.
///
/// Who calls it: behaviours that draw the highlight, such as
/// ``HighlightBehaviour``, which connects when its outlet is set and
/// disconnects when the outlet changes:
///
///     connection?.disconnect()
///     connection = field.connectHighlight { [weak self] highlighted in
///         self?.highlightDidChange(highlighted)
///     }
///
/// The contract: the handler is called, in order, each time
/// ``isHighlighted`` changes, after it changed, until the connection is
/// disconnected. The view's events hold the handler, so a handler that
/// refers to its owner captures it weakly.
///
/// It refines the portable ``Behaviours/HighlightReporting``, whose
/// requirement it implements for every conformer on ``connectHighlight(_:)``,
/// and ``Behaviours/BackgroundColorable``, which every ``View`` is.
public protocol Highlightable: View, HighlightReporting, BackgroundColorable {
    /// Whether the view is highlighted now.
    var isHighlighted: Bool { get }

    /// Calls `handler` with the new value each time ``isHighlighted``
    /// changes from now on, until the returned connection is disconnected.
    @discardableResult
    func connectHighlight(_ handler: @escaping (Bool) -> Void) -> SceneConnection
}

extension Highlightable {
    /// ``connectHighlight(_:)``, as the portable behaviours connect.
    ///
    ///     let connection = button.connectHighlightChanges { print($0) }
    @discardableResult
    public func connectHighlightChanges(_ handler: @escaping (Bool) -> Void) -> BehaviourConnection {
        let connection = connectHighlight(handler)
        return BehaviourConnection { connection.disconnect() }
    }
}

extension Button: Highlightable {
    /// Reports a press (highlighted) and its release or cancel (not
    /// highlighted), through the button's ``View/interaction``.
    @discardableResult
    public func connectHighlight(_ handler: @escaping (Bool) -> Void) -> SceneConnection {
        interaction.connect { phase in
            handler(phase == .began)
        }
    }
}

extension TextField: Highlightable {
    /// ``focused``: true while the field is the scene's first responder.
    public var isHighlighted: Bool { focused }

    /// Reports `editingBegan` (highlighted) and `editingEnded` (not
    /// highlighted).
    @discardableResult
    public func connectHighlight(_ handler: @escaping (Bool) -> Void) -> SceneConnection {
        SceneConnection(combining: [
            editingBegan.connect { handler(true) },
            editingEnded.connect { handler(false) },
        ])
    }
}
