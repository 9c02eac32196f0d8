import SceneBehaviours
import SceneCore
import SceneImport
import SceneLoader
import Testing

/// A storyboard is XML from anywhere: no document type definition or
/// entity is read, limits hold while reading, and what is not an iOS
/// document of version 3.0 is refused, each at its line and column.
@Suite struct UntrustedXMLTests {
    /// The diagnostic importing `text` throws; fails the test when it imports.
    private func refusal(_ text: String, limits: XMLLimits = XMLLimits()) -> Diagnostic? {
        do {
            _ = try SceneImporter(registry: .standard, limits: limits).importFile(Array(text.utf8), name: "x.xib")
            Issue.record("imported: \(text.prefix(80))")
            return nil
        } catch {
            return error
        }
    }

    @Test func entityExpansionIsRefusedAtItsDeclarationAndNeverExpanded() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE document [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
              <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
              <!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
            ]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects><view id="a-b-c"><label id="l-b-c" text="&lol9;"/></view></objects>
            </document>
            """
        let diagnostic = try #require(refusal(laughs))
        #expect(diagnostic.code == .unsupportedDocument)
        #expect(diagnostic.position.line == 2 && diagnostic.position.column == 1)
        #expect(diagnostic.message.contains("document type or entities"))
    }

    @Test func anExternalEntityIsRefusedAndNeverRead() throws {
        let xxe = """
            <?xml version="1.0"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <!ENTITY secret SYSTEM "file:///etc/passwd">
              <objects><view id="a-b-c"><label id="l-b-c" text="&secret;"/></view></objects>
            </document>
            """
        let diagnostic = try #require(refusal(xxe))
        #expect(diagnostic.code == .unsupportedDocument)
        #expect(diagnostic.position.line == 3 && diagnostic.position.column == 1)
        let doctype = """
            <?xml version="1.0"?>
            <!DOCTYPE document SYSTEM "file:///etc/passwd">
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects/></document>
            """
        #expect(refusal(doctype)?.code == .unsupportedDocument)
    }

    @Test func malformedXMLIsAnErrorAtItsLine() throws {
        let broken = """
            <?xml version="1.0"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects>
                <view id="a-b-c">
              </objects>
            </document>
            """
        let diagnostic = try #require(refusal(broken))
        #expect(diagnostic.code == .xmlSyntax)
        // The mismatch is at `</objects>`, which does not close `<view>`.
        #expect(diagnostic.position.line == 5 && diagnostic.position.column == 3)
        #expect(diagnostic.message.contains("</objects> does not match the start tag <view> at 4:5"))
        #expect(refusal("")?.code == .xmlSyntax)
        #expect(refusal("not xml at all")?.code == .xmlSyntax)
    }

    @Test func theLimitsStopTheReadingAtTheElementThatPassesThem() throws {
        let deep =
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n"
            + String(repeating: "<a>\n", count: 40) + String(repeating: "</a>", count: 40) + "</document>"
        var limits = XMLLimits()
        limits.maxDepth = 30
        let tooDeep = try #require(refusal(deep, limits: limits))
        #expect(tooDeep.code == .nestingTooDeep)
        #expect(tooDeep.position.line == 31 && tooDeep.position.column == 1)
        limits = XMLLimits()
        limits.maxElements = 20
        let tooMany = try #require(refusal(deep, limits: limits))
        #expect(tooMany.code == .fileTooLarge)
        #expect(tooMany.position.line == 21)  // the 21st element: <document> is the first
        limits = XMLLimits()
        limits.maxBytes = 100
        #expect(refusal(deep, limits: limits)?.code == .fileTooLarge)
    }

    @Test func documentsThatAreNotIOSVersionThreeAreRefusedWithTheirReason() throws {
        let cocoa = #"<document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0"/>"#
        #expect(refusal(cocoa)?.message.contains("macOS (Cocoa)") == true)
        let watch = #"<document type="com.apple.InterfaceBuilder.WatchKit.Storyboard" version="3.0"/>"#
        #expect(refusal(watch)?.message.contains("WatchKit") == true)
        let archive = #"<archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00"><data/></archive>"#
        #expect(refusal(archive)?.message.contains("legacy Interface Builder archive") == true)
        let old = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="2.0"/>"#
        #expect(refusal(old)?.message.contains("version '2.0' is not 3.0") == true)
        let html = "<html><body/></html>"
        #expect(refusal(html)?.message.contains("not an Interface Builder document") == true)
        for text in [cocoa, watch, archive, old, html] { #expect(refusal(text)?.code == .unsupportedDocument) }
    }

    @Test func textThatWouldBreakTheSceneStaysInsideItsValues() throws {
        // An attribute can hold a line break (&#10;): never a new YAML line.
        let scene = try importObjects(
            """
            <view key="view" id="r-o-o">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
                <subviews>
                    <label id="l-a-b" text="a&#10;objects: {}&#10;b" userLabel="x&#10;y: 1" customClass="Evil&#10;type: Q"/>
                </subviews>
            </view>
            """)
        let loaded = SceneLoader(registry: .standard).validate(SceneSource(name: "x.yaml", text: scene.text))
        guard case .success(let declaration) = loaded else {
            Issue.record("the scene did not load:\n\(scene.text)")
            return
        }
        #expect(declaration.objects.count == 2)
        #expect(scene.text.contains("    text: \"a\\x0Aobjects: {}\\x0Ab\"\n"))
    }

    @Test func positionsOnOneLongLineCountCharacters() throws {
        let line =
            #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>"#
            + #"<view id="V-1"><subviews><label id="L-1" text="ééé"/></subviews></view>"#
            + #"<customObject id="C-1" customClass="Nope"/><customObject id="C-2" customClass="Neither"/></objects></document>"#
        let scenes = try SceneImporter(registry: .standard).importFile(Array(line.utf8), name: "x.xib").scenes
        let warnings = try #require(scenes.first).warnings
        let columns = { (name: String) -> Int? in
            line.range(of: "<customObject id=\"C-\(name)").map {
                line.distance(from: line.startIndex, to: $0.lowerBound) + 1
            }
        }
        #expect(warnings.map(\.position.line) == [1, 1])
        #expect(warnings.map(\.position.column) == [columns("1"), columns("2")].compactMap { $0 })
        #expect(warnings.map(\.message).first?.contains("'Nope'") == true)
    }

    @Test func textThatIsNotUTF8IsRefusedAtItsByteBeforeTheParserSeesIt() throws {
        // Checked before the XML is read: a value is decoded from UTF-8 as it is.
        var bytes = Array(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">"#.utf8)
        bytes += Array("\n<objects><view id=\"".utf8) + [0xFF, 0xFE] + Array("\"/></objects></document>".utf8)
        do {
            _ = try SceneImporter(registry: .standard).importFile(bytes, name: "x.xib")
            Issue.record("imported")
        } catch {
            #expect(error.code == .invalidEncoding)
            #expect(error.position.line == 2 && error.position.column == 20)
        }
        let nul = Array("<document>\u{0}</document>".utf8)
        #expect(throws: Diagnostic.self) { try SceneImporter(registry: .standard).importFile(nul, name: "x.xib") }
    }

    @Test func aDamagedFileWithTwoObjectsOfOneIdGivesAValidScene() throws {
        let scene = try importObjects(
            """
            <view key="view" id="R-O-T"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <subviews><label id="S-A-M" text="a"/><label id="S-A-M" text="b"/></subviews></view>
            <customObject id="S-A-M" customClass="EventCounter"/>
            """)
        #expect(messages(scene).filter { $0.hasPrefix("a second object has the id 'S-A-M'") }.count == 2)
        let loaded = SceneLoader(registry: .standard).validate(SceneSource(name: "x.yaml", text: scene.text))
        if case .failure(let error) = loaded { Issue.record("\(error.rendered)") }
    }
}
