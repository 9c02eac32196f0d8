import SceneCore
import SceneLoader
import Testing

/// `ConstraintSyntax` reads the constraints of issue 45's grammar, and
/// refuses with the place (UTF-8 offsets into the text), the reason and a
/// hint what it cannot read and what UIKit would refuse.
@Suite struct ConstraintSyntaxTests {
    private func parsed(_ text: String) throws -> LayoutConstraint {
        try ConstraintSyntax.parse(text).get()
    }

    private func problem(_ text: String) -> ConstraintSyntax.Problem? {
        if case .failure(let problem) = ConstraintSyntax.parse(text) { return problem }
        return nil
    }

    /// The text a problem points at.
    private func pointed(_ text: String) -> String? {
        guard let problem = problem(text) else { return nil }
        let bytes = Array(text.utf8)
        guard problem.offsets.upperBound <= bytes.count else { return nil }
        return String(decoding: bytes[problem.offsets], as: UTF8.self)
    }

    @Test func everyFormOfTheIssueReads() throws {
        #expect(
            try parsed("leading == parent.leading + 16")
                == LayoutConstraint(
                    first: .leading, relation: .equal, second: (LayoutAnchorItem(.parent), .leading), constant: 16))
        #expect(
            try parsed("width == 0.5 * parent.width")
                == LayoutConstraint(
                    first: .width, relation: .equal, second: (LayoutAnchorItem(.parent), .width), multiplier: 0.5))
        #expect(
            try parsed("width >= 200") == LayoutConstraint(first: .width, relation: .greaterThanOrEqual, constant: 200))
        let low = try #require(LayoutPriority(250))
        #expect(
            try parsed("width == 400 @250")
                == LayoutConstraint(first: .width, relation: .equal, constant: 400, priority: low))
        #expect(
            try parsed("top == canvas.safeArea.top")
                == LayoutConstraint(
                    first: .top, relation: .equal, second: (LayoutAnchorItem(.canvas, guide: .safeArea), .top)))
        #expect(
            try parsed("trailing == parent.trailing - 20")
                == LayoutConstraint(
                    first: .trailing, relation: .equal, second: (LayoutAnchorItem(.parent), .trailing), constant: -20))
    }

    @Test func itemsPrioritiesAndSpacing() throws {
        let packed = try parsed("height<=2*card.title.height-4.5@high")
        #expect(packed.relation == .lessThanOrEqual)
        #expect(packed.secondItem == LayoutAnchorItem(.object("card.title")))
        #expect(packed.secondAttribute == .height)
        #expect(packed.multiplier == 2)
        #expect(packed.constant == -4.5)
        #expect(packed.priority == .high)
        #expect(
            try parsed("centerX == login.margins.centerX @ required").secondItem
                == LayoutAnchorItem(.object("login"), guide: .margins))
        #expect(try parsed("bottom == parent.margins.bottom @low").priority == .low)
        #expect(try parsed("height == -5").constant == -5)
        #expect(try parsed("firstBaseline == other.lastBaseline").secondAttribute == .lastBaseline)
        // A size may follow the other axis' size: an aspect ratio.
        #expect(try parsed("width == 0.75 * photo.height").secondAttribute == .height)
        #expect(try parsed("left == parent.left").first == .left)
        #expect(try parsed("width == 400").priority.isRequired)
    }

    @Test func malformedTextIsRefusedWhereItIsWrong() throws {
        #expect(problem("")?.message == "the constraint is empty")
        #expect(problem("   ")?.message == "the constraint is empty")
        #expect(pointed("lead == parent.leading") == "lead")
        #expect(problem("lead == parent.leading")?.hint == "did you mean 'leading'?")
        #expect(pointed("leading = parent.leading") == "=")
        #expect(problem("leading = parent.leading")?.hint == "the relations are '==', '>=' and '<='")
        #expect(pointed("leading parent.leading") == "parent.leading")
        #expect(pointed("leading == parent.lead") == "lead")
        #expect(pointed("leading == parent") == "parent")
        #expect(pointed("leading == parent.") == "parent.")
        #expect(pointed("leading == parent.leading +") == "")
        #expect(problem("leading == parent.leading +")?.message == "expected a number after '+'")
        #expect(pointed("leading == parent.leading 16") == "16")
        #expect(pointed("width == 2 * 3") == "3")
        #expect(pointed("width == 12px") == "12px")
        #expect(pointed("width == parent.width # note") == "#")
        #expect(pointed("width == parent.width ≥ 3") == "≥")
        #expect(pointed("parent.width == 3") == "parent.width")
        #expect(pointed("top == parent.card.top") == "parent.card")
    }

    @Test func prioritiesOutsideUIKitsRangeAreRefused() {
        #expect(pointed("width == 400 @0") == "0")
        #expect(problem("width == 400 @1001")?.message == "the priority 1001 is outside 1 to 1000")
        #expect(problem("width == 400 @hihg")?.hint == "did you mean 'high'?")
        #expect(pointed("width == 400 @") == "")
        #expect(problem("width == 400 @1") == nil)
        #expect(problem("width == 400 @1000") == nil)
    }

    @Test func whatUIKitCannotRelateIsRefused() {
        let mixed = problem("leading == canvas.top")
        #expect(mixed?.message == "'leading' is horizontal and 'top' vertical: positions are related along one axis")
        #expect(pointed("leading == canvas.top") == "canvas.top")
        #expect(
            problem("width == parent.leading")?.message.contains("'width' is a size and 'leading' a position") == true)
        #expect(
            problem("leading == parent.left")?.hint
                == "use leading and trailing on both sides, or left and right on both")
        #expect(problem("right == parent.trailing") != nil)
        #expect(pointed("leading == 16") == "16")
        #expect(problem("leading == 16")?.hint == "relate it to another item's, as in 'leading == parent.leading + 16'")
        #expect(pointed("centerX == 0 * parent.centerX") == "0")
        #expect(problem("centerX == 0.5 * parent.centerX") == nil)
    }

    @Test func offsetsCountUTF8Bytes() {
        // An id cannot hold 'é'; the problem points at the whole character.
        let text = "width == é.width"
        #expect(problem(text)?.offsets == 9..<11)
        #expect(pointed(text) == "é")
    }

    @Test func aLongTextIsRefusedWhole() {
        let text = "width == " + String(repeating: "1", count: ConstraintSyntax.maxLength)
        #expect(problem(text)?.offsets == 0..<text.utf8.count)
    }
}
