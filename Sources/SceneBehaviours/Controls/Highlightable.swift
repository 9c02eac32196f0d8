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
/// ``HighlightBehaviour``, which adds one observer when its outlet is set:
///
///     field.addHighlightObserver { [weak self] highlighted in
///         self?.highlightDidChange(highlighted)
///     }
///
/// The contract: the observer is called, in order, each time
/// ``isHighlighted`` changes, after it changed; there is no way to remove
/// it, so an observer that refers to its owner captures it weakly and
/// checks that it still observes this view.
public protocol Highlightable: View {
    /// Whether the view is highlighted now.
    var isHighlighted: Bool { get }

    /// Calls `observer` with the new value each time ``isHighlighted``
    /// changes from now on.
    func addHighlightObserver(_ observer: @escaping (Bool) -> Void)
}

extension Button: Highlightable {
    /// ``highlighted``: true while the button is pressed.
    public var isHighlighted: Bool { highlighted }

    /// Reports a press (highlighted) and its release or cancel (not
    /// highlighted), through the button's interaction observers.
    public func addHighlightObserver(_ observer: @escaping (Bool) -> Void) {
        addInteractionObserver { phase in
            observer(phase == .began)
        }
    }
}

extension TextField: Highlightable {
    /// ``focused``: true while the field is the scene's first responder.
    public var isHighlighted: Bool { focused }

    /// Reports `editingBegan` (highlighted) and `editingEnded` (not
    /// highlighted).
    public func addHighlightObserver(_ observer: @escaping (Bool) -> Void) {
        editingBegan.connect { observer(true) }
        editingEnded.connect { observer(false) }
    }
}
