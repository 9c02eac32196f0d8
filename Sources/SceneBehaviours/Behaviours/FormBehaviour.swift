import Behaviours
import SceneCore

/// A form: moves the focus from field to field, and submits or cancels.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types FormBehaviour`.
///
///     let form = FormBehaviour()
///     form.fields = WeakList([username, password])
///     form.submitted.connect { print("submitted") }
///     username.focus()
///     username.returnKey()   // password is focused
///     password.returnKey()   // submitted
///
/// The contract:
/// - `next` moves the focus from the focused field to the next one in
///   `fields` that can be focused (a ``TextField`` that is enabled and
///   visible), wrapping from the last to the first and skipping the others.
///   It is ignored, and does nothing, when there are fewer than two fields,
///   when no field of the form is focused, or when no other field can be
///   focused.
/// - The form handles the return key of its text fields itself (as the
///   text fields' delegate would): return on a field that is not the last
///   of `fields` goes `next`; return on the last one submits. A scene does
///   not wire `returnKey`.
/// - `submit` sends `submitted`; `cancel` sends `cancelled`; both are
///   always taken here when the form has no `rules`. Subclasses such as
///   ``AuthFormBehaviour`` override ``submit()`` (which may then be
///   ignored, and says why) and ``cancel()``.
/// - With `rules` (``FieldRule``s), `submit` first checks every rule
///   (``validate()``): each rule shows or hides its error label; each
///   field of a failing rule is marked `invalidInput` (which plays its
///   `shakeAnimation`) and each field whose rules all pass is unmarked.
///   When a rule fails, the form's `shake` plays, `invalid` is sent, and
///   the submit is ignored (because "N rules failed (their messages)"):
///   no `submitted`. When all pass, `submitted` is sent as above. After
///   that first check each rule checks again as its field's text changes.
///
/// It observes the return key of each field from the moment `fields` is
/// set; it needs no clock.
open class FormBehaviour: SceneObject, PropertyNotifying {
    /// Who follows its properties (see ``PropertyNotifying``); `nil` until someone does.
    public final var propertyObservers: PropertyObservers?

    /// The fields, in order; weakly held. Setting the list stops following
    /// the return key of the old fields and follows the new ones'.
    public final var fields = WeakList<View>() {
        didSet { observeFields() }
    }

    /// The rules checked on submit, in order; weakly held.
    public final var rules = WeakList<FieldRule>()

    /// Played when a submit finds a rule failing (`shake`), besides the
    /// failing fields' own; weakly held.
    public final weak var shake: ShakeAnimation?

    /// Sent when a submit finds a rule failing (`invalid`), instead of `submitted`.
    public final private(set) lazy var invalid = SceneEvent<Void>()

    /// Sent when the form is submitted (`submitted`).
    public final private(set) lazy var submitted = SceneEvent<Void>()
    /// Sent when the form is cancelled (`cancelled`).
    public final private(set) lazy var cancelled = SceneEvent<Void>()

    /// The connections to the return key of each text field of ``fields``.
    private var fieldConnections: [SceneConnection] = []

    /// A form with no fields.
    public init() {}

    /// Does nothing; subclasses that need the wired scene override it.
    open func awake(in scene: Scene) {}

    /// The field of the form that is focused, if any.
    public final var focusedField: TextField? {
        for case let field as TextField in fields.elements where field.focused { return field }
        return nil
    }

    /// Moves the focus to the next field that can be focused (the `next`
    /// action), wrapping round; ignored, and why, when the focus did not
    /// move (see the type's contract).
    @discardableResult
    public final func next() -> ActionOutcome {
        guard Set(fields.elements.map(ObjectIdentifier.init)).count >= 2 else {
            return .ignored(because: "it has fewer than two fields")
        }
        guard focusedField != nil else { return .ignored(because: "none of its fields is focused") }
        guard focusNextField() != nil else { return .ignored(because: "no other field can take the focus") }
        return .handled
    }

    /// Moves the focus to the next field that can be focused, wrapping
    /// round, as ``next()`` does; returns the field focused, or `nil` when
    /// the focus did not move.
    @discardableResult
    package final func focusNextField() -> TextField? {
        let list = fields.elements
        guard list.count >= 2, let current = focusedField,
            let start = list.firstIndex(where: { $0 === current })
        else { return nil }
        var index = start
        repeat {
            index = (index + 1) % list.count
            if let field = list[index] as? TextField, field !== current, field.acceptsInput,
                field.becomeFocused(), field.focused
            {
                return field
            }
        } while index != start
        return nil
    }

    /// Submits the form (the `submit` action): checks the rules, then
    /// sends `submitted`; ignored, and why, when a rule fails (see the
    /// type's contract). An override may refuse it too (a form already busy).
    @discardableResult
    open func submit() -> ActionOutcome {
        if let failed = validate() { return .ignored(because: failed) }
        submitted.send()
        return .handled
    }

    /// Checks every rule (the `validate` action): shows or hides their
    /// labels, marks the fields of failing rules `invalidInput` and unmarks
    /// the others; when one fails, plays `shake` and sends `invalid`.
    /// Returns why the form is invalid (`2 rules failed (...)`), or `nil`
    /// when every rule passes (or there are none).
    @discardableResult
    public final func validate() -> String? {
        let list = rules.elements
        guard !list.isEmpty else { return nil }
        var messages: [String] = []
        var failingFields: Set<ObjectIdentifier> = []
        var checkedFields: [TextField] = []
        for rule in list {
            let passed = rule.validate()
            guard let field = rule.field else { continue }
            if !checkedFields.contains(where: { $0 === field }) { checkedFields.append(field) }
            if !passed {
                failingFields.insert(ObjectIdentifier(field))
                messages.append(rule.error ?? "")
            }
        }
        for field in checkedFields { field.invalidInput = failingFields.contains(ObjectIdentifier(field)) }
        guard !messages.isEmpty else { return nil }
        shake?.play()
        invalid.send()
        let count = messages.count
        return "\(count) rule\(count == 1 ? "" : "s") failed (\(messages.joined(separator: "; ")))"
    }

    /// Cancels the form (the `cancel` action): sends `cancelled`.
    open func cancel() {
        cancelled.send()
    }

    /// What return on `field` does: `next`, or `submit` on the last field.
    package final func returnKeyPressed(on field: TextField) {
        if fields.elements.last === field {
            submit()
        } else {
            focusNextField()
        }
    }

    private func observeFields() {
        for connection in fieldConnections { connection.disconnect() }
        fieldConnections = []
        var observed: [ObjectIdentifier] = []
        for case let field as TextField in fields.elements where !observed.contains(ObjectIdentifier(field)) {
            observed.append(ObjectIdentifier(field))
            fieldConnections.append(
                field.returnKeyPressed.connect { [weak self, weak field] in
                    guard let self, let field else { return }
                    self.returnKeyPressed(on: field)
                })
        }
    }

    // MARK: Registration

    /// Registers `FormBehaviour`: the `fields` collection, `next`, `submit`,
    /// `cancel`, `submitted` and `cancelled`.
    ///
    /// Subclasses override it and pass `FormBehaviour.sceneDescription()` as
    /// their base.
    open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "FormBehaviour",
            summary: "Moves the focus between fields with return; checks its rules, submits and cancels.",
            make: { FormBehaviour() }
        ) { type in
            type.outletCollection(
                "fields", get: { $0.fields }, set: { $0.fields = $1 },
                doc: "The fields in order; return on one goes to the next, on the last submits.")
            type.action(
                "next", doc: "Focuses the next field that can be focused, wrapping round; ignored when none can be."
            ) { $0.next() }
            type.outletCollection(
                "rules", get: { $0.rules }, set: { $0.rules = $1 },
                doc: "FieldRules checked on submit; a failing one shows its label and stops the submit.")
            type.outlet(
                "shake", get: { $0.shake }, set: { $0.shake = $1 },
                doc: "Played when a submit finds a rule failing, besides the failing fields' own shakes.")
            type.action("submit", doc: "Checks the rules, then submits the form; ignored when a rule fails.") {
                $0.submit()
            }
            type.action("validate", doc: "Checks every rule and shows or hides their labels, without submitting.") {
                _ = $0.validate()
            }
            type.action("cancel", doc: "Cancels the form.") { $0.cancel() }
            type.event("submitted", connect: { $0.submitted.connect($1) }, doc: "The form was submitted.")
            type.event("cancelled", connect: { $0.cancelled.connect($1) }, doc: "The form was cancelled.")
            type.event(
                "invalid", connect: { $0.invalid.connect($1) },
                doc: "A submit found a rule failing; it was not submitted.")
        }
    }
}
