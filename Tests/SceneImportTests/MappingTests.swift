import Foundation
import SceneBehaviours
import SceneCore
import SceneImport
import SceneLoader
import TestSupport
import Testing

/// Each UIKit class, colour form, value and connection, and each warning
/// for what is not carried over.
@Suite struct MappingTests {
    @Test func eachControlCarriesItsValues() throws {
        let scene = try importViews(
            """
            <label id="L-1" text="Hello there" hidden="YES" alpha="0.5"><rect key="frame" x="1" y="2" width="3" height="4"/>
                <color key="textColor" red="1" green="0.5" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></label>
            <textField id="T-1" text="abc" placeholder="Name"><rect key="frame" x="0" y="0" width="10" height="10"/></textField>
            <segmentedControl id="S-1" selectedSegmentIndex="1"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <segments><segment title="First"/><segment title="Second"/></segments></segmentedControl>
            <pageControl id="P-1" numberOfPages="3" currentPage="2"><rect key="frame" x="0" y="0" width="10" height="10"/></pageControl>
            <activityIndicatorView id="A-1" animating="YES"><rect key="frame" x="0" y="0" width="10" height="10"/></activityIndicatorView>
            <stackView id="K-1" axis="vertical" spacing="8" alignment="center"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <subviews><button id="B-1"><rect key="frame" x="0" y="0" width="5" height="5"/><state key="normal" title="OK"/></button></subviews></stackView>
            """)
        let text = scene.text
        #expect(
            text.contains(
                "  helloThereLabel:  # L-1\n    type: Label\n    parent: view\n    frame: {x: 1, y: 2, width: 3, height: 4}\n    hidden: true\n    alpha: 0.5\n    textColor: \"#FF8000\"\n    text: \"Hello there\"\n"
            ))
        #expect(text.contains("    text: \"abc\"\n    placeholder: \"Name\"\n"))
        #expect(text.contains("    segments: [\"First\", \"Second\"]\n    selectedIndex: 1\n"))
        #expect(text.contains("    numberOfPages: 3\n    currentPage: 2\n"))
        #expect(text.contains("    layout: {axis: vertical, spacing: 8, alignment: center}\n"))
        // A stack's views are placed by its layout, not by their frames.
        #expect(text.contains("  okButton:  # B-1\n    type: Button\n    parent: view_K_1\n    title: \"OK\"\n"))
        #expect(text.contains("    type: ActivityIndicator\n"))
        #expect(text.contains("    startsAnimating: true\n"), "\(text)")
        #expect(loads(scene))
    }

    @Test func stylesFontsAlignmentsAndTintsAreCarriedOver() throws {
        let scene = try importViews(
            """
            <label id="L-1" text="Title" textAlignment="center"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="22"/></label>
            <label id="L-2" text="Bold"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <fontDescription key="fontDescription" type="boldSystem" pointSize="15"/></label>
            <button id="B-1" buttonType="system" contentHorizontalAlignment="leading"><rect key="frame" x="0" y="0" width="5" height="5"/>
                <state key="normal" title="Go"/><buttonConfiguration key="configuration" style="filled" title="Go"/>
                <color key="tintColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></button>
            <switch id="W-1" on="YES"><rect key="frame" x="0" y="0" width="5" height="5"/>
                <color key="onTintColor" red="0" green="0" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></switch>
            <activityIndicatorView id="A-1" style="large"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <color key="color" red="0" green="1" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></activityIndicatorView>
            """)
        let text = scene.text
        #expect(
            text.contains("    font: {size: 22, weight: semibold}\n    textAlignment: center\n    text: \"Title\"\n"),
            "\(text)")
        #expect(text.contains("    font: {size: 15, weight: bold}\n"))
        #expect(
            text.contains("    tintColor: \"#FF0000\"\n    style: filled\n    textAlignment: left\n    title: \"Go\"\n")
        )
        #expect(text.contains("    tintColor: \"#0000FF\"\n"))
        #expect(text.contains("    color: \"#00FF00\"\n    style: large\n"))
        #expect(!messages(scene).contains { $0.contains("font(s)") || $0.contains("tint colour(s)") })
        #expect(loads(scene))
    }

    @Test func theControlsStoryboardsUseMapToTheirStandardTypes() throws {
        let scene = try importViews(
            """
            <switch id="W-1" on="YES"><rect key="frame" x="0" y="0" width="10" height="10"/></switch>
            <stepper id="E-1" value="2" minimumValue="1" maximumValue="9" stepValue="2"><rect key="frame" x="0" y="0" width="10" height="10"/></stepper>
            <progressView id="G-1" progress="0.25"><rect key="frame" x="0" y="0" width="10" height="10"/></progressView>
            <imageView id="I-1" image="martian"><rect key="frame" x="0" y="0" width="10" height="10"/></imageView>
            """)
        let expected: [(String, String, String)] = [
            ("Switch", "UISwitch", "    isOn: true\n"), ("Stepper", "UIStepper", "    value: 2\n"),
            ("ProgressView", "UIProgressView", "    progress: 0.25\n"),
            ("ImageView", "UIImageView", "    image: \"martian\"\n"),
        ]
        for (type, _, line) in expected {
            #expect(scene.text.contains("    type: \(type)\n"), "\(type)")
            #expect(scene.text.contains(line), "\(line)")
        }
        #expect(loads(scene))
    }

    @Test func colourFormsBecomeSceneColours() throws {
        let colours = [
            #"white="0.5" alpha="1" colorSpace="calibratedWhite""#: "#808080",
            #"red="0" green="0" blue="1" alpha="0.5" colorSpace="calibratedRGB""#: "#0000FF80",
            #"red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB""#: "#FF0000",
            #"white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace""#: "#FFFFFF",
            #"cocoaTouchSystemColor="groupTableViewBackgroundColor""#: "#EFEFF4",
            #"systemColor="systemRedColor""#: "#FF3B30",
            #"systemColor="systemBackgroundColor""#: "#FFFFFF",
        ]
        for (attributes, hex) in colours {
            let scene = try importViews(
                "<view id=\"C-1\"><color key=\"backgroundColor\" \(attributes)/></view>")
            #expect(scene.text.contains("    backgroundColor: \"\(hex)\"\n"), "\(attributes)")
        }
        let named = try importViews("<view id=\"C-1\"><color key=\"backgroundColor\" name=\"Brand\"/></view>")
        #expect(
            messages(named).contains(
                "the asset colour 'Brand' is in the asset catalogue, not in this file; the colour is not carried over"))
    }

    @Test func aSystemColourResourceOfTheDocumentWins() throws {
        let text = storyboard(
            """
            <view key="view" id="R-O-T"><color key="backgroundColor" systemColor="systemBackgroundColor"/></view>
            """
        ).replacingOccurrences(
            of: "</scenes>",
            with:
                "</scenes><resources><systemColor name=\"systemBackgroundColor\"><color white=\"0.25\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"/></systemColor></resources>"
        )
        let scene = try importOne(Array(text.utf8))
        #expect(scene.text.contains("    backgroundColor: \"#404040\"\n"))
    }

    @Test func whatIsNotCarriedOverIsReportedAtItsLineAndListedAtTheTop() throws {
        let scene = try importViews(
            """
            <view id="W-1"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <constraints><constraint firstAttribute="width" constant="10" id="k-1"/><constraint firstAttribute="height" constant="10" id="k-2"/></constraints>
                <variation key="heightClass=compact"/>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.borderWidth"><real key="value" value="1"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="size" keyPath="shadowSize"><size key="value" width="1" height="1"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="string" keyPath="cornerRadius" value="round"/>
                </userDefinedRuntimeAttributes>
                <connections><segue destination="X-Y-Z" kind="show" id="g-1"/></connections>
            </view>
            <tableView id="TV-1"><rect key="frame" x="0" y="0" width="10" height="10"/><prototypes><tableViewCell id="c-1"/></prototypes></tableView>
            <label id="F-1" text="x"><fontDescription key="fontDescription" name="Menlo-Regular" family="Menlo" pointSize="20"/></label>
            <button id="B-1"><state key="normal" title="Play"><color key="titleColor" white="1" alpha="1" colorSpace="calibratedWhite"/></state><state key="selected" title="Pause"/></button>
            """,
            others: """
                <customObject id="U-1" customClass="Unknown.Helper">
                    <connections><outlet property="target" destination="W-1" id="o-1"/></connections>
                </customObject>
                <placeholder placeholderIdentifier="IBFirstResponder" id="F-R"/>
                """)
        // Each with the code of its kind (docs/Import.md, "What is reported, and why").
        let expected: [(message: String, code: DiagnosticCode)] = [
            (
                "2 Auto Layout constraint(s) are not carried over: they relate a view Interface Builder places by its frame, a view's own margins or a layout guide other than the safe area; those views keep the frames saved",
                .constraintsNotImported
            ),
            ("1 size class variation(s) are not carried over; the base values are", .attributeNotImported),
            ("the layer key path 'layer.borderWidth' is not carried over", .attributeNotImported),
            ("the runtime attribute 'shadowSize' of type size is not carried over", .attributeNotImported),
            ("the value does not fit 'cornerRadius' of View (Double); it is not carried over", .attributeNotImported),
            ("the show segue is not carried over; a scene is one screen", .segueNotImported),
            ("the table's 1 prototype cell(s) are not carried over", .elementNotImported),
            ("1 font(s) are not carried over; the standard controls draw the system font", .attributeNotImported),
            (
                "1 title(s) of other states (selected, highlighted, disabled) are not carried over",
                .attributeNotImported
            ),
            ("1 other colour(s) (such as a shadow's or a title's) are not carried over", .attributeNotImported),
            ("'Helper' has no registered type; the object is left out, with its 1 connection", .classNotRegistered),
            (
                "1 empty TableData(s) added for the required outlet 'data' of TableView; the app fills it in code",
                .objectAdded
            ),
        ]
        for (message, code) in expected {
            #expect(scene.warnings.contains { $0.message == message && $0.code == code }, "\(message): \(code)")
        }
        #expect(
            scene.warnings.allSatisfy { $0.severity == .warning && DiagnosticCode.importWarnings.contains($0.code) })
        #expect(scene.warnings.map(\.position) == scene.warnings.map(\.position).sorted())
        // `    <connections><segue`, the 13th line of the views, after the 5 of the storyboard and 4 of the controller.
        let segue = try #require(scene.warnings.first { $0.message.contains("segue") })
        #expect(segue.position.line == 18 && segue.position.column == 18)
        for warning in scene.warnings {
            #expect(
                scene.text.contains("#   \(warning.position.line):\(warning.position.column): \(warning.message)\n"))
        }
        #expect(loads(scene))
    }

    @Test func actionsBecomeWiringAndTheirMistakesAreReported() throws {
        let scene = try importViews(
            """
            <slider id="S-1" value="0.5" minValue="0" maxValue="1"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <connections>
                    <action selector="count:" destination="E-C" eventType="valueChanged" id="a-1"/>
                    <action selector="nothing:" destination="E-C" eventType="valueChanged" id="a-2"/>
                    <action selector="fire" destination="E-C" eventType="touchDragInside" id="a-3"/>
                </connections>
            </slider>
            """,
            others: """
                <tapGestureRecognizer id="G-1"><connections><action selector="fire:" destination="E-C" id="a-4"/></connections></tapGestureRecognizer>
                <customObject id="E-C" customClass="EventCounter" userLabel="Counter"/>
                """,
            map: try ImportMap.read(Array("classes: { EventCounter: { actions: { count: fire } } }".utf8)))
        #expect(scene.text.contains("    on:\n      valueChanged: counter.fire\n"))
        #expect(
            scene.text.contains(
                "  tapGesture_G_1:  # G-1\n    type: TapGesture\n    on:\n      recognized: counter.fire\n"))
        #expect(
            messages(scene).contains("EventCounter has no action 'nothing'; the action 'nothing:' is not carried over"))
        #expect(
            messages(scene).contains("Slider has no event 'touchDragInside'; the action 'fire' is not carried over"))
        #expect(loads(scene))
    }

    @Test func theMapRenamesClassesOutletsAndPropertiesAndItsMistakesArePlaced() throws {
        let map = try ImportMap.read(
            Array(
                """
                classes:
                  MyShake: ShakeAnimation
                  MyShakeWithKeys:
                    type: ShakeAnimation
                    outlets: { target: view }
                    properties: { amplitude: maxOffset }
                """.utf8))
        let scene = try importViews(
            "<view id=\"W-1\"/>",
            others: """
                <customObject id="M-1" customClass="App.MyShakeWithKeys">
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="number" keyPath="amplitude"><integer key="value" value="20"/></userDefinedRuntimeAttribute>
                    </userDefinedRuntimeAttributes>
                    <connections><outlet property="target" destination="W-1" id="o-1"/></connections>
                </customObject>
                <customObject id="M-2" customClass="MyShake"/>
                """, map: map)
        #expect(
            scene.text.contains(
                "  shakeAnimation_M_1:  # M-1\n    type: ShakeAnimation\n    maxOffset: 20\n    view: target\n"))
        #expect(scene.text.contains("  shakeAnimation_M_2:  # M-2\n    type: ShakeAnimation\n"))
        do {
            _ = try ImportMap.read(Array("classes:\n  A:\n    outlet: { a: b }\n".utf8))
            Issue.record("a misspelt key was read")
        } catch {
            #expect(error.position.line == 3 && error.position.column == 5)
            #expect(error.message.contains("unknown key 'outlet'"))
        }
        #expect(throws: Diagnostic.self) { try ImportMap.read(Array("classes: [a".utf8)) }
    }

    @Test func theStandardMapIsReadWhole() throws {
        let map = try ImportMap.read(Array(ImportMap.standardText.utf8))
        #expect(map == ImportMap.standard)
        #expect(map.classes["AuthFormBehaviour"]?.actions["submitForm"] == "submit")
        #expect(map.classes["TimeoutController"]?.outlets["interactionProviders"] == "providers")
        #expect(map.classes["ShakeAnimationImp"]?.type == "ShakeAnimation")
        #expect(map.classes["UISwitch"]?.type == "Switch")
    }

    @Test func aViewWhoseCustomClassIsNotAViewTypeKeepsItsUIKitType() throws {
        let scene = try importViews(
            #"<button id="B-1" customClass="EventCounter"><state key="normal" title="Go"/></button>"#)
        #expect(scene.text.contains("  goButton:  # B-1\n    type: Button\n    parent: view\n"))
        #expect(
            messages(scene).contains(
                "the custom class 'EventCounter' is registered as EventCounter, which is not a view; imported as UIButton's type"
            ))
        #expect(loads(scene))
    }

    @Test func idsComeFromOutletsThenLabelsThenTitlesThenIBIds() throws {
        let scene = try importViews(
            """
            <button id="B-1"><state key="normal" title="Sign up now!"/></button>
            <button id="B-2" userLabel="Big Red Button"><state key="normal" title="Go"/></button>
            <button id="B-3"><state key="normal" title="Go"/></button>
            <button id="B-4"/>
            """,
            others: """
                <customObject id="H-1" customClass="HighlightBehaviour">
                    <connections><outlet property="highlighted" destination="B-4" id="o-1"/></connections>
                </customObject>
                """)
        #expect(scene.text.contains("  signUpNowButton:  # B-1\n"))
        #expect(scene.text.contains("  bigRedButton:  # B-2\n"))
        #expect(scene.text.contains("  goButton:  # B-3\n"))
        #expect(scene.text.contains("  highlighted:  # B-4\n"))
        #expect(scene.text.contains("  highlightBehaviour_H_1:  # H-1\n"))
    }

    @Test func aLabelsLinesAndLineBreakModeAreCarriedOverOrWarnedAbout() throws {
        let scene = try importViews(
            """
            <label id="L-1" text="A long explanation" numberOfLines="0" lineBreakMode="wordWrap"><rect key="frame" x="0" y="0" width="300" height="60"/></label>
            <label id="L-2" text="Plain" numberOfLines="1" lineBreakMode="tailTruncation"><rect key="frame" x="0" y="0" width="300" height="20"/></label>
            <label id="L-3" text="Odd" numberOfLines="2.5" lineBreakMode="sideways"><rect key="frame" x="0" y="0" width="300" height="20"/></label>
            <label id="L-4" text="Head" numberOfLines="3" lineBreakMode="headTruncation"><rect key="frame" x="0" y="0" width="300" height="20"/></label>
            """)
        let text = scene.text
        #expect(text.contains("    numberOfLines: 0\n    lineBreakMode: byWordWrapping\n"), "\(text)")
        #expect(text.contains("    numberOfLines: 3\n    lineBreakMode: byTruncatingHead\n"))
        // UIKit's defaults are left out.
        #expect(!text.contains("numberOfLines: 1"))
        #expect(!text.contains("byTruncatingTail"))
        #expect(
            messages(scene).contains("the label's 'numberOfLines' is '2.5', not a whole number; it is not carried over")
        )
        #expect(
            messages(scene).contains {
                $0.hasPrefix(
                    "the label's 'lineBreakMode' is 'sideways', not one of Interface Builder's (characterWrap, clip,")
            })
        #expect(loads(scene))
    }

    @Test func aDelegateOutletNamesAnObjectOnlyByItsTypeOrItsOwner() throws {
        let scene = try importViews(
            """
            <textField id="T-1" placeholder="Email"><connections><outlet property="delegate" destination="C-1" id="d-1"/></connections></textField>
            <textField id="T-2" placeholder="Name"><connections><outlet property="delegate" destination="C-2" id="d-2"/></connections></textField>
            <textField id="T-3" placeholder="City"><connections><outlet property="delegate" destination="C-3" id="d-3"/></connections></textField>
            <textField id="T-4" placeholder="Code"><connections><outlet property="delegate" destination="C-4" id="d-4"/></connections></textField>
            """,
            others: """
                <customObject id="C-1" customClass="ShakeAnimation"/>
                <customObject id="C-2" customClass="HighlightBehaviour"/>
                <customObject id="C-3" customClass="HighlightBehaviour"/>
                <customObject id="C-4" customClass="TimeoutController"/>
                <customObject id="C-5" customClass="TimeoutControllerHost">
                    <connections><outlet property="timeoutController" destination="C-4" id="o-1"/></connections>
                </customObject>
                """)
        // The only outlet is a role: the type names the object.
        #expect(scene.text.contains("  shakeAnimation:  # C-1\n"), "\(scene.text)")
        // Two alike: told apart by the fields they serve.
        #expect(scene.text.contains("  nameTextFieldDelegate:  # C-2\n"))
        #expect(scene.text.contains("  cityTextFieldDelegate:  # C-3\n"))
        // An outlet that names it wins over a role met earlier in the file.
        #expect(scene.text.contains("  timeoutController:  # C-4\n"))
        #expect(!scene.text.contains("  delegate:"))
    }
}

/// docs/Import.md shows the standard map whole, as the importer reads it.
@Suite struct ImportDocsTests {
    @Test func theDocsShowTheStandardMapAsBuiltIn() throws {
        let docs = try String(
            contentsOf: packageRoot.appendingPathComponent("docs/Import.md"), encoding: .utf8)
        #expect(docs.contains("```\n" + ImportMap.standardText + "\n```\n"))
    }
}

extension MappingTests {
    @Test func aStacksDistributionIsCarriedOver() throws {
        let scene = try importViews(
            """
            <stackView id="K-1" axis="horizontal" spacing="4" distribution="fillEqually"><rect key="frame" x="0" y="0" width="200" height="40"/>
                <subviews><button id="B-1"><rect key="frame" x="0" y="0" width="5" height="5"/><state key="normal" title="One"/></button>
                <button id="B-2"><rect key="frame" x="0" y="0" width="5" height="5"/><state key="normal" title="Two"/></button></subviews></stackView>
            """)
        #expect(
            scene.text.contains(
                "    layout: {axis: horizontal, spacing: 4, alignment: fill, distribution: fillEqually}\n"),
            "\(scene.text)")
        #expect(!scene.text.contains("distribution 'fillEqually' is not carried over"))
        #expect(loads(scene))
    }
}
