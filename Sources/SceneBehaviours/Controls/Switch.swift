import SceneCore

/// A headless on/off switch, as UIKit's `UISwitch`.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types Switch`.
///
/// A tap toggles it: the press and release are reported through
/// ``View/interaction``, then `isOn` flips and `valueChanged` is sent. A
/// touch that ends when the switch no longer takes input (hidden during
/// the touch) or that is cancelled changes nothing. ``setOn(_:)`` is a tap
/// that only happens when it would change the state:
///
///     let wifi = Switch()
///     wifi.tap()          // on, valueChanged
///     wifi.setOn(true)    // ignored: it is already on
///
/// An invisible switch ignores new touches.
open class Switch: View {
    /// Whether the switch is on: `isOn`, as UIKit names it (scene files
    /// keep `on:` for event wiring). Setting it sends no `valueChanged`
    /// (an input's event, as UIKit's); Swift observers of "isOn" hear
    /// every change.
    public final var isOn = false {
        didSet { propertyDidChange(\.isOn, from: oldValue, to: isOn) }
    }

    /// The track's colour when on (UIKit's `onTintColor`): system green,
    /// #34C759, by default.
    public final var tintColor = Switch.systemGreen {
        didSet { propertyDidChange(\.tintColor, from: oldValue, to: tintColor) }
    }

    /// UIKit's system green, #34C759: a switch's default on colour.
    public static let systemGreen = Color(red: 0x34, green: 0xC7, blue: 0x59)

    /// Sent when a tap has flipped the switch (`valueChanged`).
    public final private(set) lazy var valueChanged = SceneEvent<Void>()

    /// A switch that is off.
    override public init() {}

    /// Taps the switch if that turns it to `isOn` (the `setOn` input);
    /// ignored when it is already so, and when a new touch would be.
    @discardableResult
    public func setOn(_ isOn: Bool) -> ActionOutcome {
        guard self.isOn != isOn else { return .ignored(because: "it is already \(isOn ? "on" : "off")") }
        return tap()
    }

    /// Flips the switch and sends `valueChanged`, unless the switch stopped
    /// taking input during the touch.
    override open func didEndTouch() {
        guard acceptsInput else { return }
        isOn.toggle()
        valueChanged.send()
    }

    // MARK: Registration

    /// Registers `Switch` as a `View` with `isOn`, `tintColor`, the `setOn` input and
    /// `valueChanged` (its `tap` input, a `View`'s, toggles it).
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Switch", summary: "An on/off switch: a tap toggles it and sends valueChanged.",
            base: View.sceneDescription(), wakes: false, make: { Switch() }
        ) { type in
            // No change event for `isOn`: `valueChanged` is the input event
            // (as UIKit's); Swift observers of "isOn" hear every change.
            type.property("isOn", \.isOn, doc: "Whether the switch is on (UIKit's name: 'on:' wires events).")
            type.property(
                "tintColor", \.tintColor, changeEvent: true,
                doc: "The track's colour when on (UIKit's onTintColor); system green, #34C759.")
            type.input("setOn", Bool.self, doc: "Taps the switch if that turns it on (true) or off (false).") {
                $0.setOn($1)
            }
            type.event("valueChanged", connect: { $0.valueChanged.connect($1) }, doc: "A tap flipped the switch.")
        }
    }
}
