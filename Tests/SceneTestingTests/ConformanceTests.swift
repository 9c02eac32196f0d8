import SceneTesting
import Testing

/// A type with one property that keeps the promise of its key-path
/// declaration and one planted that does not: its `didSet` forgets to report.
final class Planted: SceneObject, PropertyNotifying {
    var propertyObservers: PropertyObservers?
    var title = "" {
        didSet { propertyDidChange(\.title, from: oldValue, to: title) }
    }
    var level = 0.0 {
        didSet {}  // the planted bug: a change nobody hears
    }
    var count = 0 {
        didSet { propertyDidChange(\.count, from: oldValue, to: count) }
    }

    init() {}
    func awake(in scene: Scene) {}

    static func sceneDescription() -> TypeDescription {
        TypeDescription("Planted", summary: "A test type.", make: Planted.init) { type in
            type.property("title", \.title, doc: "Reports.")
            type.property("level", \.level, range: 0...10, doc: "Does not report.")
            type.property("count", \.count, changeEvent: true, doc: "Reports, with a change event.")
            type.readOnly("doubled", \.doubledCount, doc: "Worked out from count.")
        }
    }

    var doubledCount: Int { count * 2 }
}

/// A property whose object keeps it as it was, whatever is set.
private final class Stuck: SceneObject, PropertyNotifying {
    var propertyObservers: PropertyObservers?
    var value = 1.0 {
        didSet {
            if value != 1 { value = 1 }
        }
    }
    init() {}
    func awake(in scene: Scene) {}

    static func sceneDescription() -> TypeDescription {
        TypeDescription("Stuck", summary: "A test type.", make: Stuck.init) { type in
            type.property("value", \.value, doc: "Always 1.")
        }
    }
}

/// `TypeConformance` and `expectConformance`: a type that keeps its
/// description's promises passes; one planted property that does not
/// report fails the check and the test that runs it.
@Suite struct ConformanceTests {
    private func registry(with types: TypeDescription...) throws -> SceneRegistry {
        var registry = SceneRegistry.standard
        for type in types { try registry.register(type) }
        return registry
    }

    @Test func aPropertyThatDoesNotReportItsChangeIsFound() throws {
        let problems = TypeConformance.problems(of: Planted.sceneDescription())
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.hasPrefix("'level' changed from 0 to 1 when set through the registry"))
        #expect(problem.contains("reported no change"))
        #expect(problem.contains("propertyDidChange(\\.level"))
    }

    @Test func expectConformanceFailsTheTestForThePlantedProperty() throws {
        let registry = try registry(with: Planted.sceneDescription())
        let call = #line + 2
        withKnownIssue {
            expectConformance(of: "Planted", in: registry)
        } matching: { issue in
            issue.sourceLocation?.line == call && issue.description.contains("Planted: 'level' changed")
        }
    }

    @Test func expectConformanceFailsForATypeThatIsNotRegistered() {
        withKnownIssue {
            expectConformance(of: "Plantd")
        } matching: { issue in
            issue.description.contains("no type named 'Plantd' is registered")
        }
    }

    @Test func aPropertyThatCannotBeChangedIsReportedAsUnchecked() {
        let problems = TypeConformance.problems(of: Stuck.sceneDescription())
        #expect(problems.count == 1)
        #expect(problems.first?.contains("'value' kept its value 1 for every other value of its type tried") == true)
    }

    @Test func alternativesAreOfTheTypeWithinTheRangeAndNotTheCurrentValue() {
        let numbers = TypeConformance.alternatives(to: .double(10), as: .double, range: 0...10)
        #expect(!numbers.isEmpty)
        #expect(!numbers.contains(.double(10)))
        #expect(numbers.allSatisfy { if case .double(let value) = $0 { (0...10).contains(value) } else { false } })
        #expect(TypeConformance.alternatives(to: .bool(true), as: .bool, range: nil) == [.bool(false)])
        let letters = ValueType.enumeration(name: "E", cases: ["a", "b"])
        #expect(TypeConformance.alternatives(to: .enumCase("a"), as: letters, range: nil) == [.enumCase("b")])
        let frame = ValueType.record(name: "Rect", fields: [RecordField("x", .double), RecordField("y", .double)])
        let current = SceneValue.map([SceneValue.Pair("x", .double(0)), SceneValue.Pair("y", .double(0))])
        let frames = TypeConformance.alternatives(to: current, as: frame, range: nil)
        #expect(frames.first == .map([SceneValue.Pair("x", .double(1)), SceneValue.Pair("y", .double(0))]))
    }

    /// Every standard type keeps its promises: each settable property
    /// reports a change made through the registry, and fires its change event.
    @Test(arguments: SceneRegistry.standard.types.map(\.name))
    func everyStandardTypeConforms(name: String) {
        expectConformance(of: name)
    }
}
