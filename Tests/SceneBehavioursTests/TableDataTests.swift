import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct TableDataTests {
    @Test func defaultIsNoSections() {
        #expect(TableData.sceneDescription().defaultValues() == ["sections": .list([])])
        #expect(TableData().sections.isEmpty)
    }

    @Test func registersSectionsAsAListOfTitleAndRowsRecords() {
        #expect(
            MemberList(of: TableData.sceneDescription())
                == MemberList(
                    properties: [
                        "sections: [{title: String, rows: [String], details: [String]?, images: [String]?}]"
                    ],
                    events: [
                        "sectionsChanged: [{title: String, rows: [String], details: [String]?, images: [String]?}]"
                    ]))
    }

    @Test func sectionsAreSetThroughTheDescriptionFromRecords() throws {
        let data = TableData()
        let value = SceneValue.list([
            .map([SceneValue.Pair("title", .string("A")), SceneValue.Pair("rows", .list([.string("x")]))]),
            .map([SceneValue.Pair("rows", .list([])), SceneValue.Pair("title", .string("B"))]),
        ])
        #expect(try #require(TableData.sceneDescription().property(named: "sections")).set(value, on: data))
        #expect(data.sections == [TableSection(title: "A", rows: ["x"]), TableSection(title: "B")])
    }

    @Test func aSectionReadsBackAsTheRecordItWasWrittenAs() {
        let section = TableSection(title: "A", rows: ["x", "y"])
        #expect(TableSection(sceneValue: section.sceneValue) == section)
        #expect(
            section.sceneValue
                == .map([
                    SceneValue.Pair("title", .string("A")),
                    SceneValue.Pair("rows", .list([.string("x"), .string("y")])),
                ]))
    }

    @Test func detailsAndImagesReadBackAndAreLeftOutOfTheValueWhenAbsent() {
        let section = TableSection(title: "Network", rows: ["Wi-Fi", "VPN"], details: ["Home"], images: ["wifi", ""])
        #expect(TableSection(sceneValue: section.sceneValue) == section)
        #expect(
            section.sceneValue.description
                == #"{title: "Network", rows: ["Wi-Fi", "VPN"], details: ["Home"], images: ["wifi", ""]}"#)
        // A section without them prints as it did before they existed.
        #expect(TableSection(title: "A", rows: ["x"]).sceneValue.description == #"{title: "A", rows: ["x"]}"#)
        let written = SceneValue.map([
            SceneValue.Pair("title", .string("A")), SceneValue.Pair("rows", .list([])),
            SceneValue.Pair("details", .null), SceneValue.Pair("images", .null),
        ])
        #expect(TableSection(sceneValue: written) == TableSection(title: "A"))
    }

    @Test func aRowHasADetailAndAnImageOnlyWhereItsListHasANonEmptyOne() {
        let section = TableSection(title: "A", rows: ["x", "y", "z"], details: ["1", ""], images: ["star"])
        #expect(section.detail(at: 0) == "1")
        #expect(section.detail(at: 1) == nil)
        #expect(section.detail(at: 2) == nil)
        #expect(section.image(at: 0) == "star")
        #expect(section.image(at: 1) == nil)
        #expect(TableSection(title: "A", rows: ["x"]).detail(at: 0) == nil)
    }

    @Test(arguments: [
        SceneValue.map([SceneValue.Pair("title", .string("A"))]),
        .map([
            SceneValue.Pair("title", .string("A")), SceneValue.Pair("rows", .list([])),
            SceneValue.Pair("details", .string("x")),
        ]),
        .map([SceneValue.Pair("rows", .list([]))]),
        .map([SceneValue.Pair("title", .int(1)), SceneValue.Pair("rows", .list([]))]),
        .string("A"),
    ])
    func aSectionOfAnotherShapeIsRefused(value: SceneValue) {
        #expect(TableSection(sceneValue: value) == nil)
    }

    @Test func everyChangeOfTheSectionsIsSentToChanged() {
        let data = TableData(sections: [TableSection(title: "A")])
        var changes = 0
        data.changed.connect { changes += 1 }
        data.sections.append(TableSection(title: "B"))
        data.sections = []
        #expect(changes == 2)
    }
}
