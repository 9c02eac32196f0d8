import SceneCore
import Testing

@testable import SceneDrawing

/// Views with constraints are placed by the solver, the others where
/// frames and stacks put them; conflicts and open layouts are found.
@Suite struct ConstraintLayoutTests {
    let phone = Size(width: 390, height: 844)

    /// A node whose constraints are `texts`, naming the nodes `targets` gives (by id).
    private func node(
        parent: Int? = nil, _ texts: [String], targets: [String: Int] = [:], intrinsic: Size = .zero,
        priorities: ContentPriorities = .standard
    ) throws -> LayoutNode {
        var node = LayoutNode(parent: parent, intrinsicSize: intrinsic)
        node.contentPriorities = priorities
        node.constraints = try texts.enumerated().map { element, text in
            NodeConstraint(try ConstraintSyntax.parse(text).get(), element: element, parent: parent) { targets[$0] }
        }
        return node
    }

    @Test func edgesMultipliersAndConstantsPlaceAViewAsUIKitDoes() throws {
        let frames = Layout.frames(
            of: [
                try node([
                    "leading == canvas.leading + 20", "top == canvas.top + 40", "width == 0.5 * canvas.width",
                    "height == 100",
                ]),
                try node(
                    parent: 0,
                    [
                        "trailing == parent.trailing - 10", "bottom == parent.bottom - 10", "width == 50",
                        "height == 0.2 * parent.height",
                    ]),
            ], canvas: phone)
        #expect(frames[0] == Rect(x: 20, y: 40, width: 195, height: 100))
        #expect(frames[1] == Rect(x: 155, y: 110, width: 50, height: 20))
    }

    @Test func theSafeAreaAndTheMarginsAreInsideTheCanvasAsADevicesAre() throws {
        let safe = EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
        let frames = Layout.frames(
            of: [
                try node([
                    "leading == canvas.margins.leading", "trailing == canvas.margins.trailing",
                    "top == canvas.safeArea.top", "bottom == canvas.safeArea.bottom",
                ])
            ], canvas: phone, safeArea: safe)
        #expect(frames[0] == Rect(x: 16, y: 59, width: 358, height: 751))
        // A regular width takes 20-point margins.
        let wide = Layout.frames(
            of: [try node(["leading == canvas.margins.leading", "width == 10", "top == canvas.top", "height == 10"])],
            canvas: Size(width: 820, height: 1180))
        #expect(wide[0]?.x == 20)
    }

    @Test func aLabelHugsItsTextAndTheFieldBesideItGrows() throws {
        // A label (hugging 251) and a field (250) between the margins: the
        // field gives, as a form's row does in UIKit.
        let label = try node(
            ["leading == canvas.leading + 16", "top == canvas.top + 100"], intrinsic: Size(width: 80, height: 20),
            priorities: ContentPriorities(hugging: (251, 251), resistance: (750, 750)))
        let field = try node(
            ["leading == label.trailing + 8", "trailing == canvas.trailing - 16", "centerY == label.centerY"],
            targets: ["label": 0], intrinsic: Size(width: 100, height: 34))
        let frames = Layout.frames(of: [label, field], canvas: phone)
        #expect(frames[0] == Rect(x: 16, y: 100, width: 80, height: 20))
        #expect(frames[1] == Rect(x: 104, y: 93, width: 270, height: 34))
        // With the priorities the other way round, the label gives.
        var lowLabel = label
        lowLabel.contentPriorities = .standard
        var highField = field
        highField.contentPriorities = ContentPriorities(hugging: (251, 251), resistance: (750, 750))
        let swapped = Layout.frames(of: [lowLabel, highField], canvas: phone)
        #expect(swapped[1]?.width == 100)
        #expect(swapped[0]?.width == 250)
    }

    @Test func anOptionalConstraintGivesWayToARequiredOne() throws {
        let frames = Layout.frames(
            of: [
                try node([
                    "leading == canvas.leading", "top == canvas.top", "height == 10", "width == 400 @250",
                    "width <= canvas.width - 40",
                ])
            ], canvas: phone)
        #expect(frames[0]?.width == 350)
    }

    @Test func aStackInsideAConstrainedViewIsLaidOutInItsSolvedFrame() throws {
        var card = try node([
            "leading == canvas.leading + 10", "top == canvas.top + 10", "width == 200", "height == 300",
        ])
        card.layout = StackLayout(spacing: 4, padding: 8)
        let frames = Layout.frames(
            of: [
                card, LayoutNode(parent: 0, intrinsicSize: Size(width: 50, height: 20)),
                LayoutNode(parent: 0, intrinsicSize: Size(width: 50, height: 30)),
            ], canvas: phone)
        #expect(frames[1] == Rect(x: 18, y: 18, width: 184, height: 20))
        #expect(frames[2] == Rect(x: 18, y: 42, width: 184, height: 30))
    }

    @Test func aConstrainedViewNamesAStackedOneWhereTheStackPutsIt() throws {
        let frames = Layout.frames(
            of: [
                LayoutNode(intrinsicSize: Size(width: 50, height: 40)),
                try node(
                    ["leading == banner.leading", "top == banner.bottom + 10", "width == 100", "height == 10"],
                    targets: ["banner": 0]),
            ], canvas: phone)
        // The banner is stacked on the canvas (16 in, filling its width); the
        // constrained view takes no room in the stack.
        #expect(frames[0] == Rect(x: 16, y: 16, width: 358, height: 40))
        #expect(frames[1] == Rect(x: 16, y: 66, width: 100, height: 10))
    }

    @Test func requiredConstraintsThatCannotAllHoldAreFoundWithTheOneBroken() throws {
        let nodes = [
            try node(["leading == canvas.leading", "top == canvas.top", "width == 100", "height == 10", "width == 200"])
        ]
        let findings = Layout.constraintFindings(nodes, canvas: phone)
        #expect(findings == [.conflict(members: [(0, 2), (0, 4)], broken: 1)])
        // The layout goes on without the broken one.
        #expect(Layout.frames(of: nodes, canvas: phone)[0]?.width == 100)
    }

    @Test func viewsThatShareNoVariableAreSolvedApartEachConflictFound() throws {
        // Two views with a conflict each, on different axes, and a chain of views between them.
        let nodes = [
            try node(["leading == canvas.leading", "top == canvas.top", "width == 10", "width == 20", "height == 5"]),
            try node(["leading == canvas.leading", "top == canvas.top", "width == 10", "height == 5", "height == 6"]),
            try node(
                ["leading == a.trailing + 1", "top == a.bottom", "width == a.width", "height == 1"], targets: ["a": 0]),
        ]
        let findings = Layout.constraintFindings(nodes, canvas: phone)
        #expect(
            findings == [
                .conflict(members: [(0, 2), (0, 3)], broken: 1), .conflict(members: [(1, 3), (1, 4)], broken: 1),
            ])
        let frames = Layout.frames(of: nodes, canvas: phone)
        #expect(frames[2] == Rect(x: 11, y: 5, width: 10, height: 1))
    }

    @Test func aViewLeftOpenAlongAnAxisIsFound() throws {
        let findings = Layout.constraintFindings(
            [
                try node(["leading == canvas.leading", "width >= 10", "top == canvas.top", "height == 10"]),
                try node(["width == 10", "height == 10", "centerY == canvas.centerY"]),
                // Fixed through another view's constraint naming it.
                try node(["top == canvas.top", "height == 10", "width == 10"]),
                try node(
                    ["leading == last.trailing", "trailing == canvas.trailing", "top == canvas.top", "height == 1"],
                    targets: ["last": 2]),
            ], canvas: phone)
        #expect(
            findings == [
                .ambiguous(node: 0, axis: .horizontal, open: "width"),
                .ambiguous(node: 1, axis: .horizontal, open: "horizontal position"),
            ])
    }

    @Test func viewsWithoutConstraintsAreLaidOutAsBefore() throws {
        let nodes = [
            LayoutNode(layout: StackLayout(axis: .horizontal)),
            LayoutNode(parent: 0, intrinsicSize: Size(width: 60, height: 44)),
        ]
        #expect(Layout.constraintFindings(nodes, canvas: phone).isEmpty)
        #expect(Layout.frames(of: nodes, canvas: phone) == Layout.stackSolution(nodes, canvas: phone).frames)
    }

    @Test func aConstraintTextReadsBackAsTheSameConstraint() throws {
        for text in [
            "leading == parent.leading + 16", "width == 0.5 * parent.width", "width >= 200", "width == 400 @250",
            "top == canvas.safeArea.top", "trailing == card.title.trailing - 3.5 @750",
            "height <= 0.75 * canvas.margins.height",
        ] {
            let constraint = try ConstraintSyntax.parse(text).get()
            #expect(constraint.text == text)
            #expect(try ConstraintSyntax.parse(constraint.text).get() == constraint)
        }
    }
}
