import SceneBehaviours
import SceneCore
import Testing

@Suite struct StandardRegistryTests {
    private let registry = SceneRegistry.standard

    @Test func registersTheControlsBasesAndOutletTargetsFirstThenTheBehaviours() {
        #expect(
            registry.types.map(\.name) == [
                "View", "Label", "Button", "Slider", "ShakeAnimation", "TextField", "ActivityIndicator",
                "SegmentedControl", "PageIndicator", "TableData", "TableView", "TapGesture", "PanGesture",
                "TimeoutController",
                "TimeoutControllerHost", "HighlightBehaviour", "FormBehaviour", "CredentialAuthenticator",
                "AlertPresenter", "AuthFormBehaviour", "PreemptiveDelay", "PasscodeLock",
                "ResourceLoader", "EventCounter", "FocusTimer",
                "PageController", "SegmentSwitcher",
                "Player", "PlayerInterface", "PlayerController",
            ])
        for (offset, type) in registry.types.enumerated() {
            if let base = type.base {
                let baseOffset = registry.types.firstIndex { $0.name == base.name }
                #expect(baseOffset.map { $0 < offset } == true, "\(type.name) before its base \(base.name)")
            }
            for outlet in type.ownOutlets where registry.requirement(of: outlet) != type.name {
                let requirement = registry.requirement(of: outlet)
                guard let targetOffset = registry.types.firstIndex(where: { $0.name == requirement }) else {
                    continue  // a protocol
                }
                #expect(targetOffset < offset, "\(type.name).\(outlet.name) before \(requirement)")
            }
        }
    }

    @Test func declaresInteractionProviderAndHighlightableWithSummaries() throws {
        let provider = try #require(registry.protocolDescription(named: "InteractionProvider"))
        #expect(!provider.summary.isEmpty)
        let highlightable = try #require(registry.protocolDescription(named: "Highlightable"))
        #expect(!highlightable.summary.isEmpty)
        #expect(registry.protocols.map(\.name) == ["InteractionProvider", "Highlightable", "FocusTimerStore"])
        #expect(
            registry.types.filter { registry.type($0, satisfies: "Highlightable") }.map(\.name) == [
                "Button", "TextField",
            ])
    }

    @Test func everyOutletRequirementIsKnown() {
        for type in registry.types {
            for outlet in type.outlets {
                #expect(registry.isKnownRequirement(registry.requirement(of: outlet)), "\(type.name).\(outlet.name)")
            }
        }
    }

    @Test func conformancesAreExactlyTheSwiftConformances() {
        for type in registry.types {
            let instance = type.makeInstance()
            #expect(
                registry.type(type, satisfies: "InteractionProvider") == (instance is any InteractionProvider),
                "\(type.name)")
            #expect(registry.type(type, satisfies: "Highlightable") == (instance is any Highlightable), "\(type.name)")
            #expect(
                registry.type(type, satisfies: "FocusTimerStore") == (instance is any FocusTimerStore), "\(type.name)")
        }
    }

    /// What `check` accepts, `load` connects: every type that fits an
    /// outlet by the registry's reckoning is accepted by the outlet's Swift cast.
    @Test func everyTargetThatFitsAnOutletConnects() {
        var pairs = 0
        for owner in registry.types {
            for outlet in owner.outlets {
                for target in registry.types where registry.type(target, fits: outlet) {
                    pairs += 1
                    #expect(
                        outlet.connect(owner.makeInstance(), to: [target.makeInstance()]),
                        "\(owner.name).\(outlet.name) <- \(target.name)")
                }
            }
        }
        #expect(pairs > 100)
    }

    @Test func everyViewTypeIsAnInteractionProvider() {
        for type in registry.types where registry.type(type, satisfies: "View") {
            #expect(registry.type(type, satisfies: "InteractionProvider"), "\(type.name)")
            #expect(type.makeInstance() is View, "\(type.name)")
        }
    }

    @Test func factoriesMakeInstancesOfTheirOwnClass() {
        for type in registry.types {
            let instance = type.makeInstance()
            #expect(String(describing: Swift.type(of: instance)) == type.name)
        }
    }

    @Test func everyMemberHasADocAndEveryTypeASummary() {
        for type in registry.types {
            #expect(!type.summary.isEmpty, "\(type.name)")
            let docs =
                type.ownProperties.map(\.doc) + type.ownOutlets.map(\.doc) + type.ownEvents.map(\.doc)
                + type.ownActions.map(\.doc) + type.ownInputs.map(\.doc)
            #expect(docs.allSatisfy { !$0.isEmpty }, "\(type.name)")
        }
    }

    @Test func aCustomTypeCanBeAddedToTheStandardRegistry() throws {
        var registry = SceneRegistry.standard
        try registry.register(
            TypeDescription(
                "Badge", summary: "A label with a count.", base: Label.sceneDescription(), make: { Label() }))
        let badge = try #require(registry.type(named: "Badge"))
        #expect(registry.type(badge, satisfies: "View"))
        #expect(throws: SceneRegistry.RegistrationError.duplicateType("View")) {
            try registry.register(View.sceneDescription())
        }
    }
}
