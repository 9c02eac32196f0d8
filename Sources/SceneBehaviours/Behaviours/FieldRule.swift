import Behaviours
import SceneCore

/// What one text field of a form must hold, and the label that says so:
/// the rules a ``FormBehaviour`` checks on submit (its `rules`).
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types FieldRule`.
///
///     let rule = FieldRule()
///     rule.field = password
///     rule.errorLabel = passwordError
///     rule.required = true
///     rule.minimumLength = 8
///     rule.message = "At least 8 characters"
///     rule.validate()    // passwordError shows "At least 8 characters"
///
/// The contract:
/// - `validate` checks the field's text, in this order: `required` (an
///   empty text fails), then, when the text is not empty, `minimumLength`
///   (in characters), `pattern` (a regular expression that must be found
///   in the text: anchor it with `^` and `$` to match the whole text) and
///   `matches` (the text of another field, such as a password's). An
///   empty text that is not `required` passes.
/// - A failing rule sets `error` to `message` (or, when `message` is
///   empty, a message of its own for the first check that failed) and
///   shows the error label with it; a passing rule sets `error` to null,
///   hides the label and empties its text.
/// - Once checked, the rule checks again each time its field's text (or
///   the `matches` field's) changes, so that a message goes as soon as the
///   text is put right; a field that then passes loses its `invalidInput`
///   mark. These checks do not shake anything: only a submit does.
/// - A `pattern` that is not a regular expression, or longer than
///   ``maxPatternLength`` characters, fails the scene when it wakes (an
///   `object-failed` error at the rule), before any step runs.
public final class FieldRule: SceneObject, PropertyNotifying {
    /// Who follows its properties (see ``PropertyNotifying``); `nil` until someone does.
    public final var propertyObservers: PropertyObservers?

    /// The longest `pattern`, in characters.
    public static let maxPatternLength = 200

    /// The field checked; weakly held.
    public weak var field: TextField? {
        didSet { if armed { follow() } }
    }
    /// The label that shows the message while the rule fails; weakly held.
    public weak var errorLabel: Label?
    /// A field whose text this one's must equal (a repeated password); weakly held.
    public weak var matches: TextField? {
        didSet { if armed { follow() } }
    }
    /// Whether an empty text fails.
    public var required = false {
        didSet { propertyDidChange(\.required, from: oldValue, to: required) }
    }
    /// The fewest characters a text that is not empty has.
    public var minimumLength = 0 {
        didSet { propertyDidChange(\.minimumLength, from: oldValue, to: minimumLength) }
    }
    /// A regular expression the text must contain (empty: none).
    public var pattern = "" {
        didSet {
            compilePattern()
            propertyDidChange(\.pattern, from: oldValue, to: pattern)
        }
    }
    /// What the error label says while the rule fails; empty, the rule's
    /// own message for the check that failed.
    public var message = "" {
        didSet { propertyDidChange(\.message, from: oldValue, to: message) }
    }
    /// The message of the last check that failed; `nil` when the rule
    /// passed, or has not been checked.
    public private(set) var error: String? {
        didSet {
            propertyDidChange(\.error, from: oldValue, to: error)
            propertyMayHaveChanged(\.isValid)
        }
    }

    /// Whether the last check passed (true before the first).
    public var isValid: Bool { error == nil }

    /// The compiled `pattern`, or why it does not compile.
    private var compiled: Result<Regex<AnyRegexOutput>, PatternError>?
    /// Whether the rule has been checked, and so follows its fields' text.
    private var armed = false
    private var connections: [SceneConnection] = []
    private weak var scene: Scene?

    /// A rule that every text passes.
    public init() {}

    /// Reports a pattern that does not compile.
    public func awake(in scene: Scene) {
        self.scene = scene
        if let problem = patternProblem { scene.reportFailure(of: self, problem) }
    }

    /// Why `pattern` cannot be used, written for the scene author; `nil` when it can.
    public var patternProblem: String? {
        guard case .failure(let error) = compiled else { return nil }
        return error.message
    }

    /// Checks the field now (the `validate` action), shows or hides the
    /// error label, and from now on checks again as the text changes.
    /// Returns whether the rule passed.
    @discardableResult
    public func validate() -> Bool {
        if !armed {
            armed = true
            follow()
        }
        let failure = check(field?.text ?? "")
        error = failure
        if let errorLabel {
            errorLabel.text = failure ?? ""
            errorLabel.hidden = failure == nil
        }
        return failure == nil
    }

    /// The message `text` fails with, or `nil` when it passes.
    public func check(_ text: String) -> String? {
        if text.isEmpty { return required ? message(or: "Required") : nil }
        if text.count < minimumLength { return message(or: "At least \(minimumLength) characters") }
        if case .success(let regex) = compiled, !text.contains(regex) { return message(or: "Not in the expected form") }
        if let matches, matches !== field, text != matches.text { return message(or: "Does not match") }
        return nil
    }

    private func message(or own: String) -> String { message.isEmpty ? own : message }

    private func compilePattern() {
        guard !pattern.isEmpty else {
            compiled = nil
            return
        }
        let shown = VisibleText.line(String(pattern.prefix(40))) + (pattern.count > 40 ? "…" : "")
        guard pattern.count <= Self.maxPatternLength else {
            compiled = .failure(
                PatternError(
                    message:
                        "the pattern '\(shown)' is \(pattern.count) characters long, more than the \(Self.maxPatternLength) a rule takes; shorten it"
                ))
            return
        }
        do {
            compiled = .success(try Regex(pattern))
        } catch {
            compiled = .failure(
                PatternError(
                    message:
                        "the pattern '\(shown)' is not a regular expression: \(VisibleText.line(String(describing: error)))"
                ))
        }
        if armed, let problem = patternProblem, let scene { scene.reportFailure(of: self, problem) }
    }

    /// Follows the text of `field` and `matches`, checking again at each change.
    private func follow() {
        for connection in connections { connection.disconnect() }
        connections = []
        for followed in [field, matches] {
            guard let followed else { continue }
            connections.append(
                followed.editingChanged.connect { [weak self] in self?.recheck() })
        }
    }

    private func recheck() {
        if validate() { field?.invalidInput = false }
    }

    /// A pattern that cannot be used, and why.
    struct PatternError: Error {
        let message: String
    }

    // MARK: Registration

    /// Registers `FieldRule`: its field, label and checks, `error` and
    /// `valid`, and `validate`.
    public static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "FieldRule", summary: "What a form's text field must hold, and the label that says what is wrong.",
            make: { FieldRule() }
        ) { type in
            type.outlet(
                "field", get: { $0.field }, set: { $0.field = $1 }, required: true, doc: "The text field checked.")
            type.outlet(
                "errorLabel", get: { $0.errorLabel }, set: { $0.errorLabel = $1 },
                doc: "Shown with the message while the rule fails; hidden and emptied when it passes.")
            type.outlet(
                "matches", get: { $0.matches }, set: { $0.matches = $1 },
                doc: "A field whose text the field's must equal, such as the password a repeat repeats.")
            type.property(
                "required", \.required, changeEvent: true,
                doc: "Whether an empty text fails; an empty text that is not required passes.")
            type.property(
                "minimumLength", \.minimumLength, range: 0...10_000, changeEvent: true,
                doc: "The fewest characters a text that is not empty has.")
            type.property(
                "pattern", \.pattern, changeEvent: true,
                doc:
                    "A regular expression the text must contain, at most 200 characters (anchor it with ^ and $ for the whole text); one that does not compile fails the scene when it wakes."
            )
            type.property(
                "message", \.message, changeEvent: true,
                doc: "What the error label says while the rule fails; empty, a message for the check that failed.")
            type.readOnly("error", \.error, doc: "The message of the last failed check; null when it passed or before.")
            type.readOnly("valid", \.isValid, doc: "Whether the last check passed (true before the first).")
            type.action("validate", doc: "Checks the field now and shows or hides the error label.") {
                _ = $0.validate()
            }
        }
    }
}

/// A rule is what a portable form checks on submit (a `FormBehaviour`'s
/// `rules`): it marks its ``FieldRule/field``.
extension FieldRule: FieldValidating {
    /// ``field``, which the form marks when the rule fails.
    ///
    ///     rule.checkedField === rule.field
    public var checkedField: (any InvalidInputMarking)? { field }
}
