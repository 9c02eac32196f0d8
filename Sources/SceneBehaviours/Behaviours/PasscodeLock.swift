import Behaviours
import SceneCore

/// A passcode screen that allows a few wrong entries within a window of
/// each other before it locks the user out: the window is a
/// ``PreemptiveDelay``.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PasscodeLock`.
///
///     let scheduler = VirtualScheduler()
///     let lock = PasscodeLock(passcode: "2468", scheduler: scheduler)
///     lock.lockedOut.connect { print("locked out") }
///     lock.enter("1111")                        // failedAttempts 1, window until 60 s
///     try scheduler.advance(by: .seconds(61))   // the window passed: 0
///     lock.enter("1111"); lock.enter("2222"); lock.enter("3333")  // locked out
///
/// The contract:
/// - A wrong entry counts in ``failedAttempts`` and restarts the window:
///   the window delay is triggered with `window` (its `delay` is not used).
/// - When a window passes with no entry, ``failedAttempts`` returns to zero.
/// - The entry that brings ``failedAttempts`` to `maxAttempts` locks:
///   `lockedOut` is sent, the window is cancelled (a lock-out does not wear
///   off), and further entries are ignored until ``reset()``.
/// - The right code unlocks: ``failedAttempts`` returns to zero, the window
///   is cancelled, `unlocked` is sent; further entries are ignored until
///   ``reset()``.
/// - Return on ``field`` submits the field's text, then empties the field
///   (as a passcode screen does; no `editingChanged`, as for any change
///   made by code), unless the entry was ignored.
/// - Without a ``resetDelay`` the lock uses a delay of its own, on the same
///   clock. A window delay shared with other objects resets the count only
///   while the lock is neither locked nor unlocked.
///
/// The field and the delay are observed from the moment they are set. It
/// reads time from the scene's ``VirtualScheduler``, taken in
/// ``awake(in:)`` (or given to ``init(passcode:scheduler:)``).
package class PasscodeLock: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// The right code.
    package var passcode = "" {
        didSet { propertyDidChange(\.passcode, from: oldValue, to: passcode) }
    }
    /// How many wrong entries within a window lock the user out (at least 1).
    package var maxAttempts = 3 {
        didSet { propertyDidChange(\.maxAttempts, from: oldValue, to: maxAttempts) }
    }
    /// How long after a wrong entry the count returns to zero, unless
    /// another entry comes first.
    package var window: Duration = .seconds(60) {
        didSet { propertyDidChange(\.window, from: oldValue, to: window) }
    }

    /// The field whose return key submits its text; weak, as every outlet.
    /// Setting it stops following the old field's return key.
    package weak var field: TextField? {
        didSet {
            guard field !== oldValue else { return }
            observeField()
        }
    }

    /// The delay that measures the window; weak, as every outlet. When
    /// `nil`, the lock uses a delay of its own. Setting it stops following
    /// the old delay.
    package weak var resetDelay: PreemptiveDelay? {
        didSet {
            guard resetDelay !== oldValue else { return }
            observeResetDelay()
        }
    }

    /// Wrong entries since the last window passed, unlock or reset.
    package private(set) var failedAttempts = 0 {
        didSet { propertyDidChange(\.failedAttempts, from: oldValue, to: failedAttempts) }
    }
    /// Whether too many wrong entries locked the user out.
    package private(set) var isLocked = false {
        didSet { propertyDidChange(\.isLocked, from: oldValue, to: isLocked) }
    }
    /// Whether the right code was entered.
    package private(set) var isUnlocked = false {
        didSet { propertyDidChange(\.isUnlocked, from: oldValue, to: isUnlocked) }
    }

    /// Sent when the right code is entered (`unlocked`).
    package private(set) lazy var unlocked = SceneEvent<Void>()
    /// Sent when a wrong entry reaches `maxAttempts` (`lockedOut`).
    package private(set) lazy var lockedOut = SceneEvent<Void>()

    /// The delay used when ``resetDelay`` is `nil`.
    private let ownDelay: PreemptiveDelay
    /// The connection to the return key of ``field``.
    private var fieldConnection: SceneConnection?
    /// The connection to the `fired` event of ``resetDelay``.
    private var resetDelayConnection: BehaviourConnection?

    /// The delay that measures the window now.
    private var windowDelay: PreemptiveDelay { resetDelay ?? ownDelay }

    /// A lock with the defaults above and an empty passcode; it gets its
    /// scheduler in ``awake(in:)``.
    package init() {
        ownDelay = PreemptiveDelay(clock: nil)
        observeOwnDelay()
    }

    /// A lock for `passcode` on `scheduler`, for use without a scene.
    package init(passcode: String, scheduler: VirtualScheduler) {
        self.passcode = passcode
        ownDelay = PreemptiveDelay(scheduler: scheduler)
        observeOwnDelay()
    }

    /// Gives the lock's own delay the scene's clock.
    package func awake(in scene: Scene) {
        ownDelay.awake(in: scene)
    }

    // MARK: Entering

    /// Checks `code` (the `enter` input); ignored while locked or unlocked.
    @discardableResult
    package func enter(_ code: String) -> ActionOutcome {
        guard !isLocked else { return .ignored(because: "it is locked out") }
        guard !isUnlocked else { return .ignored(because: "it is already unlocked") }
        if code == passcode {
            failedAttempts = 0
            isUnlocked = true
            windowDelay.cancel()
            unlocked.send()
            return .handled
        }
        failedAttempts += 1
        if failedAttempts >= maxAttempts {
            isLocked = true
            windowDelay.cancel()
            lockedOut.send()
        } else {
            windowDelay.trigger(after: window)
        }
        return .handled
    }

    /// Returns to the initial state (the `reset` action): not locked, not
    /// unlocked, no failed attempts, no window pending. Ignored when the
    /// lock is in that state already.
    @discardableResult
    package func reset() -> ActionOutcome {
        guard isLocked || isUnlocked || failedAttempts > 0 || windowDelay.isPending else {
            return .ignored(because: "it has no failed attempts and is neither locked nor unlocked")
        }
        failedAttempts = 0
        isLocked = false
        isUnlocked = false
        windowDelay.cancel()
        return .handled
    }

    // MARK: Observing

    private func observeField() {
        fieldConnection?.disconnect()
        fieldConnection = nil
        guard let field else { return }
        fieldConnection = field.returnKeyPressed.connect { [weak self, weak field] in
            guard let self, let field else { return }
            if self.enter(field.text) == .handled { field.text = "" }
        }
    }

    private func observeResetDelay() {
        resetDelayConnection?.disconnect()
        resetDelayConnection = nil
        guard let resetDelay else { return }
        resetDelayConnection = resetDelay.fired.connect { [weak self] in
            self?.windowPassed()
        }
    }

    /// Follows the lock's own delay for its whole life; it measures the
    /// window only while there is no ``resetDelay`` (a window it started
    /// before one was set passes unheeded).
    private func observeOwnDelay() {
        ownDelay.fired.connect { [weak self] in
            guard let self, self.resetDelay == nil else { return }
            self.windowPassed()
        }
    }

    /// The window after the last wrong code passed: the count starts again.
    func windowPassed() {
        guard !isLocked, !isUnlocked else { return }
        failedAttempts = 0
    }

    // MARK: Registration

    /// Registers `PasscodeLock`: its keys and outlets, `enter`, `reset`,
    /// its read-only state, `unlocked` and `lockedOut`.
    /// Each instance comes from `make`: a subclass's, for a variant of the
    /// type under the same name and keys.
    package static func sceneDescription(
        make: @escaping @Sendable () -> PasscodeLock = { PasscodeLock() }
    ) -> TypeDescription {
        TypeDescription(
            "PasscodeLock", summary: "Locks out after too many wrong passcodes within a window of each other.",
            make: make
        ) { type in
            type.property("passcode", \.passcode, required: true, changeEvent: true, doc: "The right code.")
            type.property(
                "maxAttempts", \.maxAttempts, range: 1...Double.infinity,
                changeEvent: true, doc: "How many wrong entries within a window lock the user out.")
            type.property(
                "window", \.window, changeEvent: true,
                doc: "How long after a wrong entry the count returns to zero, unless another entry comes first.")
            type.outlet(
                "field", get: { $0.field }, set: { $0.field = $1 },
                doc: "Return on this field submits its text, then empties it.")
            type.outlet(
                "resetDelay", get: { $0.resetDelay }, set: { $0.resetDelay = $1 },
                doc: "Measures the window (triggered with `window`); without it the lock uses its own.")
            type.readOnly("failedAttempts", \.failedAttempts, doc: "Wrong entries since the last window passed.")
            type.readOnly("locked", \.isLocked, doc: "Whether too many wrong entries locked the user out.")
            type.readOnly("unlocked", \.isUnlocked, doc: "Whether the right code was entered.")
            type.input("enter", String.self, doc: "Enters a code; ignored while locked or unlocked.") {
                $0.enter($1)
            }
            type.action(
                "reset",
                doc: "Back to the start: not locked, not unlocked, no failed attempts; ignored when it is there."
            ) {
                $0.reset()
            }
            type.event("unlocked", connect: { $0.unlocked.connect($1) }, doc: "The right code was entered.")
            type.event(
                "lockedOut", connect: { $0.lockedOut.connect($1) },
                doc: "A wrong entry reached maxAttempts; entries are ignored until reset.")
        }
    }
}
