import SceneCore
import SceneImport
import SceneLoader
import Testing

/// The XML reader refuses what XML refuses, at the line and column where it
/// is, reads what XML reads (CDATA, references, line breaks), and costs
/// time in proportion to the file, however its attributes are spread.
@Suite struct XMLReaderTests {
    /// The diagnostic reading `text` throws; fails the test when it reads.
    private func refusal(_ text: String, limits: XMLLimits = XMLLimits()) -> Diagnostic? {
        do {
            _ = try XMLTreeReader.read(Array(text.utf8), limits: limits)
            Issue.record("read: \(text.prefix(80))")
            return nil
        } catch {
            return error
        }
    }

    /// Five lines of a document, then `line6` as its sixth, then its end.
    private func sixthLine(_ line6: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <view id="a-b-c">
                    <subviews>
        \(line6)
                    </subviews>
                </view>
            </objects>
        </document>

        """
    }

    @Test(arguments: [
        (#"        <label id="l-1" text="a &#1; b"/>"#, 33, "'&#1;' refers to a character XML does not allow"),
        (#"        <label id="l-1" text="a &#xD800; b"/>"#, 33, "'&#xD800;' refers to a character XML does not allow"),
        (#"        <label id="l-1" text="a &#12 b"/>"#, 33, "'&#12 ' is not a character reference"),
        (#"        <label id="l-1" text="a" id="l-2"/>"#, 34, "the attribute 'id' appears twice in <label>"),
        ("        <!-- a -- b -->", 16, "'--' inside a comment, which XML does not allow"),
        (#"        <label id="l-1" text="&nbsp;"/>"#, 31, "'&nbsp;' is not one of XML's entities"),
        (#"        <label id="l-1" text="a & b"/>"#, 33, "a '&' that starts no reference"),
        (#"        <label id="l-1" text="a < b"/>"#, 33, "a '<' in the value of the attribute 'text'"),
        (#"        <label id="l-1"text="a"/>"#, 24, "no space before the attribute 'text' of <label>"),
        (#"        <label id="l-1" text/>"#, 29, "the attribute 'text' of <label> has no value"),
        (#"        <label id=l-1/>"#, 19, "the value of the attribute 'id' is not in quotes"),
        ("        a ]]> b", 11, "']]>' in text"),
        ("        < label/>", 9, "a '<' that starts no tag"),
        ("        <label></view>", 16, "the end tag </view> does not match the start tag <label> at 6:9"),
        ("        <?xml version=\"1.0\"?>", 9, "an XML declaration that is not at the very start of the file"),
        ("        <!ELEMENT view ANY>", 9, "the file declares a document type or entities"),
        ("        <!BOGUS>", 9, "'<!' starts no comment or CDATA section"),
        ("        <?pi;x?>", 13, "the processing instruction's name 'pi' is followed by ';'"),
    ])
    func aMistakeOnTheSixthLineIsReportedThere(line: String, column: Int, message: String) throws {
        let diagnostic = try #require(refusal(sixthLine(line)))
        #expect(diagnostic.position.line == 6, "\(diagnostic.message)")
        #expect(diagnostic.position.column == column, "\(diagnostic.message)")
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        #expect(diagnostic.hint != nil)
    }

    @Test func whatComesAfterTheRootIsRefusedWhereItIs() throws {
        let document =
            #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects/></document>"#
        let second = try #require(refusal(document + "\n  " + document + "\n"))
        #expect(second.code == .xmlSyntax)
        #expect(second.position.line == 2 && second.position.column == 3)
        #expect(second.message == "malformed XML: a second root element <document> after the end of <document>")
        let junk = try #require(refusal(document + "\njunk\n"))
        #expect(junk.position.line == 2 && junk.position.column == 1)
        #expect(junk.message == "malformed XML: text after the root element's end tag ('junk')")
        let endTag = try #require(refusal(document + "</document>"))
        #expect(endTag.message.contains("an end tag </document> after the root element's end tag"))
        // Comments, processing instructions and white space may follow the root.
        #expect(throws: Never.self) { try XMLTreeReader.read(Array((document + "\n<!-- x -->\n<?pi x?>\n\n").utf8)) }
    }

    @Test func aFileCutShortNamesTheElementItEndsIn() throws {
        let whole = sixthLine(#"        <label id="l-1" text="Hello"/>"#)
        let cut = String(whole.prefix(while: { $0 != "H" }))
        let inValue = try #require(refusal(cut))
        #expect(inValue.message == "malformed XML: the file ends inside the value of the attribute 'text'")
        #expect(inValue.position.line == 6)
        let end = try #require(whole.range(of: "</subviews>"))
        let afterTag = String(whole[..<end.lowerBound])
        let open = try #require(refusal(afterTag))
        #expect(open.message == "malformed XML: the file ends inside <subviews>, whose start tag is at 5:13")
        #expect(open.position.line == 7)
        #expect(!open.message.contains("extra content"))
    }

    @Test func whatIsNotAnXMLFileIsSaidInTheUsersTerms() throws {
        let empty = try #require(refusal(""))
        #expect(empty.message == "the file is empty")
        #expect(empty.position == .start)
        let yaml = try #require(refusal("scene: Login\nobjects:\n  a: {type: View}\n"))
        #expect(yaml.message == "this is not XML: the file starts with 'scene: Login', where XML starts with '<'")
        #expect(yaml.hint?.contains("scene-runner check") == true)
        let blank = try #require(refusal("<?xml version=\"1.0\"?>\n\n"))
        #expect(blank.message == "malformed XML: the file ends before its root element")
        let latin = try #require(refusal("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><document/>"))
        #expect(latin.code == .invalidEncoding)
        #expect(latin.position.column == 31)
        let control = try #require(refusal("<document>\n a\u{1}</document>"))
        #expect(control.message == "malformed XML: a character XML does not allow (U+0001)")
        #expect(control.position.line == 2 && control.position.column == 3)
    }

    @Test func textIsReadAsXMLSaysCDATAAndReferencesIncluded() throws {
        let root = try XMLTreeReader.read(
            Array(
                "\u{FEFF}<?xml version='1.0' encoding='utf-8' standalone='yes'?>\r\n<!-- a comment -->\r\n<document a='x&#10;y&#x9;z' b=\"1\r\n2\">\r\n<string key=\"text\"><![CDATA[Terms & <Conditions>]]> apply &amp; &#x1F600;\r\nend</string>\r\n</document>"
                    .utf8))
        #expect(root.name == "document")
        #expect(root["a"] == "x\ny\tz")
        #expect(root["b"] == "1 2")
        let string = try #require(root.child("string"))
        #expect(string.text == "Terms & <Conditions> apply & \u{1F600}\nend")
        #expect(string.position.line == 5 && string.position.column == 1)
    }

    @Test func theAttributesOfOneElementAreBoundedAndTheirDuplicateFoundByHashing() throws {
        let attributes = (0..<200_000).map { " a\($0)=\"\($0)\"" }.joined()
        let one = try #require(refusal("<document\n" + attributes + "/>"))
        #expect(one.code == .fileTooLarge)
        #expect(one.message == "the element <document> has more than 256 attributes")
        let at257th = try #require(attributes.range(of: " a256=")).lowerBound
        #expect(
            one.position.line == 2
                && one.position.column == attributes.distance(from: attributes.startIndex, to: at257th) + 2)
        // Under a raised limit, 200,000 attributes are read (a duplicate
        // is looked up, not searched for: docs/Import.md has the times).
        var limits = XMLLimits()
        limits.maxAttributes = 300_000
        let root = try XMLTreeReader.read(Array(("<document" + attributes + "/>").utf8), limits: limits)
        #expect(root.attributes.count == 200_000 && root["a199999"] == "199999")
        let duplicate = try #require(refusal("<document" + attributes + " a1=\"again\"/>", limits: limits))
        #expect(duplicate.message == "malformed XML: the attribute 'a1' appears twice in <document>")
    }

    @Test func aValueLongerThanTheLimitIsRefusedByItsSize() throws {
        let long = String(repeating: "x", count: (1 << 20) + 1)
        let value = try #require(refusal("<document>\n  <label text=\"\(long)\"/></document>"))
        #expect(value.code == .fileTooLarge)
        #expect(value.message == "the value of the attribute 'text' is longer than 1048576 bytes")
        #expect(value.position.line == 2 && value.position.column == 10)
        let text = try #require(refusal("<document><string>\(long)</string></document>"))
        #expect(text.message == "the text of <string> is longer than 1048576 bytes")
    }
}
