import SceneCore
import Testing

@testable import SceneDrawing

/// A stack's `distribution`, as UIStackView shares its length: a
/// horizontal bar 300 points wide holding views 40, 60 and 100 wide,
/// 10 apart.
@Suite struct LayoutDistributionTests {
    static func frames(
        _ distribution: LayoutDistribution?, width: Double = 300, hidden: Int? = nil,
        priorities: [ContentPriorities] = []
    ) -> [Rect?] {
        var nodes = [
            LayoutNode(
                frame: Rect(x: 0, y: 0, width: width, height: 50),
                layout: StackLayout(
                    axis: .horizontal, spacing: 10, padding: 0, alignment: .fill, distribution: distribution))
        ]
        for (index, length) in [40.0, 60, 100].enumerated() {
            var node = LayoutNode(
                parent: 0, intrinsicSize: Size(width: length, height: 20), isHidden: index == hidden)
            if index < priorities.count { node.contentPriorities = priorities[index] }
            nodes.append(node)
        }
        return Layout.frames(of: nodes, canvas: Size(width: 400, height: 400))
    }

    /// Each view's x and width.
    static func spans(_ frames: [Rect?]) -> [[Double]] {
        frames.dropFirst().map { frame in frame.map { [$0.x, $0.width] } ?? [] }
    }

    @Test func withoutADistributionViewsStackFromTheStart() {
        #expect(Self.spans(Self.frames(nil)) == [[0, 40], [50, 60], [120, 100]])
    }

    @Test func fillEquallyGivesEveryViewTheSameLength() {
        let length = (300.0 - 20) / 3
        #expect(
            Self.spans(Self.frames(.fillEqually)) == [[0, length], [length + 10, length], [2 * length + 20, length]])
    }

    @Test func fillProportionallyScalesTheContentToTheStack() {
        #expect(Self.spans(Self.frames(.fillProportionally)) == [[0, 56], [66, 84], [160, 140]])
    }

    @Test func equalSpacingSharesTheRoomOverBetweenTheViews() {
        #expect(Self.spans(Self.frames(.equalSpacing)) == [[0, 40], [90, 60], [200, 100]])
    }

    @Test func equalCenteringPutsTheCentresEquallyApart() {
        let spans = Self.spans(Self.frames(.equalCentering))
        #expect(spans == [[0, 40], [105, 60], [200, 100]])
        // Centres 20, 135 and 250: 115 apart.
        #expect(spans.map { $0[0] + $0[1] / 2 } == [20, 135, 250])
    }

    @Test func fillGrowsTheViewThatHugsLeast() {
        let loose = ContentPriorities(hugging: (200, 250), resistance: (750, 750))
        #expect(
            Self.spans(Self.frames(.fill, priorities: [.standard, loose, .standard]))
                == [[0, 40], [50, 140], [200, 100]])
        // Tied: the last grows.
        #expect(Self.spans(Self.frames(.fill)) == [[0, 40], [50, 60], [120, 180]])
    }

    @Test func fillShrinksTheViewThatResistsLeastFirst() {
        let weak = ContentPriorities(hugging: (250, 250), resistance: (100, 750))
        // 150 points for 220: the weak one gives its 40, then the last of the tied its 30.
        #expect(
            Self.spans(Self.frames(.fill, width: 150, priorities: [weak, .standard, .standard]))
                == [[0, 0], [10, 60], [80, 70]])
    }

    @Test func aHiddenViewTakesNoShare() {
        let frames = Self.frames(.fillEqually, hidden: 1)
        #expect(frames[1]?.width == 145)
        #expect(frames[3]?.x == 155)
        #expect(frames[3]?.width == 145)
    }

    @Test func theDistributionIsReadAndWrittenOnlyWhenNamed() {
        let value = SceneValue.map([
            SceneValue.Pair("axis", .enumCase("horizontal")),
            SceneValue.Pair("distribution", .enumCase("equalSpacing")),
        ])
        let layout = StackLayout(sceneValue: value)
        #expect(layout?.distribution == .equalSpacing)
        let plain = StackLayout(sceneValue: .map([SceneValue.Pair("axis", .enumCase("vertical"))]))
        #expect(plain != nil)
        #expect(plain?.distribution == nil)
        #expect(
            StackLayout(
                sceneValue: .map([
                    SceneValue.Pair("axis", .enumCase("vertical")),
                    SceneValue.Pair("distribution", .enumCase("spread")),
                ])) == nil)
        guard case .map(let pairs)? = layout?.sceneValue else {
            Issue.record("a layout is not written as a mapping")
            return
        }
        #expect(pairs.map(\.key) == ["axis", "spacing", "padding", "alignment", "distribution"])
        #expect(StackLayout.standard.sceneValue.description.contains("distribution") == false)
    }
}
