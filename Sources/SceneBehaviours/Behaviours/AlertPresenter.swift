import SceneCore

/// Presents an error alert, titled "Error" with one button, "Close", as a
/// view controller would.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types AlertPresenter`.
///
///     let alert = AlertPresenter()
///     alert.present(message: "Invalid password")
///     // presented, title "Error", message "Invalid password", button "Close"
///     alert.dismiss()   // the Close button
///
/// The contract:
/// - ``present(message:)`` shows an alert titled "Error" with the message
///   and a "Close" button; presenting while one is shown replaces its
///   message (one alert at a time, the latest).
/// - `dismiss` (the Close button, or code) takes it away: `presented` is
///   false and `title`, `message` and `buttonTitle` are empty. The
///   `dismiss` input is ignored when nothing is presented.
package final class AlertPresenter: SceneObject, PropertyNotifying {
    /// Who follows its properties (see ``PropertyNotifying``); `nil` until someone does.
    package var propertyObservers: PropertyObservers?

    /// The title of every alert.
    package static let errorTitle = "Error"
    /// The title of its one button.
    package static let closeTitle = "Close"

    /// Whether an alert is shown.
    package private(set) var isPresented = false {
        didSet { propertyDidChange(\.isPresented, from: oldValue, to: isPresented) }
    }
    /// The alert's title; empty when none is shown.
    package private(set) var title = "" {
        didSet { propertyDidChange(\.title, from: oldValue, to: title) }
    }
    /// The alert's message; empty when none is shown.
    package private(set) var message = "" {
        didSet { propertyDidChange(\.message, from: oldValue, to: message) }
    }
    /// The alert's button; empty when none is shown.
    package private(set) var buttonTitle = "" {
        didSet { propertyDidChange(\.buttonTitle, from: oldValue, to: buttonTitle) }
    }

    /// A presenter showing nothing.
    package init() {}

    /// Does nothing: the presenter needs neither a clock nor other objects.
    package func awake(in scene: Scene) {}

    /// Shows an error alert with `message`, replacing one shown.
    package func present(message: String) {
        isPresented = true
        title = Self.errorTitle
        self.message = message
        buttonTitle = Self.closeTitle
    }

    /// Takes the alert away (the `dismiss` action and input); ignored when
    /// none is shown.
    @discardableResult
    package func dismiss() -> ActionOutcome {
        guard isPresented else { return .ignored(because: "no alert is presented") }
        isPresented = false
        title = ""
        message = ""
        buttonTitle = ""
        return .handled
    }

    // MARK: Registration

    /// Registers `AlertPresenter`: its read-only state and `dismiss`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "AlertPresenter", summary: "Presents an error alert (\"Error\", button \"Close\"); dismiss closes it.",
            make: { AlertPresenter() }
        ) { type in
            type.readOnly("presented", \.isPresented, doc: "Whether an alert is shown.")
            type.readOnly("title", \.title, doc: "The alert's title, \"Error\"; empty when none is shown.")
            type.readOnly("message", \.message, doc: "The alert's message; empty when none is shown.")
            type.readOnly("buttonTitle", \.buttonTitle, doc: "The alert's button, \"Close\"; empty when none is shown.")
            type.action("dismiss", doc: "Takes the alert away.") { $0.dismiss() }
            type.input("dismiss", doc: "Taps the alert's Close button.") { $0.dismiss() }
        }
    }
}
