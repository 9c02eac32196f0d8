import Behaviours
import SceneCore

/// A headless single-line text field.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types TextField`.
///
/// At most one field of a scene is focused (see ``FocusCoordinator``), and
/// only a field that is enabled and visible can become focused; disabling
/// a focused field unfocuses it. A touch that ends on the field focuses it,
/// so `focus` is a tap (interaction began and ended), even on the focused
/// field. `type` focuses the field if needed, then appends, and is ignored
/// when there is nothing to do (no text, already focused); `clear` empties
/// it and is ignored when it is empty; `returnKey` needs the focus. A
/// disabled or invisible field ignores all four inputs. Setting
/// `text` from a scene or code sends no event of the field's own, but
/// `textChanged` tells every change of `text` to who follows it. Setting `invalidInput` to
/// true plays the `shakeAnimation` every time, even when it was already
/// true; setting it to false stops nothing. The field is ``Highlightable``
/// (while focused).
open class TextField: View {
    /// The text entered; its observers (`textChanged`) hear each change,
    /// whether typed, set by a scene or by code.
    public final var text = "" {
        didSet { propertyDidChange(\.text, from: oldValue, to: text) }
    }
    /// The hint shown while `text` is empty.
    public final var placeholder = "" {
        didSet { propertyDidChange(\.placeholder, from: oldValue, to: placeholder) }
    }
    /// Whether the text is hidden as it is typed (a password).
    public final var secure = false {
        didSet { propertyDidChange(\.secure, from: oldValue, to: secure) }
    }
    /// Whether the field takes input; disabling it unfocuses it.
    public var enabled = true {
        didSet {
            if !enabled { resignFocus() }
            propertyDidChange(\.enabled, from: oldValue, to: enabled)
        }
    }
    /// Whether the text was rejected (for example by a login form).
    /// Setting it to true plays ``shakeAnimation``, each time.
    public final var invalidInput = false {
        didSet {
            if invalidInput { shakeAnimation?.play() }
            propertyDidChange(\.invalidInput, from: oldValue, to: invalidInput)
        }
    }
    /// The font of the text and placeholder: 17 points, regular, by default.
    public final var font = Font.system {
        didSet { propertyDidChange(\.font, from: oldValue, to: font) }
    }
    /// Where the text sits across the field: `natural` (the left) by default.
    public final var textAlignment = TextAlignmentStyle.natural {
        didSet { propertyDidChange(\.textAlignment, from: oldValue, to: textAlignment) }
    }
    /// The shake that ``invalidInput`` plays; weak, as every outlet.
    public final weak var shakeAnimation: ShakeAnimation?
    /// Whether the field is the scene's first responder.
    public final private(set) var focused = false {
        didSet { propertyDidChange(\.focused, from: oldValue, to: focused) }
    }

    /// The coordinator that keeps one field focused; see ``FocusCoordinator``.
    /// A field has one of its own until it joins another (as every field of
    /// a scene joins the first one's when it wakes).
    ///
    /// Changing it moves the field's focus, if any, to the new coordinator.
    package var focusCoordinator: FocusCoordinator {
        get {
            if let coordinator = ownCoordinator { return coordinator }
            let coordinator = FocusCoordinator()
            ownCoordinator = coordinator
            return coordinator
        }
        set {
            let old = ownCoordinator
            ownCoordinator = newValue
            guard focused, let old, old !== newValue else { return }
            old.fieldDidResign(self)
            newValue.fieldWillFocus(self)
        }
    }
    /// Made when first asked for, so that the fields of a scene, which share
    /// one, do not each make and drop their own.
    private var ownCoordinator: FocusCoordinator?

    /// Sent when the field becomes focused (`editingBegan`).
    public final private(set) lazy var editingBegan = SceneEvent<Void>()
    /// Sent when an input changes the text (`editingChanged`).
    public final private(set) lazy var editingChanged = SceneEvent<Void>()
    /// Sent when the field stops being focused (`editingEnded`).
    public final private(set) lazy var editingEnded = SceneEvent<Void>()
    /// Sent when the return key is pressed on the focused field (`returnKey`).
    public final private(set) lazy var returnKeyPressed = SceneEvent<Void>()

    /// A field with the defaults above.
    override public init() {}

    /// Joins the scene's focus coordinator: the one of the first text field
    /// declared in `scene`.
    override open func awake(in scene: Scene) {
        super.awake(in: scene)
        // Looked for once per scene: a scan per field would cost O(n²).
        let shared = scene.shared(by: TextField.self) {
            scene.entries.lazy.compactMap { $0.object as? TextField }.first?.focusCoordinator ?? focusCoordinator
        }
        if ownCoordinator !== shared { focusCoordinator = shared }
    }

    /// Disabled, or refused as any view refuses a touch.
    override open var inputRefusal: String? { enabled ? super.inputRefusal : "it is disabled" }

    /// Focuses the field: a touch that ends on it.
    override open func didEndTouch() {
        becomeFocused()
    }

    // MARK: Focus

    /// Makes the field the focused one, as code does (no touch is reported).
    ///
    /// Any other focused field is unfocused first (and sends its
    /// `editingEnded`), then this one sends `editingBegan`. Returns false,
    /// and nothing happens, when the field is disabled or not visible; true
    /// when it is already focused.
    ///
    ///     password.becomeFocused()   // username, focused, sends editingEnded first
    @discardableResult
    public func becomeFocused() -> Bool {
        if focused { return true }
        guard acceptsInput else { return false }
        focusCoordinator.fieldWillFocus(self)
        // An `editingEnded` handler of the field unfocused meanwhile may have focused this one.
        if focused { return true }
        focused = true
        editingBegan.send()
        return true
    }

    /// Unfocuses the field and sends `editingEnded`, as code does; nothing
    /// when it is not focused.
    ///
    ///     field.resignFocus()   // editingEnded
    public func resignFocus() {
        guard focused else { return }
        focused = false
        focusCoordinator.fieldDidResign(self)
        editingEnded.send()
    }

    // MARK: Inputs

    /// Taps the field, which focuses it (the `focus` input).
    @discardableResult
    public func focus() -> ActionOutcome {
        tap()
    }

    /// Types `text` at the end (the `type` input), focusing the field first
    /// if it is not; sends `editingChanged` when `text` is not empty.
    /// Ignored when the field refuses input, and when `text` is empty and
    /// the field is already focused (nothing would change).
    @discardableResult
    public func type(_ text: String) -> ActionOutcome {
        if let refusal = inputRefusal { return .ignored(because: refusal) }
        let wasFocused = focused
        if !focused {
            let focusing = focus()
            guard focusing == .handled else { return focusing }
            guard focused else { return .ignored(because: "it could not take the focus") }
        }
        if text.isEmpty {
            return wasFocused ? .ignored(because: "there is no text to type and it is already focused") : .handled
        }
        self.text += text
        editingChanged.send()
        return .handled
    }

    /// Empties the field (the `clear` input) and sends `editingChanged`;
    /// ignored when the field refuses input or is already empty.
    @discardableResult
    public func clear() -> ActionOutcome {
        if let refusal = inputRefusal { return .ignored(because: refusal) }
        guard !text.isEmpty else { return .ignored(because: "it is already empty") }
        text = ""
        editingChanged.send()
        return .handled
    }

    /// Presses the return key (the `returnKey` input): sends `returnKey`.
    ///
    /// Ignored unless the field is focused.
    @discardableResult
    public func returnKey() -> ActionOutcome {
        if let refusal = inputRefusal { return .ignored(because: refusal) }
        guard focused else { return .ignored(because: "it is not focused") }
        returnKeyPressed.send()
        return .handled
    }

    // MARK: Registration

    /// Registers `TextField` as a `View` with its text keys, font and
    /// alignment, `focused`, the
    /// editing inputs and events.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "TextField", summary: "A single-line text field; one field per scene is focused.",
            base: View.sceneDescription(), make: { TextField() }
        ) { type in
            type.property("text", \.text, changeEvent: true, doc: "The text entered.")
            type.property(
                "placeholder", \.placeholder, changeEvent: true, doc: "The hint shown while the text is empty.")
            type.property("secure", \.secure, changeEvent: true, doc: "Whether the text is hidden (a password).")
            type.property("enabled", \.enabled, changeEvent: true, doc: "Whether the field takes input.")
            type.property(
                "invalidInput", \.invalidInput, changeEvent: true,
                doc: "Whether the text was rejected; setting it to true plays the shake, each time.")
            type.property("font", \.font, changeEvent: true, doc: "The font of the text: {size, weight}.")
            type.property(
                "textAlignment", \.textAlignment, changeEvent: true,
                doc: "Where the text sits: left, center, right, natural (left) or justified (left).")
            type.outlet(
                "shakeAnimation", get: { $0.shakeAnimation }, set: { $0.shakeAnimation = $1 },
                doc: "The shake that invalidInput: true plays.")
            type.readOnly("focused", \.focused, doc: "Whether the field is the scene's first responder.")
            type.input("focus", doc: "Taps the field, which focuses it.") { $0.focus() }
            type.input("type", String.self, doc: "Focuses the field if needed, then appends the text.") {
                $0.type($1)
            }
            type.input("clear", doc: "Empties the field.") { $0.clear() }
            type.input("returnKey", doc: "Presses the return key on the focused field.") { $0.returnKey() }
            type.event("editingBegan", connect: { $0.editingBegan.connect($1) }, doc: "The field became focused.")
            type.event("editingChanged", connect: { $0.editingChanged.connect($1) }, doc: "An input changed the text.")
            type.event(
                "editingEnded", connect: { $0.editingEnded.connect($1) }, doc: "The field stopped being focused.")
            type.event(
                "returnKey", connect: { $0.returnKeyPressed.connect($1) },
                doc: "Return was pressed on the focused field.")
        }
    }
}
