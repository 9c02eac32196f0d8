import Foundation
import SceneBehaviours
import SceneCore
import SceneDrawing
import SceneImport
import SceneLoader
import TestSupport
import Testing

/// A view Interface Builder lays out by constraints is written with them
/// instead of its saved frame, and lays out where Interface Builder saved it.
@Suite struct ConstraintImportTests {
    /// A 320 by 480 screen with a safe area: a title label pinned to the
    /// safe area and the margins, a field beside it taking the rest, a button
    /// whose constraints Interface Builder wrote with the root view first, a
    /// square view by a "1:1" multiplier, and a view with a frame alone.
    static let views = """
        <label id="L-1" text="Name" horizontalHuggingPriority="251" verticalHuggingPriority="251" translatesAutoresizingMaskIntoConstraints="NO">
            <rect key="frame" x="16" y="20" width="42" height="21"/></label>
        <textField id="T-1" placeholder="Email" translatesAutoresizingMaskIntoConstraints="NO">
            <rect key="frame" x="66" y="13.5" width="238" height="34"/></textField>
        <button id="B-1" translatesAutoresizingMaskIntoConstraints="NO">
            <rect key="frame" x="16" y="416" width="288" height="44"/><state key="normal" title="Go"/></button>
        <view id="Q-1" translatesAutoresizingMaskIntoConstraints="NO">
            <rect key="frame" x="110" y="150" width="100" height="100"/></view>
        <view id="F-1"><rect key="frame" x="5" y="300" width="50" height="20"/></view>
        """

    static let rootExtras = """
        <viewLayoutGuide key="safeArea" id="S-A"/>
        <constraints>
            <constraint firstItem="L-1" firstAttribute="leading" secondItem="R-O-T" secondAttribute="leadingMargin" id="c-1"/>
            <constraint firstItem="L-1" firstAttribute="top" secondItem="S-A" secondAttribute="top" constant="20" id="c-2"/>
            <constraint firstItem="T-1" firstAttribute="leading" secondItem="L-1" secondAttribute="trailing" constant="8" id="c-3"/>
            <constraint firstItem="R-O-T" firstAttribute="trailingMargin" secondItem="T-1" secondAttribute="trailing" id="c-4"/>
            <constraint firstItem="T-1" firstAttribute="centerY" secondItem="L-1" secondAttribute="centerY" id="c-5"/>
            <constraint firstItem="B-1" firstAttribute="leading" secondItem="S-A" secondAttribute="leading" constant="16" id="c-6"/>
            <constraint firstItem="S-A" firstAttribute="trailing" secondItem="B-1" secondAttribute="trailing" constant="16" id="c-7"/>
            <constraint firstItem="S-A" firstAttribute="bottom" secondItem="B-1" secondAttribute="bottom" constant="20" id="c-8"/>
            <constraint firstItem="Q-1" firstAttribute="width" secondItem="Q-1" secondAttribute="height" multiplier="1:1" id="c-9"/>
            <constraint firstItem="Q-1" firstAttribute="width" secondItem="R-O-T" secondAttribute="width" multiplier="100/320" id="c-10"/>
            <constraint firstItem="Q-1" firstAttribute="centerX" secondItem="R-O-T" secondAttribute="centerX" id="c-11"/>
            <constraint firstItem="Q-1" firstAttribute="top" secondItem="S-A" secondAttribute="top" constant="150" placeholder="YES" id="c-12"/>
            <constraint firstItem="Q-1" firstAttribute="top" secondItem="S-A" secondAttribute="top" constant="150" id="c-13"/>
        </constraints>
        """

    /// The storyboard: `views` in a root view of 320 by 480 with `rootExtras`.
    static let text = storyboard(
        """
        <viewController id="V-C-1" sceneMemberID="viewController">
            <view key="view" id="R-O-T">
                <rect key="frame" x="0" y="0" width="320" height="480"/>
                <subviews>
        \(views)
                </subviews>
        \(rootExtras)
            </view>
        </viewController>
        """)

    @Test func constraintsAreWrittenOnTheViewTheyPlaceTurnedRoundWhereNeeded() throws {
        let scene = try importOne(Array(Self.text.utf8))
        let text = scene.text
        #expect(
            text.contains(
                """
                  nameLabel:  # L-1
                    type: Label
                    parent: view
                    constraints:
                      - leading == parent.margins.leading
                      - top == parent.safeArea.top + 20
                    text: "Name"
                    hugging: {horizontal: 251, vertical: 251}

                """), "\(text)")
        // Written with the root view first in the file: turned round onto the field and the button.
        #expect(text.contains("      - trailing == parent.margins.trailing\n"), "\(text)")
        #expect(text.contains("      - trailing == parent.safeArea.trailing - 16\n"))
        #expect(text.contains("      - bottom == parent.safeArea.bottom - 20\n"))
        // "1:1" and "100/320" multipliers.
        #expect(text.contains("      - width == view_Q_1.height\n      - width == 0.3125 * parent.width\n"))
        // A placeholder constraint (removed at build time) is not carried.
        #expect(text.components(separatedBy: "top == parent.safeArea.top + 150").count == 2)
        // A view Interface Builder places by its frame keeps it.
        #expect(text.contains("    frame: {x: 5, y: 300, width: 50, height: 20}\n"))
        #expect(!scene.warnings.contains { $0.code == .constraintsNotImported }, "\(scene.warnings.map(\.message))")
    }

    @Test func theImportedScreenLaysOutWhereInterfaceBuilderSavedIt() throws {
        let scene = try importOne(Array(Self.text.utf8))
        let source = SceneSource(name: "imported.yaml", text: scene.text)
        #expect(SceneLoader(registry: .standard).check(source).filter { $0.severity == .error }.isEmpty)
        let loaded = try SceneLoader(registry: .standard).load(source)
        var frames: [String: Rect] = [:]
        for view in ScenePicture.viewFrames(of: loaded) { frames[view.id] = view.frame }
        #expect(frames["nameLabel"]?.x == 16)
        #expect(frames["nameLabel"]?.y == 20)
        #expect(frames["goButton"] == Rect(x: 16, y: 416, width: 288, height: 44))
        #expect(frames["view_Q_1"] == Rect(x: 110, y: 150, width: 100, height: 100))
        let field = try #require(frames["emailTextField"], "\(frames)")
        #expect(field.maxX == 304)
    }
}
