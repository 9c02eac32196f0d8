import SceneCore

extension SceneRegistry {
    /// A registry with the built-in controls, then the behaviours, and the
    /// `InteractionProvider` and `Highlightable` protocols; bases and outlet
    /// targets before the types that extend or require them (so
    /// `ShakeAnimation`, which `TextField.shakeAnimation` requires, comes
    /// before `TextField`).
    ///
    ///     var registry = SceneRegistry.standard
    ///     try registry.register(MyBehaviour.sceneDescription())
    public static var standard: SceneRegistry {
        var registry = SceneRegistry()
        registry.declareBuiltInProtocols()
        registry.registerBuiltIn([
            View.sceneDescription(),
            Label.sceneDescription(),
            Button.sceneDescription(),
            Slider.sceneDescription(),
            ShakeAnimation.sceneDescription(),
            TextField.sceneDescription(),
            ActivityIndicator.sceneDescription(),
            SegmentedControl.sceneDescription(),
            PageIndicator.sceneDescription(),
            TableData.sceneDescription(),
            TableView.sceneDescription(),
            TapGesture.sceneDescription(),
            PanGesture.sceneDescription(),
            TimeoutController.sceneDescription(),
            TimeoutControllerHost.sceneDescription(),
            HighlightBehaviour.sceneDescription(),
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
        ])
        return registry
    }

    /// Declares `InteractionProvider`, `Highlightable` and `FocusTimerStore`.
    mutating func declareBuiltInProtocols() {
        registerBuiltIn {
            try $0.declareProtocol(
                (any InteractionProvider).self, name: "InteractionProvider",
                summary: "Reports touches (began, ended, cancelled) to behaviours that observe them.")
            try $0.declareProtocol(
                (any Highlightable).self, name: "Highlightable",
                summary: "A view drawn highlighted: a Button while pressed, a TextField while focused.")
            try $0.declareProtocol(
                (any FocusTimerStore).self, name: "FocusTimerStore",
                summary: "Keeps a FocusTimer's settings, state and history between runs (FocusStore, in SceneStorage).")
        }
    }

    /// Registers built-in types, whose descriptions are fixed by their
    /// modules: a refusal is a bug there, caught by the tests, not something
    /// a scene can cause, so a release build skips the type instead of crashing.
    public mutating func registerBuiltIn(_ types: [TypeDescription]) {
        for type in types {
            registerBuiltIn { try $0.register(type) }
        }
    }

    /// Runs registrations fixed by a module (see ``registerBuiltIn(_:)-([TypeDescription])``).
    public mutating func registerBuiltIn(_ body: (inout SceneRegistry) throws -> Void) {
        do {
            try body(&self)
        } catch {
            assertionFailure("a built-in registration was refused: \(error)")
        }
    }
}
