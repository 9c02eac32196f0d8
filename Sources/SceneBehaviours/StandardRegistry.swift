import Behaviours
import SceneCore

extension SceneRegistry {
    /// A registry with the built-in controls and behaviours,
    /// ``standardTypes``, and the `InteractionProvider`, `Highlightable`
    /// and `FocusTimerStore` protocols.
    ///
    ///     var registry = SceneRegistry.standard
    ///     try registry.register(MyBehaviour.sceneDescription())
    public static var standard: SceneRegistry {
        var registry = SceneRegistry()
        registry.declareBuiltInProtocols()
        registry.registerBuiltIn(standardTypes)
        return registry
    }

    /// The built-in controls and behaviours: the one list that says which
    /// types are standard.
    ///
    /// Its order is that of the catalogue (`scene-runner types`): the
    /// controls, then the behaviours, each near the types it works with.
    /// It need not put a type after its base or the types its outlets
    /// require: ``standard`` registers them in ``registrationOrder(of:)``.
    package static var standardTypes: [TypeDescription] {
        [
            View.sceneDescription(),
            Label.sceneDescription(),
            Button.sceneDescription(),
            Slider.sceneDescription(),
            Switch.sceneDescription(),
            Stepper.sceneDescription(),
            ShakeAnimation.sceneDescription(),
            TextField.sceneDescription(),
            ActivityIndicator.sceneDescription(),
            ProgressView.sceneDescription(),
            SegmentedControl.sceneDescription(),
            PageIndicator.sceneDescription(),
            ImageView.sceneDescription(),
            TableData.sceneDescription(),
            TableView.sceneDescription(),
            NavigationBar.sceneDescription(),
            TabBar.sceneDescription(),
            Constraint.sceneDescription(),
            TapGesture.sceneDescription(),
            PanGesture.sceneDescription(),
            TimeoutController.sceneDescription(),
            TimeoutControllerHost.sceneDescription(),
            HighlightBehaviour.sceneDescription(),
            FieldRule.sceneDescription(),
            FormBehaviour.sceneDescription(),
            CredentialAuthenticator.sceneDescription(),
            AlertPresenter.sceneDescription(),
            AuthFormBehaviour.sceneDescription(),
            PreemptiveDelay.sceneDescription(),
            PasscodeLock.sceneDescription(),
            ResourceLoader.sceneDescription(),
            EventCounter.sceneDescription(),
            FocusTimer.sceneDescription(),
            PageController.sceneDescription(),
            SegmentSwitcher.sceneDescription(),
            Player.sceneDescription(),
            PlayerInterface.sceneDescription(),
            PlayerController.sceneDescription(),
        ]
    }

    /// Declares `InteractionProvider`, `Highlightable` and `FocusTimerStore`.
    mutating func declareBuiltInProtocols() {
        registerBuiltIn { (registry: inout SceneRegistry) throws(RegistrationError) in
            try registry.declareProtocol(
                (any InteractionProvider).self, name: "InteractionProvider",
                summary: "Reports touches (began, ended, cancelled) to behaviours that observe them.")
            try registry.declareProtocol(
                (any Highlightable).self, name: "Highlightable",
                summary: "A view drawn highlighted: a Button while pressed, a TextField while focused.")
            try registry.declareFocusTimerStore()
        }
    }

    /// Declares the `FocusTimerStore` protocol, unless it is declared
    /// already: the one declaration, for the standard registry and for
    /// registries that add the storage types to another.
    package mutating func declareFocusTimerStore() throws(RegistrationError) {
        guard protocolDescription(named: "FocusTimerStore") == nil else { return }
        try declareProtocol(
            (any FocusTimerStore).self, name: "FocusTimerStore",
            summary: "Keeps a FocusTimer's settings, state and history between runs (FocusStore, in SceneStorage).")
    }

    /// `types` in an order in which each can be registered: every type
    /// after its base and after the types its outlets require, when those
    /// are in `types` too; otherwise in the order given.
    ///
    /// The sort is stable: each step takes the first type of `types` whose
    /// base and outlet targets are placed already, so a list that is in
    /// such an order comes back unchanged. A cycle (two types whose outlets
    /// require each other) is left in the order given, for
    /// ``register(_:)`` to refuse.
    ///
    /// - Complexity: O(*n*² × *m*) for *n* types of *m* outlets at most.
    public static func registrationOrder(of types: [TypeDescription]) -> [TypeDescription] {
        let listedNames = Set(types.map(\.name))
        let listedClasses = Set(types.map(\.objectTypeID))
        var placedNames: Set<String> = []
        var placedClasses: Set<ObjectIdentifier> = []
        func isReady(_ type: TypeDescription) -> Bool {
            if let base = type.base, listedNames.contains(base.name), !placedNames.contains(base.name) {
                return false
            }
            return type.ownOutlets.allSatisfy { outlet in
                outlet.requirementID == type.objectTypeID || !listedClasses.contains(outlet.requirementID)
                    || placedClasses.contains(outlet.requirementID)
            }
        }
        var pending = types
        var ordered: [TypeDescription] = []
        ordered.reserveCapacity(types.count)
        while !pending.isEmpty {
            let next = pending.remove(at: pending.firstIndex(where: isReady) ?? pending.startIndex)
            ordered.append(next)
            placedNames.insert(next.name)
            placedClasses.insert(next.objectTypeID)
        }
        return ordered
    }

    /// Registers built-in types, in ``registrationOrder(of:)``, whose
    /// descriptions are fixed by their modules: a refusal is a bug there,
    /// caught by the tests, not something a scene can cause. It stops a
    /// debug build; a release build records it in ``refusedBuiltIns``,
    /// which programs show, and goes on without the type.
    ///
    /// For this package's own modules only: a user's type is registered
    /// with ``register(_:)``, whose refusal is an error to handle.
    package mutating func registerBuiltIn(_ types: [TypeDescription]) {
        for type in Self.registrationOrder(of: types) {
            registerBuiltIn { (registry: inout SceneRegistry) throws(RegistrationError) in try registry.register(type) }
        }
    }

    /// Runs registrations fixed by a module of this package (see the
    /// other `registerBuiltIn`).
    package mutating func registerBuiltIn(_ body: (inout SceneRegistry) throws(RegistrationError) -> Void) {
        do {
            try body(&self)
        } catch {
            assertionFailure("a built-in registration was refused: \(error)")
            refusedBuiltIns.append(error)
        }
    }
}
