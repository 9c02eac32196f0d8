/// Something that can be marked as holding rejected input: a text field,
/// which then shows it (and plays its shake).
///
///     field.invalidInput = true    // the field shows the mark, and shakes
///
/// Who implements it: the scene's headless `TextField`; in UIKit, a text
/// field of the app's own (the seed's `FormTextField`).
///
/// The contract: setting ``invalidInput`` to true shows the mark, each
/// time; setting it to false takes it away.
public protocol InvalidInputMarking: AnyObject {
    /// Whether the field shows its input as rejected.
    var invalidInput: Bool { get set }
}

/// One rule a form checks on submit: what one of its fields must hold.
/// What a ``FormBehaviour``'s ``FormBehaviour/rules`` are.
///
///     final class Required: FieldValidating {
///         weak var field: (any TextEditing & InvalidInputMarking)?
///         private(set) var error: String?
///         var checkedField: (any InvalidInputMarking)? { field }
///         func validate() -> Bool {
///             error = field?.text.isEmpty ?? true ? "Required" : nil
///             return error == nil
///         }
///     }
///
/// Who implements it: the scene's `FieldRule`, and an app's own rules.
///
/// The contract: ``validate()`` checks the field now, shows what it shows
/// (an error label), and returns whether the rule passed; ``error`` is
/// then the message of the failed check, `nil` when it passed. The form
/// marks ``checkedField``.
public protocol FieldValidating: AnyObject {
    /// The field the rule checks, which a failing check marks.
    var checkedField: (any InvalidInputMarking)? { get }
    /// The message of the last failed check; `nil` when it passed.
    var error: String? { get }

    /// Checks the field now; returns whether the rule passed.
    ///
    ///     if !rule.validate() { print(rule.error ?? "") }
    @discardableResult
    func validate() -> Bool
}
