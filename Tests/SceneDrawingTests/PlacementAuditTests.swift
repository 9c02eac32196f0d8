import SceneCore
import Testing

@testable import SceneDrawing

/// What ``PlacementAudit`` finds out of place once views are laid out.
@Suite struct PlacementAuditTests {
    let phone = Size(width: 390, height: 844)

    private func audit(
        _ nodes: [LayoutNode], texts: [TextToFit?]? = nil, canvas: Size? = nil, safeArea: EdgeInsets = .zero
    ) -> [PlacementFinding] {
        PlacementAudit.findings(
            nodes, ids: nodes.indices.map { "v\($0)" }, texts: texts ?? nodes.map { _ in nil }, canvas: canvas ?? phone,
            safeArea: safeArea)
    }

    /// The example: a horizontal bar of buttons wider than the
    /// phone; its last button (47 wide) ends past the canvas's right edge.
    @Test func aHorizontalStackLongerThanItsRoomIsReportedAndSoIsTheViewPastItsEdge() {
        let widths = [60.0, 80, 90, 70, 47]
        let nodes =
            [LayoutNode(layout: StackLayout(axis: .horizontal))]
            + widths.map { LayoutNode(parent: 0, intrinsicSize: Size(width: $0, height: 44)) }
        let findings = audit(nodes)
        let content = widths.reduce(0, +) + 4 * 8
        #expect(
            findings.first
                == PlacementFinding(id: "v0", kind: .stackOverflow(axis: .horizontal, content: content, room: 358)))
        // The last button starts at 16 + 300 + 32 = 348 and ends at 395, past the bar's 374.
        #expect(
            findings.dropFirst().first
                == PlacementFinding(
                    id: "v5",
                    kind: .outside(parent: "v0", overhang: EdgeInsets(right: 395 - 374), isWhollyOutside: false)))
        #expect(findings.count == 2)
    }

    @Test func aViewPastTheCanvasIsReportedOnceAtTheOutermostViewOut() {
        let nodes = [
            LayoutNode(frame: Rect(x: 380, y: -10, width: 40, height: 40)),
            LayoutNode(parent: 0, frame: Rect(x: 0, y: 0, width: 40, height: 40)),
            LayoutNode(frame: Rect(x: 500, y: 0, width: 10, height: 10)),
        ]
        let findings = audit(nodes)
        #expect(
            findings == [
                PlacementFinding(
                    id: "v0",
                    kind: .outside(parent: nil, overhang: EdgeInsets(top: 10, right: 30), isWhollyOutside: false)
                ),
                PlacementFinding(
                    id: "v2", kind: .outside(parent: nil, overhang: EdgeInsets(right: 120), isWhollyOutside: true)),
            ])
    }

    @Test func hiddenViewsAndViewsInsideAreLeftAlone() {
        let nodes = [
            LayoutNode(frame: Rect(x: 380, y: 0, width: 40, height: 40), isHidden: true),
            LayoutNode(parent: 0, frame: Rect(x: 100, y: 0, width: 40, height: 40)),
            LayoutNode(frame: Rect(x: 0, y: 0, width: 390, height: 844)),
        ]
        #expect(audit(nodes).isEmpty)
    }

    @Test func aTextWiderThanItsViewIsReportedWithItsWidths() {
        let nodes = [
            LayoutNode(frame: Rect(x: 0, y: 0, width: 40, height: 20)),
            LayoutNode(frame: Rect(x: 0, y: 30, width: 300, height: 20)),
            LayoutNode(frame: Rect(x: 0, y: 60, width: 100, height: 36)),
        ]
        let label = TextToFit(member: "text", text: "Now playing")
        let field = TextToFit(member: "text", text: "Ada Lovelace", insets: 16)
        let findings = audit(nodes, texts: [label, label, field])
        let width = TextMetrics.width(of: "Now playing", fontSize: 17)
        let fieldWidth = TextMetrics.width(of: "Ada Lovelace", fontSize: 17)
        #expect(
            findings == [
                PlacementFinding(id: "v0", kind: .textCut(text: label, width: width, room: 40)),
                PlacementFinding(id: "v2", kind: .textCut(text: field, width: fieldWidth, room: 84)),
            ])
    }

    @Test func theCanvasStackInsideTheSafeAreaIsCheckedAgainstTheCanvas() {
        // Twenty rows of 44 points: 1,032 points with their spacing, from y 75.
        let nodes = (0..<20).map { _ in LayoutNode(intrinsicSize: Size(width: 10, height: 44)) }
        let device = Size(width: 393, height: 852)
        let findings = audit(nodes, canvas: device, safeArea: EdgeInsets(top: 59, bottom: 34))
        // Row k spans 75 + 52k ... + 44: rows from 15 on end past 852.
        #expect(findings.map(\.id) == (15..<20).map { "v\($0)" })
        #expect(
            findings.last?.kind
                == .outside(parent: nil, overhang: EdgeInsets(bottom: 75 + 52 * 19 + 44 - 852), isWhollyOutside: true))
    }
}
