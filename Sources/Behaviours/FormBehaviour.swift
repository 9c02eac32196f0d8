/// A form: moves the focus from field to field, and submits or cancels.
///
///     let form = FormBehaviour()
///     form.fields = WeakList([username, password])
///     form.submitted.connect { print("submitted") }
///     username.becomeFocused()
///     // return on username: password is focused; return on password: submitted
///
/// The contract:
/// - ``next()`` moves the focus from the focused field to the next one in
///   ``fields`` that can be focused (a ``Focusable`` that
///   ``Focusable/canBecomeFocused``), wrapping from the last to the first
///   and skipping the others. It is ignored, and does nothing, when there
///   are fewer than two fields, when no field of the form is focused, or
///   when no other field can be focused.
/// - The form handles the return key of its fields itself (as the text
///   fields' delegate would), through ``TextEditing``: return on a field
///   that is not the last of ``fields`` goes ``next()``; return on the last
///   one submits.
/// - ``submit()`` sends ``submitted``; ``cancel()`` sends ``cancelled``;
///   both are always taken when the form has no ``rules``. Subclasses
///   (a login form) override ``submit()`` (which may then be ignored, and
///   says why) and ``cancel()``.
/// - With ``rules``, ``submit()`` first checks every rule (``validate()``):
///   each field of a failing rule is marked
///   ``InvalidInputMarking/invalidInput`` and each field whose rules all
///   pass is unmarked. When a rule fails, ``shake`` plays, ``invalid`` is
///   sent, and the submit is ignored (because "N rules failed (their
///   messages)"): no ``submitted``.
///
/// It follows the return key of each field from the moment ``fields`` is
/// set; it needs no clock.
open class FormBehaviour: ReportsChanges {
    /// Where changes are told (see ``ReportsChanges``); a plain form reports none.
    public let changeReports = ChangeReports()

    /// The fields, in order; weakly held. Those that are ``Focusable`` take
    /// the focus, those that are ``TextEditing`` are followed for their
    /// return key. Setting the list stops following the old fields.
    ///
    ///     form.fields = WeakList([username, password])
    public final var fields = WeakList<AnyObject>() {
        didSet { followFields() }
    }

    /// The rules checked on submit, in order; weakly held.
    ///
    ///     form.rules = WeakList([passwordLength])
    public final var rules = WeakList<any FieldValidating>()

    /// Played when a submit finds a rule failing, besides the failing
    /// fields' own; weakly held.
    ///
    ///     form.shake = formShake
    public final weak var shake: ShakeAnimation?

    /// Sent when a submit finds a rule failing, instead of ``submitted``.
    ///
    ///     form.invalid.connect { print("check the fields") }
    public let invalid = BehaviourEvent<Void>()

    /// Sent when the form is submitted.
    ///
    ///     form.submitted.connect { print("submitted") }
    public let submitted = BehaviourEvent<Void>()

    /// Sent when the form is cancelled.
    ///
    ///     form.cancelled.connect { print("cancelled") }
    public let cancelled = BehaviourEvent<Void>()

    /// The connections to the return key of each field of ``fields``.
    private var fieldConnections: [BehaviourConnection] = []

    /// A form with no fields.
    ///
    ///     let form = FormBehaviour()
    public init() {}

    /// The field of the form that is focused, if any.
    ///
    ///     form.focusedField === password
    public final var focusedField: (any Focusable)? {
        for case let field as any Focusable in fields.elements where field.isFocused { return field }
        return nil
    }

    /// Moves the focus to the next field that can be focused, wrapping
    /// round; ignored, and why, when the focus did not move (see the
    /// type's contract).
    ///
    ///     form.next()
    @discardableResult
    public final func next() -> ActionOutcome {
        guard Set(fields.objects.map(ObjectIdentifier.init)).count >= 2 else {
            return .ignored(because: "it has fewer than two fields")
        }
        guard focusedField != nil else { return .ignored(because: "none of its fields is focused") }
        guard focusNextField() != nil else { return .ignored(because: "no other field can take the focus") }
        return .handled
    }

    /// Moves the focus to the next field that can be focused, wrapping
    /// round, as ``next()`` does; returns the field focused, or `nil` when
    /// the focus did not move.
    ///
    ///     let focused = form.focusNextField()
    @discardableResult
    public final func focusNextField() -> (any Focusable)? {
        let list = fields.elements
        guard list.count >= 2, let current = focusedField,
            let start = list.firstIndex(where: { $0 === current })
        else { return nil }
        var index = start
        repeat {
            index = (index + 1) % list.count
            if let field = list[index] as? any Focusable, field !== current, field.canBecomeFocused,
                field.becomeFocused(), field.isFocused
            {
                return field
            }
        } while index != start
        return nil
    }

    /// Submits the form: checks the rules, then sends ``submitted``;
    /// ignored, and why, when a rule fails (see the type's contract). An
    /// override may refuse it too (a form already busy).
    ///
    ///     form.submit()
    @discardableResult
    open func submit() -> ActionOutcome {
        if let failed = validate() { return .ignored(because: failed) }
        submitted.send()
        return .handled
    }

    /// Checks every rule: marks the fields of failing rules
    /// ``InvalidInputMarking/invalidInput`` and unmarks the others; when
    /// one fails, plays ``shake`` and sends ``invalid``. Returns why the
    /// form is invalid (`2 rules failed (...)`), or `nil` when every rule
    /// passes (or there are none).
    ///
    ///     if let problem = form.validate() { print(problem) }
    @discardableResult
    public final func validate() -> String? {
        let list = rules.elements
        guard !list.isEmpty else { return nil }
        var messages: [String] = []
        var failingFields: Set<ObjectIdentifier> = []
        var checkedFields: [any InvalidInputMarking] = []
        for rule in list {
            let passed = rule.validate()
            guard let field = rule.checkedField else { continue }
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

    /// Cancels the form: sends ``cancelled``.
    ///
    ///     form.cancel()
    open func cancel() {
        cancelled.send()
    }

    /// What return on `field` does: ``next()``, or ``submit()`` on the last
    /// field.
    ///
    ///     form.returnKeyPressed(on: username)   // password is focused
    public final func returnKeyPressed(on field: AnyObject) {
        if fields.elements.last === field {
            submit()
        } else {
            focusNextField()
        }
    }

    private func followFields() {
        for connection in fieldConnections { connection.disconnect() }
        fieldConnections = []
        var followed: [ObjectIdentifier] = []
        for case let field as any TextEditing in fields.elements where !followed.contains(ObjectIdentifier(field)) {
            followed.append(ObjectIdentifier(field))
            fieldConnections.append(
                field.connectEditing { [weak self, weak field] event in
                    guard event == .returned, let self, let field else { return }
                    self.returnKeyPressed(on: field)
                })
        }
    }
}
