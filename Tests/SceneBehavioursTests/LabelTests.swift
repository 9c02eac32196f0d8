import SceneBehaviours
import SceneCore
import Testing

@Suite struct LabelTests {
    @Test func defaultsAreEmptyTextInTheDefaultColour() {
        var expected = viewDefaults
        expected["text"] = .string("")
        expected["textColor"] = .null
        expected["font"] = .map([.init("size", .double(17)), .init("weight", .enumCase("regular"))])
        expected["textAlignment"] = .enumCase("natural")
        expected["numberOfLines"] = .int(1)
        expected["lineBreakMode"] = .enumCase("byTruncatingTail")
        #expect(Label.sceneDescription().defaultValues() == expected)
        let label = Label()
        #expect(label.text == "")
        #expect(label.textColor == nil)
        #expect(label.numberOfLines == 1)
        #expect(label.lineBreakMode == .byTruncatingTail)
    }

    @Test func registersTheViewMembersAndTextAndTextColor() {
        let type = Label.sceneDescription()
        #expect(type.name == "Label")
        #expect(type.base?.name == "View")
        let registry = SceneRegistry.standard
        let registered = registry.type(named: "Label")
        #expect(registered.map { registry.type($0, satisfies: "View") } == true)
        #expect(registered.map { registry.type($0, satisfies: "InteractionProvider") } == true)
        #expect(
            MemberList(of: type)
                == MemberList.view(
                    properties: [
                        "text: String", "textColor: Color?",
                        "font: {size: Double?, weight: ultraLight|thin|light|regular|medium|semibold|bold|heavy|black?}",
                        "textAlignment: left|center|right|natural|justified",
                        "numberOfLines: Int in 0.0...1000000.0",
                        "lineBreakMode: byWordWrapping|byCharWrapping|byClipping|byTruncatingHead|byTruncatingTail|byTruncatingMiddle",
                    ],
                    events: [
                        "textChanged: String", "textColorChanged: Color?",
                        "fontChanged: {size: Double?, weight: ultraLight|thin|light|regular|medium|semibold|bold|heavy|black?}",
                        "textAlignmentChanged: left|center|right|natural|justified",
                        "numberOfLinesChanged: Int",
                        "lineBreakModeChanged: byWordWrapping|byCharWrapping|byClipping|byTruncatingHead|byTruncatingTail|byTruncatingMiddle",
                    ],
                    actions: ["setText: String"]))
    }

    @Test func textAndColourAreSetThroughTheDescription() throws {
        let type = Label.sceneDescription()
        let label = Label()
        #expect(try #require(type.property(named: "text")).set(.string("25:00"), on: label))
        #expect(try #require(type.property(named: "textColor")).set(.color(.black), on: label))
        #expect(label.text == "25:00")
        #expect(label.textColor == .black)
    }

    @Test func linesAndLineBreakModeAreSetThroughTheDescriptionWithinTheirRange() throws {
        let type = Label.sceneDescription()
        let label = Label()
        let lines = try #require(type.property(named: "numberOfLines"))
        #expect(lines.set(.int(0), on: label))
        #expect(label.numberOfLines == 0)
        #expect(lines.range == 0...1_000_000)
        #expect(try #require(type.property(named: "lineBreakMode")).set(.enumCase("byWordWrapping"), on: label))
        #expect(label.lineBreakMode == .byWordWrapping)
        #expect(try #require(type.property(named: "lineBreakMode")).set(.enumCase("wordWrap"), on: label) == false)
        #expect(label.lineBreakMode == .byWordWrapping)
    }
}
