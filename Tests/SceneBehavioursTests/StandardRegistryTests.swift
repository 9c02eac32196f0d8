import Behaviours
import SceneCore
import TestSupport
import Testing

@testable import SceneBehaviours

@Suite struct StandardRegistryTests {
    private let registry = SceneRegistry.standard

    @Test func registersEveryStandardTypeOnce() {
        let listed = SceneRegistry.standardTypes.map(\.name)
        #expect(Set(listed).count == listed.count, "a type is listed twice")
        #expect(registry.types.map(\.name).sorted() == listed.sorted())
    }

    @Test func registersBasesAndOutletTargetsBeforeTheTypesThatNeedThem() {
        expectBasesAndTargetsFirst(registry.types)
    }

    @Test func keepsTheListsOrderWhereverItAllowsRegistration() {
        // Today's list is in a registrable order, so the catalogue keeps it:
        // the controls, then the behaviours.
        let listed = SceneRegistry.standardTypes
        #expect(SceneRegistry.registrationOrder(of: listed).map(\.name) == listed.map(\.name))
        #expect(registry.types.map(\.name) == listed.map(\.name))
    }

    @Test(arguments: 0..<4)
    func anyOrderOfTheListRegistersTheSameTypes(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let listed = SceneRegistry.standardTypes
        let shuffled = seed == 0 ? Array(listed.reversed()) : listed.shuffled(using: &generator)
        let ordered = SceneRegistry.registrationOrder(of: shuffled)
        expectBasesAndTargetsFirst(ordered)
        var registry = SceneRegistry()
        registry.declareBuiltInProtocols()
        for type in ordered { try registry.register(type) }
        #expect(registry.types.map(\.name).sorted() == listed.map(\.name).sorted())
        #expect(SceneRegistry.registrationOrder(of: ordered).map(\.name) == ordered.map(\.name), "stable")
    }

    @Test func theOrderMovesOnlyWhatMustMove() {
        let ordered = SceneRegistry.registrationOrder(of: [
            TextField.sceneDescription(), EventCounter.sceneDescription(), ShakeAnimation.sceneDescription(),
            View.sceneDescription(),
        ])
        // TextField extends View and its shakeAnimation requires a
        // ShakeAnimation, whose view requires a View; EventCounter needs
        // nothing, so it stays first.
        #expect(ordered.map(\.name) == ["EventCounter", "View", "ShakeAnimation", "TextField"])
    }

    /// Every type of `types` comes after its base and the types its outlets
    /// require, when they are among `types`.
    private func expectBasesAndTargetsFirst(
        _ types: [TypeDescription], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (offset, type) in types.enumerated() {
            if let base = type.base {
                let baseOffset = types.firstIndex { $0.name == base.name }
                #expect(
                    baseOffset.map { $0 < offset } == true, "\(type.name) before its base \(base.name)",
                    sourceLocation: sourceLocation)
            }
            for outlet in type.ownOutlets where outlet.requirementID != type.objectTypeID {
                guard let targetOffset = types.firstIndex(where: { $0.objectTypeID == outlet.requirementID }) else {
                    continue  // a protocol
                }
                #expect(
                    targetOffset < offset, "\(type.name).\(outlet.name) before \(types[targetOffset].name)",
                    sourceLocation: sourceLocation)
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
