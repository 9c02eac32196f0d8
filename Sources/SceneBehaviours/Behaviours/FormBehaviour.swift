import Behaviours
import SceneCore

/// The portable `FormBehaviour` in a scene: its fields are views (the
/// ``TextField``s among them take the focus and are followed for their
/// return key), its rules ``FieldRule``s; a scene does not wire
/// `returnKey`.
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
/// With `rules`, each rule shows or hides its error label as it is
/// checked, and after the first check each rule checks again as its
/// field's text changes (see ``FieldRule``).
extension FormBehaviour: SceneObject, PropertyNotifying {
    /// Registers `FormBehaviour`, or, called on a subclass that describes
    /// itself (``FormVariant``), the subclass: the `fields` collection,
    /// `next`, `rules`, `shake`, `submit`, `validate`, `cancel`,
    /// `submitted`, `cancelled` and `invalid`.
    package static func sceneDescription() -> TypeDescription {
        if let variant = self as? any FormVariant.Type { return variant.variantDescription() }
        return formDescription()
    }

    /// The description of the plain form, the base of its variants'.
    package static func formDescription() -> TypeDescription {
        TypeDescription(
            "FormBehaviour",
            summary: "Moves the focus between fields with return; checks its rules, submits and cancels.",
            make: { FormBehaviour() }
        ) { type in
            type.outletCollection(
                "fields", get: { WeakList<View>(objects: $0.fields.objects) },
                set: { $0.fields = WeakList(objects: $1.objects) },
                doc: "The fields in order; return on one goes to the next, on the last submits.")
            type.action(
                "next", doc: "Focuses the next field that can be focused, wrapping round; ignored when none can be."
            ) { $0.next() }
            type.outletCollection(
                "rules", get: { WeakList<FieldRule>(objects: $0.rules.objects) },
                set: { $0.rules = WeakList(objects: $1.objects) },
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
            type.event("submitted", \.submitted, doc: "The form was submitted.")
            type.event("cancelled", \.cancelled, doc: "The form was cancelled.")
            type.event("invalid", \.invalid, doc: "A submit found a rule failing; it was not submitted.")
        }
    }
}

/// A subclass of ``FormBehaviour`` registered under a name of its own
/// (``AuthFormBehaviour``): `sceneDescription()` called on it gives
/// its ``variantDescription()``, whose base is ``FormBehaviour/formDescription()``.
package protocol FormVariant: FormBehaviour {
    /// The subclass's description.
    static func variantDescription() -> TypeDescription
}
