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
        #expect(Label.sceneDescription().defaultValues() == expected)
        let label = Label()
        #expect(label.text == "")
        #expect(label.textColor == nil)
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
                    ],
                    events: [
                        "textChanged: String", "textColorChanged: Color?",
                        "fontChanged: {size: Double?, weight: ultraLight|thin|light|regular|medium|semibold|bold|heavy|black?}",
                        "textAlignmentChanged: left|center|right|natural|justified",
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
}
