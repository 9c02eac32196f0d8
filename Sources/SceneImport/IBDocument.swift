import SceneLoader
import SceneYAML

/// An Interface Builder document (`.storyboard` or `.xib`, document
/// version 3.0, as Xcode 6 to 16 write them) for iOS: what becomes one
/// scene file each (a storyboard's scenes, a xib's objects), the device,
/// and the resources colours refer to. macOS (Cocoa) and WatchKit
/// documents and the legacy `<archive>` format are refused.
package struct IBDocument {
    /// A storyboard scene, or a xib's objects: one scene file.
    package struct Unit {
        /// The storyboard identifier, the controller's custom class, or nil.
        package var name: String?
        /// The scene's title from the controller (`userLabel`), for the header.
        package var controller: IBElement?
        /// The `<objects>` element.
        package var objects: IBElement
        /// Where the unit begins, for messages.
        package var position: SourcePosition
    }

    /// Whether the document is a storyboard (else a xib).
    package let isStoryboard: Bool
    /// The units, in document order.
    package let units: [Unit]
    /// The canvas the `<device>` element gives, if any.
    package let deviceCanvas: (width: Double, height: Double)?
    /// The `<device>` element, if any.
    package let device: IBElement?
    /// The `<systemColor>` resources by name.
    package let systemColors: [String: IBElement]
    /// The root element.
    package let root: IBElement
    /// How the controllers contain one another (navigation and tab bar controllers).
    let controllers: IBControllers

    /// Checks `root` and finds its units.
    ///
    /// - Throws: an `unsupported-document` ``Diagnostic`` for anything but
    ///   an iOS storyboard or xib of version 3.0.
    package init(_ root: IBElement) throws(Diagnostic) {
        self.root = root
        let at = SourceSpan(at: root.position)
        if root.name == "archive" {
            throw Diagnostic(
                .unsupportedDocument,
                "this is a legacy Interface Builder archive (<archive>), not a document of version 3.0",
                at: at, hint: "open it in Xcode and save it, which writes the current format")
        }
        guard root.name == "document", let type = root["type"] else {
            throw Diagnostic(
                .unsupportedDocument, "this is not an Interface Builder document (its root is <\(root.name)>)", at: at,
                hint: "give a .storyboard or .xib file")
        }
        if type.hasPrefix("com.apple.InterfaceBuilder3.Cocoa.") || root["targetRuntime"] == "MacOSX.Cocoa" {
            throw Diagnostic(
                .unsupportedDocument, "this is a macOS (Cocoa) document; only iOS storyboards and xibs are imported",
                at: at, hint: "the standard types model UIKit's controls, not AppKit's")
        }
        if type.contains("WatchKit") || (root["targetRuntime"] ?? "").contains("watchKit") {
            throw Diagnostic(
                .unsupportedDocument, "this is a WatchKit document; only iOS storyboards and xibs are imported", at: at,
                hint: "WatchKit interfaces have no views of UIKit's kind")
        }
        guard type.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch.") else {
            throw Diagnostic(
                .unsupportedDocument, "the document type '\(type)' is not an iOS storyboard or xib", at: at,
                hint: "give a .storyboard or .xib made for iOS")
        }
        guard root["version"] == "3.0" else {
            throw Diagnostic(
                .unsupportedDocument, "the document version '\(root["version"] ?? "")' is not 3.0", at: at,
                hint: "open it in Xcode and save it, which writes version 3.0")
        }
        isStoryboard = type.contains("Storyboard")
        var units: [Unit] = []
        if isStoryboard {
            for scene in root.child("scenes")?.children(named: "scene") ?? [] {
                guard let objects = scene.child("objects") else { continue }
                let controller = objects.children.first { $0["sceneMemberID"] == "viewController" }
                let name = [controller?["storyboardIdentifier"], controller?["customClass"]].lazy.compactMap { $0 }
                    .first { !$0.isEmpty }
                units.append(Unit(name: name, controller: controller, objects: objects, position: scene.position))
            }
        } else if let objects = root.child("objects") {
            units.append(Unit(name: nil, controller: nil, objects: objects, position: objects.position))
        }
        self.units = units
        controllers = IBControllers(units: units)
        var colors: [String: IBElement] = [:]
        for resource in root.child("resources")?.children ?? [] where resource.name == "systemColor" {
            if let name = resource["name"] { colors[name] = resource }
        }
        systemColors = colors
        device = root.child("device")
        deviceCanvas = device.flatMap(Self.canvas)
    }

    /// The size of a `<device>` in points, turned for landscape.
    static func canvas(_ device: IBElement) -> (width: Double, height: Double)? {
        let sizes: [String: (Double, Double)] = [
            "retina3_5": (320, 480), "retina4_0": (320, 568), "retina4_7": (375, 667), "retina5_5": (414, 736),
            "retina5_9": (375, 812), "retina6_1": (414, 896), "retina6_5": (414, 896), "retina6_12": (390, 844),
            "retina6_72": (428, 926), "iPhone12": (390, 844), "iPad": (768, 1024), "ipad9_7": (768, 1024),
            "ipad10_5": (834, 1112), "ipad11": (834, 1194), "ipad12_9": (1024, 1366), "ipad12_9rounded": (1024, 1366),
        ]
        guard let id = device["id"], let (width, height) = sizes[id] else { return nil }
        return device["orientation"] == "landscape" ? (height, width) : (width, height)
    }
}

/// What Interface Builder's element names are as UIKit classes.
enum UIKitNames {
    /// The UIKit class an element of `name` is (`button` is `UIButton`),
    /// or `nil` for an element that is not an object.
    static func className(ofElement name: String) -> String? {
        if let special = special[name] { return special }
        guard viewElements.contains(name) || name.hasSuffix("GestureRecognizer") else { return nil }
        return "UI" + name.prefix(1).uppercased() + name.dropFirst()
    }

    private static let special: [String: String] = [
        "mapView": "MKMapView", "wkWebView": "WKWebView", "containerView": "UIView",
        "tableViewCellContentView": "UIView", "collectionViewCellContentView": "UIView", "glkView": "GLKView",
        "skView": "SKView", "sceneKitView": "SCNView", "mtkView": "MTKView", "arskView": "ARSKView",
        "arscnView": "ARSCNView",
    ]

    /// The element names of UIKit's views.
    static let viewElements: Set<String> = [
        "view", "label", "button", "slider", "textField", "switch", "activityIndicatorView", "progressView",
        "stepper", "segmentedControl", "pageControl", "tableView", "imageView", "stackView", "scrollView",
        "visualEffectView", "textView", "tableViewCell", "collectionView", "collectionViewCell",
        "collectionReusableView", "datePicker", "pickerView", "webView", "navigationBar", "toolbar", "tabBar",
        "searchBar", "containerView", "tableViewCellContentView", "collectionViewCellContentView", "mapView",
        "wkWebView", "glkView", "skView", "sceneKitView", "mtkView", "arskView", "arscnView",
    ]

    /// Whether `name` is an element of a view (or one of the elements
    /// that stand for another kit's view).
    static func isView(_ name: String) -> Bool { viewElements.contains(name) || special[name] != nil }
}
