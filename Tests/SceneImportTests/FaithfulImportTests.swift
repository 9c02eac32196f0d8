import SceneBehaviours
import SceneCore
import SceneImport
import SceneLoader
import Testing

/// An import writes exactly the scene the file says, or says what it did
/// not carry over; and a scene it writes passes its own check. Each test is
/// a class of input that once gave another scene, or one `check` refused.
@Suite struct FaithfulImportTests {
    /// The errors `check` finds in what `scene` wrote (none, for every test here).
    private func checkErrors(_ scene: SceneImporter.ImportedScene) -> [String] {
        let model = SceneLoader(registry: .standard).model(of: SceneSource(name: "x.yaml", text: scene.text))
        let errors = model.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(model.isLoadable, "\(errors)\n\(scene.text)")
        return errors
    }

    /// The id the scene gives the object of Interface Builder id `ibID`.
    private func id(of ibID: String, in scene: SceneImporter.ImportedScene) -> String? {
        scene.text.split(separator: "\n").first { $0.hasSuffix("  # \(ibID)") }.map {
            String($0.drop { $0 == " " }.prefix { $0 != ":" })
        }
    }

    @Test func anIdOfAnyLengthIsShortenedToAValidOneWithAStableEnding() throws {
        let long = String(repeating: "very", count: 300)
        let scene = try importViews(
            """
            <label id="L-1" userLabel="\(long)a" text="x"/>
            <label id="L-2" userLabel="\(long)b" text="y"/>
            """)
        let first = try #require(id(of: "L-1", in: scene))
        let second = try #require(id(of: "L-2", in: scene))
        #expect(first.count == 64 && second.count == 64 && first != second)
        #expect(first.hasPrefix("veryvery") && SceneRegistry.isIdentifier(first))
        #expect(
            try importViews(#"<label id="L-1" userLabel="\#(long)a" text="x"/>"#).text.contains("  \(first):  # L-1"))
        #expect(checkErrors(scene) == [])
    }

    @Test func numbersAreWrittenSoThatTheyReadBackToTheSameDouble() throws {
        let scene = try importViews(
            """
            <slider id="S-1" minValue="0.123456789" maxValue="1e308" value="1e20"/>
            <stepper id="E-1" minimumValue="-0.30000000000000004" maximumValue="12345678.9" stepValue="0.0001" value="0"/>
            """)
        for line in [
            "    minimum: 0.123456789\n", "    maximum: 1e+308\n", "    value: 1e+20\n",
            "    minimum: -0.30000000000000004\n", "    maximum: 12345678.9\n", "    step: 0.0001\n",
        ] {
            #expect(scene.text.contains(line), "\(line)")
        }
        #expect(!scene.text.contains("inf") && !scene.text.contains("9.999999999999998e+19"))
        #expect(checkErrors(scene) == [])
        #expect(scene.warnings.isEmpty)
        // A number beyond what a Double holds is said, never written as inf.
        let huge = try importViews(#"<slider id="S-1" minValue="0" maxValue="1e400" value="0"/>"#)
        #expect(
            messages(huge).contains("'maxValue' is 1e400, beyond any number a scene holds; it is not carried over"))
        #expect(!huge.text.contains("maximum") && !huge.text.contains("Everything in it was carried over"))
        #expect(checkErrors(huge) == [])
    }

    @Test func anOutletNamedLikeAKeyTheObjectHasWritesNoSecondKey() throws {
        let scene = try importViews(
            """
            <view id="P-1" userLabel="Panel"><rect key="frame" x="0" y="0" width="100" height="100"/></view>
            <label id="L-1" text="x"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <connections><outlet property="parent" destination="P-1" id="o-1"/></connections></label>
            """)
        #expect(scene.text.components(separatedBy: "    parent: ").count == 3, "\(scene.text)")
        #expect(scene.text.contains("  xLabel:  # L-1\n    type: Label\n    parent: view\n"))
        #expect(
            messages(scene).contains(
                "the outlet 'parent' is not carried over: a view's 'parent' in a scene is the view it is inside in the file"
            ))
        #expect(checkErrors(scene) == [])
    }

    @Test(arguments: ["Null", "NULL", "True", "yes", "On", "off", "No", "Y"])
    func idsThatYAMLReadsAsOtherThanTextAreQuotedEverywhere(label: String) throws {
        let id = label.lowercased()
        let parent = try importViews(
            """
            <view id="N-1" userLabel="\(label)"><rect key="frame" x="0" y="0" width="100" height="100"/>
                <subviews><label id="L-1" text="Hi"><rect key="frame" x="0" y="0" width="50" height="30"/></label></subviews></view>
            """)
        #expect(parent.text.contains("  \"\(id)\":  # N-1\n"), "\(parent.text)")
        #expect(parent.text.contains("  hiLabel:  # L-1\n    type: Label\n    parent: \"\(id)\"\n"))
        #expect(checkErrors(parent) == [])
        let provider = try importViews(
            """
            <button id="B-1" userLabel="\(label)"><rect key="frame" x="0" y="0" width="50" height="30"/><state key="normal" title="Go"/></button>
            """,
            others: """
                <customObject id="T-1" customClass="TimeoutController">
                    <connections><outletCollection property="interactionProviders" destination="B-1" id="o-1"/></connections>
                </customObject>
                """)
        #expect(provider.text.contains("    providers: [\"\(id)\"]\n"), "\(provider.text)")
        #expect(checkErrors(provider) == [])
    }

    @Test func textInCDATAIsKept() throws {
        let scene = try importViews(
            """
            <label id="L-1"><string key="text"><![CDATA[Terms & <Conditions>]]> apply</string></label>
            """)
        #expect(scene.text.contains("    text: \"Terms & <Conditions> apply\"\n"), "\(scene.text)")
    }

    @Test func aNumberThatIsNotOneIsAWarningAtItsLineSayingWhatWasDone() throws {
        let scene = try importViews(
            """
            <view id="W-1"><rect key="frame" x="1e400" y="abc" width="1,5" height="-5"/></view>
            <view id="W-2" alpha="nan"><rect key="frame" x="0" y="0" width="200000" height="inf"/></view>
            <slider id="S-1" minValue="nan" maxValue="0x10" value="0.5"/>
            <stackView id="K-1" spacing="-3"/>
            """)
        let expected = [
            "the frame's 'x' is 1e400, beyond any number a scene holds; 0 is used",
            "the frame's 'y' is 'abc', not a number; 0 is used",
            "the frame's 'width' is '1,5', not a number; 0 is used",
            "the frame's 'height' is -5, a negative size; 0 is used",
            "'alpha' is 'nan', not a number; it is not carried over",
            "the frame's 'width' is 200000, beyond what a scene takes (0 to 100000); 100000 is used",
            "the frame's 'height' is 'inf', not a number; 0 is used",
            "'minValue' is 'nan', not a number; it is not carried over",
            "'maxValue' is '0x10', not a number; it is not carried over",
            "'spacing' is -3, outside what a scene takes (0 to 100000); 0 is used",
        ]
        for message in expected { #expect(messages(scene).contains(message), "\(messages(scene))") }
        let frameLine = try #require(scene.warnings.first { $0.message.hasPrefix("the frame's 'x'") })
        #expect(frameLine.position.line == 10)
        #expect(!scene.text.contains("Everything in it was carried over"))
        #expect(scene.text.contains("    frame: {x: 0, y: 0, width: 0, height: 0}\n"))
        #expect(checkErrors(scene) == [])
    }

    @Test func aRootViewThatGivesNoCanvasSaysSo() throws {
        let scene = try importObjects(
            """
            <viewController id="V-C-1" sceneMemberID="viewController">
                <view key="view" id="R-O-T"><rect key="frame" x="0" y="0" width="nan" height="480"/></view>
            </viewController>
            """)
        #expect(!scene.text.contains("canvas:"))
        #expect(messages(scene).contains { $0.hasPrefix("the root view's frame gives no canvas") })
        #expect(!scene.text.contains("Everything in it was carried over"))
        // An unknown device, where the device would have given the canvas.
        let text = storyboard(
            """
            <viewController id="V-C-1" sceneMemberID="viewController"><view key="view" id="R-O-T"/></viewController>
            """
        ).replacingOccurrences(of: "<scenes>", with: "<device id=\"retina99\" orientation=\"portrait\"/><scenes>")
        let unknown = try importOne(Array(text.utf8))
        #expect(
            messages(unknown).contains(
                "the device 'retina99' is not one the importer knows, and the root view's frame gives no size; the scene has no canvas"
            ))
        let known = try importOne(Array(text.replacingOccurrences(of: "retina99", with: "retina4_7").utf8))
        #expect(known.text.contains("canvas: {width: 375, height: 667}\n") && known.warnings.isEmpty)
    }

    @Test func aColourOutsideZeroToOneIsWarnedAboutNotClampedSilently() throws {
        let scene = try importViews(
            """
            <view id="C-1"><color key="backgroundColor" red="1.2" green="0.5" blue="-0.25" alpha="1" colorSpace="custom" customColorSpace="extendedSRGB"/></view>
            """)
        #expect(scene.text.contains("    backgroundColor: \"#FF8000\"\n"))
        #expect(
            messages(scene).contains(
                "the colour's 'red' 1.2, 'blue' -0.25 are outside 0 to 1, which a scene's colours take; it is taken as #FF8000"
            ))
    }

    @Test func idsDoNotDependOnTheOrderOfTheObjects() throws {
        let labels = [("x-1", "a"), ("x.1", "b"), ("x 1", "c"), ("x_1", "d")].map { ibID, text in
            #"<label id="\#(ibID)" userLabel="X" text="\#(text)"/>"#
        }
        let forward = try importViews(labels.joined(separator: "\n"))
        let backward = try importViews(labels.reversed().joined(separator: "\n"))
        var ids: Set<String> = []
        for ibID in ["x-1", "x.1", "x 1", "x_1"] {
            let written = try #require(id(of: ibID, in: forward))
            #expect(written == id(of: ibID, in: backward), "\(ibID)")
            #expect(written.hasPrefix("x_x_1_") && SceneRegistry.isIdentifier(written))
            ids.insert(written)
        }
        #expect(ids.count == 4)
        #expect(checkErrors(forward) == [])
    }

    @Test func anOutletOfAnObjectToItselfDoesNotNameIt() throws {
        let scene = try importViews(
            "",
            others: """
                <customObject id="H-1" customClass="TimeoutControllerHost">
                    <connections><outlet property="timeoutController" destination="H-1" id="o-1"/></connections>
                </customObject>
                """)
        #expect(id(of: "H-1", in: scene) == "timeoutControllerHost_H_1")
    }

    @Test func anEmptyStoryboardIdentifierNamesTheFileAfterTheInput() throws {
        let text = storyboard(
            """
            <viewController id="V-C-1" storyboardIdentifier="" customClass="" sceneMemberID="viewController">
                <view key="view" id="R-O-T"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
            </viewController>
            """)
        let scenes = try SceneImporter(registry: .standard).importFile(Array(text.utf8), name: "Main.storyboard")
        #expect(scenes.scenes.map(\.name) == ["Main"])
    }
}
