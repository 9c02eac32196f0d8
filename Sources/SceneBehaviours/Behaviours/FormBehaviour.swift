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
///   always taken here. Subclasses such as ``AuthFormBehaviour`` override
///   ``submit()`` (which may then be ignored, and says why) and ``cancel()``.
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

    /// Submits the form (the `submit` action): sends `submitted`. Always
    /// taken here; an override may refuse it (a form already busy).
    @discardableResult
    open func submit() -> ActionOutcome {
        submitted.send()
        return .handled
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
            "FormBehaviour", summary: "Moves the focus between fields with return; submits and cancels.",
            make: { FormBehaviour() }
        ) { type in
            type.outletCollection(
                "fields", get: { $0.fields }, set: { $0.fields = $1 },
                doc: "The fields in order; return on one goes to the next, on the last submits.")
            type.action(
                "next", doc: "Focuses the next field that can be focused, wrapping round; ignored when none can be."
            ) { $0.next() }
            type.action("submit", doc: "Submits the form.") { $0.submit() }
            type.action("cancel", doc: "Cancels the form.") { $0.cancel() }
            type.event("submitted", connect: { $0.submitted.connect($1) }, doc: "The form was submitted.")
            type.event("cancelled", connect: { $0.cancelled.connect($1) }, doc: "The form was cancelled.")
        }
    }
}
