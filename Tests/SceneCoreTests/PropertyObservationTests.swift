import SceneCore
import Testing

/// `PropertyNotifying`: observers of a property hear each change, can
/// disconnect, and cost nothing until the first; change events declared
/// with `changeEvent: true` carry the new value.
@Suite struct PropertyObservationTests {
    /// A type with one observable property.
    final class Field: SceneObject, PropertyNotifying {
        var propertyObservers: PropertyObservers?
        var text = "" {
            didSet { if propertyObservers != nil, text != oldValue { propertyDidChange(\.text) } }
        }
        var other = 0 {
            didSet { propertyDidChange(\.other) }
        }
        var level = 0.0 {
            didSet { propertyDidChange(\.level, from: oldValue, to: level) }
        }
        func awake(in scene: Scene) {}

        static func sceneDescription() -> TypeDescription {
            TypeDescription("Field", summary: "Text.", make: Field.init) { type in
                type.property("text", \.text, changeEvent: true, doc: "The text.")
            }
        }
    }

    @Test func nothingIsMadeUntilTheFirstObserver() {
        let field = Field()
        field.text = "a"
        #expect(field.propertyObservers == nil)
        field.observe(\.text) { _ in }
        #expect(field.propertyObservers != nil)
    }

    @Test func anObserverHearsEachChangeOfItsPropertyOnlyWithTheNewValue() {
        let field = Field()
        var heard: [String] = []
        let connection = field.observe(\.text) { heard.append($0) }
        field.text = "a"
        field.other = 1
        field.text = "a"
        field.text = "ab"
        #expect(heard == ["a", "ab"])
        connection.disconnect()
        field.text = "abc"
        #expect(heard == ["a", "ab"])
        #expect(field.propertyObservers?.changedConnectionCount == 0)
    }

    @Test func observeAllHearsEveryPropertyByKeyPath() {
        let field = Field()
        var heard: [AnyKeyPath] = []
        field.observeAll { heard.append($0) }
        field.text = "a"
        field.other = 2
        #expect(heard == [\Field.text, \Field.other])
    }

    /// A type whose property is declared with closures, and one that does
    /// not report changes at all.
    final class Plain: SceneObject {
        var count = 0
        func awake(in scene: Scene) {}
    }

    @Test func onlyAKeyPathOnAReportingTypeIsAChangeKey() throws {
        let field = TypeDescription("F", summary: "F.", make: Field.init) { type in
            type.property("text", \.text, doc: "Reports.")
            type.property("other", get: { $0.other }, set: { $0.other = $1 }, doc: "Does not.")
        }
        #expect(field.property(named: "text")?.changeKey.map { $0 as AnyKeyPath } == \Field.text)
        #expect(field.property(named: "other")?.changeKey == nil)
        let plain = TypeDescription("P", summary: "P.", make: Plain.init) { type in
            type.property("count", \.count, doc: "On a type that does not report.")
        }
        #expect(plain.property(named: "count")?.changeKey == nil)
        #expect(plain.events.isEmpty)
    }

    @Test func propertyFollowsClockIsKeptUntilStopped() {
        let field = Field()
        field.propertyFollowsClock(\.level, false)
        #expect(field.propertyObservers == nil)
        field.propertyFollowsClock(\.level, true)
        field.propertyFollowsClock(\.level, true)
        #expect(field.propertyObservers?.keysFollowingClock == [\Field.level])
        field.propertyFollowsClock(\.level, false)
        #expect(field.propertyObservers?.keysFollowingClock.isEmpty == true)
    }

    @Test func theChangeEventCarriesTheNewValueAndIsMarkedAsAChange() throws {
        let type = Field.sceneDescription()
        let event = try #require(type.events["textChanged"])
        #expect(event.payload == .string)
        #expect(event.changedProperty == "text")
        let field = Field()
        var payloads: [SceneValue?] = []
        #expect(event.connect(field) { payloads.append($0) })
        field.text = "hi"
        #expect(payloads == [.string("hi")])
    }

    @Test func propertyDidChangeFromToSendsOnlyAChangeAndMakesNothingUnobserved() {
        let field = Field()
        field.level = 1
        #expect(field.propertyObservers == nil)
        var heard: [Double] = []
        field.observe(\.level) { heard.append($0) }
        field.level = 1
        field.level = 2
        field.level = .nan
        field.level = .nan  // NaN over NaN is no change
        field.level = 2
        #expect(heard.count == 3)
        #expect(heard.first == 2 && heard.last == 2 && heard.dropFirst().first?.isNaN == true)
    }

    @Test func anObserverThatKeepsChangingWhatItObservesStopsAtTheDepthLimit() {
        let field = Field()
        var calls = 0
        field.observe(\.text) { [unowned field] text in
            calls += 1
            field.text = text + "x"
        }
        let runaway = EventDelivery.supervise(maximumDepth: 20) { field.text = "a" }
        #expect(runaway == EventRunaway(kind: .tooDeep(limit: 20), depth: 20))
        #expect(calls == 20)
    }
}
