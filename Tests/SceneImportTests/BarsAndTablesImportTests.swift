import Foundation
import SceneBehaviours
import SceneCore
import SceneImport
import SceneLoader
import TestSupport
import Testing

/// What every app has and import carries over: navigation bars with their
/// items, tab bars and a tab bar controller's tabs, and static tables'
/// cells as their tables' rows.
@Suite struct BarsAndTablesImportTests {
    @Test func aNavigationBarKeepsItsTitleAndItsItemsAsButtonsAtItsEdges() throws {
        let scene = try importViews(
            """
            <navigationBar id="N-1"><rect key="frame" x="0" y="20" width="320" height="44"/>
                <items>
                    <navigationItem title="Older" id="I-0"/>
                    <navigationItem title="Settings" id="I-1">
                        <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="L-B">
                            <connections><action selector="count:" destination="E-C" id="a-1"/></connections>
                        </barButtonItem>
                        <rightBarButtonItems>
                            <barButtonItem systemItem="done" id="R-1"/>
                            <barButtonItem systemItem="flexibleSpace" id="R-2"/>
                            <barButtonItem title="Share" style="plain" id="R-3"/>
                        </rightBarButtonItems>
                        <barButtonItem key="backBarButtonItem" title="Back" id="K-B"/>
                    </navigationItem>
                </items>
            </navigationBar>
            """,
            others: """
                <customObject id="E-C" customClass="EventCounter" userLabel="Counter"/>
                """,
            map: try ImportMap.read(Array("classes: { EventCounter: { actions: { count: fire } } }".utf8)))
        let text = scene.text
        #expect(
            text.contains(
                "    type: NavigationBar\n    parent: view\n    frame: {x: 0, y: 20, width: 320, height: 44}\n    title: \"Settings\"\n    leftItems: [cancelButton]\n    rightItems: [doneButton, shareButton]\n"
            ), "\(text)")
        #expect(
            text.contains(
                "  cancelButton:  # L-B\n    type: Button\n    parent: settingsNavigationBar\n    title: \"Cancel\"\n    on:\n      tap: counter.fire\n"
            ))
        #expect(
            text.contains(
                "  doneButton:  # R-1\n    type: Button\n    parent: settingsNavigationBar\n    title: \"Done\"\n    font: {weight: semibold}\n"
            ))
        #expect(!text.contains("R-2"))
        #expect(
            messages(scene).contains(
                "the navigation item's back button is not carried over; it is the bar of the screen shown next"))
        #expect(loads(scene))
    }

    @Test func aControllersNavigationItemIsABarOverItsViewAndATableStartsBelowIt() throws {
        let scene = try importObjects(
            """
            <tableViewController id="T-C" sceneMemberID="viewController">
                <tableView key="view" dataMode="static" style="insetGrouped" id="T-V">
                    <rect key="frame" x="0" y="0" width="375" height="667"/>
                    <sections>
                        <tableViewSection headerTitle="Network" id="S-1">
                            <cells>
                                <tableViewCell style="IBUITableViewCellStyleValue1" textLabel="t-1" detailTextLabel="d-1" imageView="i-1" id="c-1">
                                    <rect key="frame" x="20" y="55" width="335" height="44"/>
                                    <tableViewCellContentView key="contentView" id="v-1">
                                        <rect key="frame" x="0" y="0" width="335" height="44"/>
                                        <subviews>
                                            <label text="Wi-Fi" id="t-1"><rect key="frame" x="60" y="12" width="40" height="20"/></label>
                                            <label text="Home" id="d-1"><rect key="frame" x="280" y="12" width="40" height="20"/></label>
                                            <imageView image="wifi" id="i-1"><rect key="frame" x="16" y="7" width="29" height="29"/></imageView>
                                        </subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                                <tableViewCell id="c-2">
                                    <tableViewCellContentView key="contentView" id="v-2">
                                        <subviews>
                                            <label text="Airplane Mode" id="t-2"><rect key="frame" x="16" y="12" width="120" height="20"/></label>
                                            <switch on="YES" id="w-2"><rect key="frame" x="270" y="6" width="51" height="31"/></switch>
                                        </subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </cells>
                        </tableViewSection>
                        <tableViewSection id="S-2">
                            <cells>
                                <tableViewCell id="c-3">
                                    <tableViewCellContentView key="contentView" id="v-3">
                                        <subviews><label text="General" id="t-3"/><label text="a" id="x-3"/><label text="b" id="y-3"/></subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </cells>
                        </tableViewSection>
                    </sections>
                    <connections><outlet property="wifiLabel" destination="t-1" id="o-1"/></connections>
                </tableView>
                <navigationItem key="navigationItem" title="Settings" id="N-I">
                    <barButtonItem key="rightBarButtonItem" systemItem="edit" id="E-B"/>
                </navigationItem>
            </tableViewController>
            """)
        let text = scene.text
        #expect(
            text.contains(
                "    type: TableView\n    constraints:\n      - leading == canvas.leading\n      - trailing == canvas.trailing\n      - top == canvas.top\n      - bottom == canvas.bottom\n    style: insetGrouped\n    topInset: 44\n    data: data\n"
            ), "\(text)")
        #expect(
            text.contains(
                #"    sections: [{title: "Network", rows: ["Wi-Fi", "Airplane Mode"], details: ["Home", ""], images: ["wifi", ""]}, {title: "", rows: ["General"], details: ["a"]}]"#
            ))
        // The switch is in its row, the second of the first group (44 + 55 + 44 down), centred top to bottom.
        #expect(
            text.contains(
                "    type: Switch\n    parent: view\n    frame: {x: 286, y: 149.5, width: 51, height: 31}\n    isOn: true\n"
            ))
        #expect(
            text.contains(
                "    type: NavigationBar\n    parent: view\n    frame: {x: 0, y: 0, width: 375, height: 44}\n    title: \"Settings\"\n    rightItems: [editButton]\n"
            ))
        #expect(
            messages(scene).contains(
                "the outlet 'wifiLabel' points at a label of a static table's cell, carried over as its row's text; it is not carried over"
            ))
        #expect(
            messages(scene).contains(
                "1 label(s) of static cells beyond each row's title and detail are not carried over"))
        #expect(!messages(scene).contains { $0.contains("empty TableData") })
        #expect(loads(scene))
    }

    @Test func aTabBarControllersTabsAreATabBarInItsSceneAndInEachTabs() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <device id="retina4_7" orientation="portrait"/>
                <scenes>
                    <scene sceneID="S-1"><objects>
                        <tabBarController id="T-B-C" sceneMemberID="viewController">
                            <tabBar key="tabBar" id="T-B"><rect key="frame" x="0" y="0" width="1000" height="1000"/></tabBar>
                            <connections>
                                <segue destination="V-1" kind="relationship" relationship="viewControllers" id="g-1"/>
                                <segue destination="V-2" kind="relationship" relationship="viewControllers" id="g-2"/>
                            </connections>
                        </tabBarController>
                    </objects></scene>
                    <scene sceneID="S-2"><objects>
                        <viewController id="V-1" sceneMemberID="viewController">
                            <view key="view" id="R-1"><rect key="frame" x="0" y="0" width="375" height="667"/></view>
                            <tabBarItem key="tabBarItem" title="Home" image="house" id="I-1"/>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="S-3"><objects>
                        <viewController id="V-2" sceneMemberID="viewController">
                            <view key="view" id="R-2"><rect key="frame" x="0" y="0" width="375" height="667"/></view>
                            <tabBarItem key="tabBarItem" systemItem="more" id="I-2"/>
                        </viewController>
                    </objects></scene>
                </scenes>
            </document>
            """
        let scenes = try SceneImporter(registry: .standard).importFile(Array(text.utf8), name: "Tabs.storyboard").scenes
        #expect(scenes.count == 3)
        let tabs = try #require(scenes.first)
        #expect(
            tabs.text.contains(
                "    type: TabBar\n    frame: {x: 0, y: 618, width: 375, height: 49}\n    items: [\"Home\", \"More\"]\n    images: [\"house\", \"more\"]\n    selectedIndex: 0\n"
            ), "\(tabs.text)")
        #expect(tabs.text.contains("canvas: {width: 375, height: 667}"))
        let second = try #require(scenes.last)
        #expect(
            second.text.contains(
                "    type: TabBar\n    parent: view\n    frame: {x: 0, y: 618, width: 375, height: 49}\n    items: [\"Home\", \"More\"]\n    images: [\"house\", \"more\"]\n    selectedIndex: 1\n"
            ), "\(second.text)")
        for scene in scenes { #expect(loads(scene)) }
    }

    @Test func aTabBarViewKeepsItsItemsAndItsSelectedItem() throws {
        let scene = try importViews(
            """
            <tabBar id="T-1" selectedItem="b-2"><rect key="frame" x="0" y="431" width="320" height="49"/>
                <items><tabBarItem systemItem="favorites" id="b-1"/><tabBarItem title="Mine" id="b-2"/></items>
            </tabBar>
            """)
        #expect(
            scene.text.contains(
                "    type: TabBar\n    parent: view\n    frame: {x: 0, y: 431, width: 320, height: 49}\n    items: [\"Favorites\", \"Mine\"]\n    images: [\"favorites\", \"\"]\n    selectedIndex: 1\n"
            ), "\(scene.text)")
        #expect(loads(scene))
    }

    /// Real files of `../shared/interface-builder` (skipped where it is
    /// not, as in a user's clone): a navigation bar with a tinted system
    /// item and a custom view button, and a static table's labels as rows
    /// under its controller's navigation bar.
    @Test(
        .enabled(
            if: InterfaceBuilderCorpusTests.corpus != nil, "needs ../shared/interface-builder or IB_FILES_DIR"))
    func realFilesBarsAndStaticTablesAreCarriedOver() throws {
        func scenes(_ name: String) throws -> [SceneImporter.ImportedScene] {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: InterfaceBuilderCorpusTests.file(name))))
            return try SceneImporter(registry: .standard).importFile(bytes, name: name).scenes
        }
        let attributes = try scenes("IBDecodable+IBDecodable+Tests+Resources+StoryboardAttributes.storyboard")
        let bar = try #require(attributes.first { $0.text.contains("type: NavigationBar") })
        #expect(
            bar.text.contains(
                "    title: \"Novo Investimento\"\n    leftItems: [cancelButton]\n    rightItems: [doneButton]\n"))
        #expect(bar.text.contains("    title: \"Cancel\"\n    tintColor: \"#CE1E00\"\n"))
        let menu = try #require(
            scenes("tgebarowski+SwiftBehaviors+SwiftBehaviors+Examples+Main.storyboard").first {
                $0.name == "MenuViewController"
            })
        #expect(
            menu.text.contains(
                #"{title: "Transitions", rows: ["Cell Expansion in UICollectionView", "Cell Expansion in UITableView"]}"#
            ))
        #expect(menu.text.contains("    title: \"Behaviors\"\n"))
        #expect(menu.text.contains("    topInset: 44\n"))
        #expect(loads(menu))
    }
}
