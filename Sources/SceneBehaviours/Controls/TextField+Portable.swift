import Behaviours
import SceneCore

/// A headless text field is what the portable form behaviours focus and
/// follow: ``TextField/focused`` and the scene's focus, and its editing
/// events.
extension TextField: Focusable {
    /// ``focused``, by the name the portable protocols give it.
    ///
    ///     field.isFocused   // the same as field.focused
    public final var isFocused: Bool { focused }

    /// ``View/acceptsInput``: enabled and visible.
    ///
    ///     field.canBecomeFocused   // false while the field is disabled
    public final var canBecomeFocused: Bool { acceptsInput }
}

extension TextField: TextEditing {
    /// Connects `handler` to ``editingBegan``, ``editingChanged``,
    /// ``editingEnded`` and ``returnKeyPressed``, each as its event.
    ///
    ///     let connection = field.connectEditing { print($0) }
    @discardableResult
    public func connectEditing(_ handler: @escaping (TextEditingEvent) -> Void) -> BehaviourConnection {
        let connection = SceneConnection(combining: [
            editingBegan.connect { handler(.began) },
            editingChanged.connect { handler(.changed) },
            editingEnded.connect { handler(.ended) },
            returnKeyPressed.connect { handler(.returned) },
        ])
        return BehaviourConnection { connection.disconnect() }
    }
}

/// A headless text field shows rejected input with ``TextField/invalidInput``
/// (and plays its `shakeAnimation`): what a portable form marks.
extension TextField: InvalidInputMarking {}
