import Foundation
import SceneCore
import Testing

@testable import SceneDrawing

/// Devices as canvases: their table, the safe area a root stack is laid out
/// inside, and the status bar and home indicator drawn over the views.
@Suite struct DeviceTests {
    @Test func namesSpellAModelAndAnOrientationPortraitByDefault() {
        #expect(Device.named("iPhone 15") == Device(.iPhone15))
        #expect(Device.named("iPhone 15 portrait") == Device(.iPhone15, .portrait))
        #expect(Device.named("iPhone 15 Pro Max landscape") == Device(.iPhone15ProMax, .landscape))
        #expect(Device.named("iphone 15") == nil)
        #expect(Device.named("iPhone 15 sideways") == nil)
        #expect(Device.names.count == 12)
        #expect(Device.names.allSatisfy { Device.named($0)?.name.hasPrefix($0.prefix(4)) ?? false })
    }

    @Test func landscapeSwapsTheSizeAndMovesTheInsetsToTheSides() {
        let portrait = Device(.iPhone15)
        let landscape = Device(.iPhone15, .landscape)
        #expect(portrait.size == Size(width: 393, height: 852))
        #expect(landscape.size == Size(width: 852, height: 393))
        #expect(portrait.safeArea == EdgeInsets(top: 59, bottom: 34))
        #expect(landscape.safeArea == EdgeInsets(left: 59, bottom: 21, right: 59))
        #expect(portrait.statusBarHeight == 54)
        #expect(landscape.statusBarHeight == 0)
        #expect(Device(.iPhoneSE).safeArea == EdgeInsets(top: 20))
        #expect(!Device(.iPhoneSE).hasHomeIndicator)
        #expect(Device(.iPad, .landscape).statusBarHeight == 24)
    }

    @Test func rootStackedViewsStartInsideTheSafeAreaAndFramedOnesDoNot() {
        let device = Device(.iPhone15)
        let nodes = [
            LayoutNode(intrinsicSize: Size(width: 50, height: 20)),
            LayoutNode(frame: Rect(x: 0, y: 0, width: 10, height: 10)),
        ]
        let frames = Layout.frames(of: nodes, canvas: device.size, safeArea: device.safeArea)
        #expect(frames[0] == Rect(x: 16, y: 59 + 16, width: 393 - 32, height: 20))
        #expect(frames[1] == Rect(x: 0, y: 0, width: 10, height: 10))
        let sideways = Device(.iPhone15, .landscape)
        let turned = Layout.frames(of: nodes, canvas: sideways.size, safeArea: sideways.safeArea)
        #expect(turned[0] == Rect(x: 59 + 16, y: 16, width: 852 - 2 * 59 - 32, height: 20))
    }

    @Test func aLayoutCacheLaysOutAgainWhenTheSafeAreaChanges() {
        let cache = LayoutCache()
        let nodes = [LayoutNode(intrinsicSize: Size(width: 50, height: 20))]
        let size = Size(width: 393, height: 852)
        _ = cache.frames(of: nodes, canvas: size)
        let inset = cache.frames(of: nodes, canvas: size, safeArea: EdgeInsets(top: 59))
        #expect(cache.solveCount == 2)
        #expect(inset[0]?.y == 75)
    }

    private func item(_ id: String) -> PictureItem {
        PictureItem(node: LayoutNode(intrinsicSize: Size(width: 50, height: 20)), id: id, typeName: "View") { _ in }
    }

    @Test func chromeDrawsTheStatusBarAndHomeIndicatorOverTheViews() {
        let device = Device(.iPhone15)
        let svg = Picture.svg([item("a")], canvas: device.size, safeArea: device.safeArea, chrome: device)
        let chrome = svg.range(of: #"<g data-chrome="device" data-device="iPhone 15">"#)
        #expect(chrome != nil)
        // After the views: on top of them.
        #expect((svg.range(of: #"data-id="a""#)?.lowerBound).map { $0 < (chrome?.lowerBound ?? $0) } == true)
        #expect(svg.contains(">9:41</text>"))
        // The home indicator: 134 by 5, 8 points above the bottom edge.
        #expect(svg.contains(#"x="129.5" y="839" width="134" height="5" rx="2.5""#))
        let plain = Picture.svg([item("a")], canvas: device.size, safeArea: device.safeArea)
        #expect(!plain.contains("data-chrome"))
        #expect(!plain.contains("9:41"))
    }

    @Test func anIPhoneInLandscapeHasNoStatusBarAndTheSEHasNoHomeIndicator() {
        let landscape = Device(.iPhone15, .landscape)
        let turned = Picture.svg([], canvas: landscape.size, chrome: landscape)
        #expect(turned.contains("data-chrome"))
        #expect(!turned.contains("9:41"))
        let se = Device(.iPhoneSE)
        let old = Picture.svg([], canvas: se.size, chrome: se)
        #expect(old.contains("9:41"))
        #expect(!old.contains(#"width="134" height="5""#))
    }
}
