import Behaviours
import SceneBehaviours
import SceneCore
import SceneDrawing
import Testing

/// Navigation bars, tab bars and tables of each style, drawn as UIKit
/// draws them and compared whole with reviewed pictures in
/// `Tests/SceneBehavioursTests/Pictures` (see ``ReviewedPictures``).
@Suite struct BarPictureTests {
    private func expectPicture(
        _ name: String, _ views: [(String, View)], height: Double = 200,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try ReviewedPictures.expect(
            name, views, canvas: Size(width: 390, height: height), sourceLocation: sourceLocation)
    }

    private func button(_ title: String, in bar: NavigationBar, weight: FontWeight = .regular) -> Button {
        let button = Button()
        button.title = title
        button.font = Font(weight: weight)
        button.parent = bar
        return button
    }

    @Test func aNavigationBarCentresItsTitleWithItsItemsAtTheEdges() throws {
        let bar = NavigationBar()
        bar.title = "Settings"
        let cancel = button("Cancel", in: bar)
        let done = button("Done", in: bar, weight: .semibold)
        let add = button("Add", in: bar)
        bar.leftItems = WeakList([cancel])
        bar.rightItems = WeakList([done, add])
        let plain = NavigationBar()
        plain.title = "Only a title"
        try expectPicture(
            "navigation-bars", [("bar", bar), ("cancel", cancel), ("done", done), ("add", add), ("plain", plain)],
            height: 140)
    }

    @Test func aTabBarSpreadsItsItemsAndTintsTheSelectedOne() throws {
        let tabs = TabBar()
        tabs.items = ["Favourites", "Recents", "Contacts", "More"]
        tabs.images = ["star", "clock", "person", ""]
        tabs.selectedIndex = 1
        let none = TabBar()
        none.items = ["First", "Second"]
        try expectPicture("tab-bars", [("tabs", tabs), ("none", none)], height: 140)
    }

    private var settings: TableData {
        TableData(sections: [
            TableSection(
                title: "Network", rows: ["Wi-Fi", "Bluetooth", "VPN"], details: ["Home", "On"],
                images: ["wifi", "bluetooth", "vpn"]),
            TableSection(title: "", rows: ["General", "Privacy"]),
        ])
    }

    @Test(arguments: [TableViewStyle.plain, .grouped, .insetGrouped])
    func aTableOfEachStyleShowsItsRowsDetailsAndImages(style: TableViewStyle) throws {
        let data = settings
        let table = TableView()
        table.data = data
        table.style = style
        table.frame = Rect(x: 0, y: 0, width: 390, height: 380)
        try withExtendedLifetime(data) {
            try expectPicture("table-\(style.rawValue)", [("settings", table)], height: 380)
        }
    }
}
