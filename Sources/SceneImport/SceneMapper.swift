import SceneCore
import SceneLoader
import SceneYAML

/// One object of the scene an import makes: the element it comes from, its
/// registered type, and what it is given, each value already written as
/// the scene file writes it.
struct ImportedObject {
    let element: IBElement
    /// Interface Builder's id (`lX1-3d-YUP`).
    let ibID: String
    /// The class as the file names it: its custom class (module dropped)
    /// or its UIKit class.
    let ibClass: String
    /// The UIKit class it is declared on (`nil` for a custom object).
    let uikitClass: String?
    let type: TypeDescription
    /// The view it is inside, by Interface Builder id.
    var parent: String?
    /// Its frame, as written (`{x: 0, y: 0, width: 10, height: 10}`).
    var frame: String?
    /// Properties in the order they were found: name and written value.
    var properties: [(name: String, text: String)] = []
    /// Outlets by name: Interface Builder ids, in the file's order.
    var outlets: [(name: String, targets: [String])] = []
    /// `on:` wiring: event, then target (Interface Builder id) and action.
    var wiring: [(event: String, target: String, action: String)] = []
    /// A title for the id when no outlet or label names it (a button's title).
    var title: String?
    /// Its Auto Layout constraints, when Interface Builder lays it out by them.
    var constraints: [ImportedConstraint] = []
    /// Whether it is an arranged view of a stack view, which places it.
    var isInStack = false

    var isView: Bool { uikitClass != nil && !(uikitClass ?? "").hasSuffix("GestureRecognizer") }
}

/// Maps one unit of an Interface Builder document (a storyboard scene, a
/// xib's objects) to ``ImportedObject``s through a registry and an
/// ``ImportMap``, collecting a warning for everything it cannot carry over.
struct SceneMapper {
    let registry: SceneRegistry
    let map: ImportMap
    let document: IBDocument
    var objects: [ImportedObject] = []
    var index: [String: Int] = [:]
    /// Objects that are not imported, by id: placeholders, controllers and
    /// custom objects without a registered type, with how to name them.
    var absent: [String: String] = [:]
    /// Custom objects left out: their element, and how many connections to
    /// or from them were dropped with them.
    var leftOut: [String: (element: IBElement, ibClass: String, connections: Int)] = [:]
    /// The first outlet name pointing at each object, and the object it is on.
    var outletNames: [String: (name: String, source: String)] = [:]
    var warnings: [Diagnostic] = []
    /// Warnings of one kind reported once per unit: the first place, the count, the message.
    var grouped: [String: (element: IBElement, code: DiagnosticCode, count: Int, message: (Int) -> String)] = [:]
    var groupOrder: [String] = []
    /// The root views, in order (their frames give the canvas).
    var roots: [String] = []
    /// The layout guides of the unit, by IB id.
    var guides: [String: LayoutGuide] = [:]
    /// The `<constraint>`s read, each with the view whose `<constraints>`
    /// holds it, carried once every view is read (``carryConstraints()``).
    var pendingConstraints: [(owner: String, element: IBElement)] = []
    /// The room a navigation bar takes over the controller's root view:
    /// a root table's `topInset`, by which its static rows are placed.
    var rootTopInset = 0.0

    init(registry: SceneRegistry, map: ImportMap, document: IBDocument) {
        self.registry = registry
        self.map = map
        self.document = document
    }

    // MARK: - Warnings

    /// A warning with `code`, one of ``DiagnosticCode/importWarnings``.
    mutating func warn(_ code: DiagnosticCode, _ message: String, at element: IBElement, hint: String? = nil) {
        warnings.append(Diagnostic(code, message, at: SourceSpan(at: element.position), hint: hint, severity: .warning))
    }

    /// Counts one more of `kind`, reported once at its first place with `code`.
    mutating func count(
        _ kind: String, _ code: DiagnosticCode, at element: IBElement, by amount: Int = 1,
        _ message: @escaping (Int) -> String
    ) {
        if let existing = grouped[kind] {
            grouped[kind] = (existing.element, existing.code, existing.count + amount, existing.message)
        } else {
            grouped[kind] = (element, code, amount, message)
            groupOrder.append(kind)
        }
    }

    /// Every warning, in the file's order.
    mutating func finishWarnings() -> [Diagnostic] {
        for kind in groupOrder {
            guard let group = grouped[kind] else { continue }
            warn(group.code, group.message(group.count), at: group.element)
        }
        for (_, left) in leftOut.sorted(by: { $0.value.element.position < $1.value.element.position }) {
            let connections =
                left.connections == 0
                ? "" : ", with its \(left.connections) connection\(left.connections == 1 ? "" : "s")"
            warn(
                .classNotRegistered, "'\(left.ibClass)' has no registered type; the object is left out\(connections)",
                at: left.element,
                hint: "register a type named '\(left.ibClass)', or map it to one with --map (docs/Import.md)")
        }
        return warnings.sorted { $0.position < $1.position }
    }

    // MARK: - The canvas

    /// The canvas: the first root view's size, else the document's device;
    /// a warning when the file has a root view and neither gives one.
    mutating func canvas() -> (width: Double, height: Double)? {
        guard let first = roots.first, let position = index[first] else { return document.deviceCanvas }
        let rect = objects[position].element.child("rect", key: "frame")
        let size = { (key: String) -> Double? in
            guard let text = rect?[key], case .number(let value) = Self.reading(text),
                (1...Self.maxLength).contains(value)
            else { return nil }
            return value
        }
        if let width = size("width"), let height = size("height") { return (width, height) }
        if let canvas = document.deviceCanvas { return canvas }
        if let device = document.device {
            warn(
                .canvasUnknown,
                "the device '\(Self.shown(device["id"] ?? ""))' is not one the importer knows, and the root view's frame gives no size; the scene has no canvas",
                at: device, hint: "a scene that includes this one can give itself a canvas: {width, height}")
        } else if let rect {
            warn(
                .canvasUnknown,
                "the root view's frame gives no canvas (a width and height from 1 to \(Self.number(Self.maxLength))); the scene has no canvas",
                at: rect, hint: "a scene that includes this one can give itself a canvas: {width, height}")
        }
        return nil
    }

    // MARK: - Types

    /// The registered type of a class: the map's for the custom class,
    /// the class's own name, then the map's for the UIKit class.
    func type(custom: String?, uikit: String?) -> (TypeDescription, String)? {
        if let custom {
            let name = map.entry(custom).type ?? custom
            if let type = registry.type(named: name) { return (type, custom) }
        }
        if let uikit {
            let name = map.entry(uikit).type ?? uikit
            if let type = registry.type(named: name) { return (type, uikit) }
        }
        return nil
    }

    /// A custom class without its module (`Module.Class` is `Class`).
    static func customClass(_ element: IBElement) -> String? {
        guard let name = element["customClass"], !name.isEmpty else { return nil }
        return name.split(separator: ".").last.map(String.init) ?? name
    }

    // MARK: - Collecting

    /// Reads a unit's `<objects>`.
    mutating func collect(_ unit: IBDocument.Unit) {
        for element in unit.objects.children {
            guard let id = element["id"] else { continue }
            if element.name == "placeholder" {
                absent[id] =
                    switch element["placeholderIdentifier"] {
                    case "IBFilesOwner": "File's Owner"
                    case "IBFirstResponder": "First Responder"
                    default: "the placeholder '\(element["placeholderIdentifier"] ?? id)'"
                    }
            } else if element.name == "exit" {
                absent[id] = "Exit"
            } else if element["sceneMemberID"] == "viewController" || element.name.hasSuffix("Controller") {
                absent[id] = "the \(element.name) (\(Self.customClass(element) ?? element.name))"
                collectController(element)
            } else if element.name == "customObject" {
                collectCustom(element, id: id)
            } else if element.name.hasSuffix("GestureRecognizer") {
                collectGesture(element, id: id)
            } else if UIKitNames.isView(element.name) {
                collectView(element, parent: nil, inStack: false)
            }
        }
    }

    private mutating func collectController(_ controller: IBElement) {
        let controllerID = controller["id"] ?? ""
        collectGuides(of: controller, view: nil)
        let navigationItem = controller.child("navigationItem", key: "navigationItem")
        if let view = controller.children.first(where: { $0["key"] == "view" && UIKitNames.isView($0.name) }) {
            let rect = view.child("rect", key: "frame")
            let size = { (key: String) -> Double? in
                guard let text = rect?[key], case .number(let value) = Self.reading(text),
                    (1...Self.maxLength).contains(value)
                else { return nil }
                return value
            }
            let width = size("width") ?? document.deviceCanvas?.width
            let height = size("height") ?? document.deviceCanvas?.height
            // A table under the bar starts its rows below it, as UIKit's content inset does.
            let showsBar = navigationItem.map { showsNavigationBar($0, of: controller) } ?? false
            rootTopInset = showsBar && view.name == "tableView" ? Self.navigationBarHeight : 0
            collectView(view, parent: nil, inStack: false)
            guard let id = view["id"] else { return }
            if outletNames[id] == nil, !controllerID.isEmpty { outletNames[id] = ("view", controllerID) }
            if showsBar, let navigationItem, let width {
                controllerNavigationBar(navigationItem, root: id, width: width)
                if view.name == "tableView", let position = index[id] {
                    var table = objects[position]
                    set(&table, "topInset", .number(Self.navigationBarHeight), at: navigationItem)
                    objects[position] = table
                }
            }
            rootTopInset = 0
            if let item = controller.child("tabBarItem", key: "tabBarItem"), let itemID = item["id"],
                let (owner, tabs) = document.controllers.tabs.first(where: { $0.value.contains(controllerID) }),
                let selected = tabs.firstIndex(of: controllerID)
            {
                tabBar(
                    of: owner, selected: selected, from: item, id: itemID, parent: id,
                    size: width.flatMap { width in height.map { (width, $0) } })
            } else if let item = controller.child("tabBarItem", key: "tabBarItem") {
                warn(
                    .elementNotImported, "the tab bar item is not carried over: no tab bar controller shows it",
                    at: item)
            }
        } else if controller.name == "tabBarController" {
            let bar = controller.child("tabBar", key: "tabBar") ?? controller
            tabBar(
                of: controllerID, selected: 0, from: bar, id: bar["id"] ?? controllerID + "+tabBar", parent: nil,
                size: document.deviceCanvas)
        } else if controller.name != "navigationController" {
            warn(
                .elementNotImported, "the \(controller.name) has no view; its scene has only the objects beside it",
                at: controller)
        }
    }

    private mutating func collectCustom(_ element: IBElement, id: String) {
        guard let custom = Self.customClass(element) else {
            warn(.classNotRegistered, "a custom object without a class is left out", at: element)
            absent[id] = "an object without a class"
            return
        }
        guard let (type, ibClass) = type(custom: custom, uikit: nil) else {
            absent[id] = "'\(custom)' (left out)"
            leftOut[id] = (element, custom, 0)
            return
        }
        var object = ImportedObject(
            element: element, ibID: id, ibClass: ibClass, uikitClass: nil, type: type, title: element["userLabel"])
        runtimeAttributes(of: element, into: &object)
        add(object)
    }

    private mutating func collectGesture(_ element: IBElement, id: String) {
        let uikit = UIKitNames.className(ofElement: element.name)
        let custom = Self.customClass(element)
        guard let (type, ibClass) = type(custom: custom, uikit: uikit) else {
            absent[id] = "'\(custom ?? uikit ?? element.name)' (left out)"
            leftOut[id] = (element, custom ?? uikit ?? element.name, 0)
            return
        }
        var object = ImportedObject(element: element, ibID: id, ibClass: ibClass, uikitClass: uikit, type: type)
        if element["enabled"] == "NO" { set(&object, "enabled", .bool(false), at: element) }
        runtimeAttributes(of: element, into: &object)
        add(object)
    }

    /// For each required outlet of the view's type whose type needs
    /// nothing itself (a TableView's TableData), an empty object of that
    /// type, wired: the file holds no such model, the app fills it in code.
    private mutating func addModels(for id: String, at element: IBElement) {
        guard let position = index[id] else { return }
        var view = objects[position]
        for outlet in view.type.requiredOutlets where !outlet.isCollection {
            guard let model = registry.type(named: registry.requirement(of: outlet)),
                model.requiredOutlets.isEmpty, model.requiredProperties.isEmpty, registry.type(model, fits: outlet)
            else { continue }
            let modelID = id + "+" + outlet.name
            add(ImportedObject(element: element, ibID: modelID, ibClass: model.name, uikitClass: nil, type: model))
            outletNames[modelID] = (outlet.name, id)
            view.outlets.append((outlet.name, [modelID]))
            count("model-\(model.name)", .objectAdded, at: element) {
                "\($0) empty \(model.name)(s) added for the required outlet '\(outlet.name)' of \(view.type.name); the app fills it in code"
            }
        }
        objects[position] = view
    }

    /// Adds `object`; one whose Interface Builder id an earlier object has
    /// (a damaged file) is left out, with a warning.
    mutating func add(_ object: ImportedObject) {
        guard index[object.ibID] == nil else {
            warn(.elementNotImported, "a second object has the id '\(object.ibID)'; it is left out", at: object.element)
            return
        }
        index[object.ibID] = objects.count
        objects.append(object)
    }

    /// A view, then its views.
    mutating func collectView(_ element: IBElement, parent: String?, inStack: Bool) {
        guard let id = element["id"] else { return }
        guard index[id] == nil else {
            warn(.elementNotImported, "a second object has the id '\(id)'; it is left out with its views", at: element)
            return
        }
        let uikit = UIKitNames.className(ofElement: element.name) ?? "UIView"
        let custom = Self.customClass(element)
        var resolved = type(custom: custom, uikit: uikit)
        if let custom, let (found, used) = resolved, used == custom, !found.outlets.contains(where: \.isHierarchy) {
            // A registered type that is not a view cannot sit in the hierarchy.
            warn(
                .classNotRegistered,
                "the custom class '\(custom)' is registered as \(found.name), which is not a view; imported as \(uikit)'s type",
                at: element)
            resolved = type(custom: nil, uikit: uikit)
        } else if let custom, let (_, used) = resolved, used != custom {
            warn(
                .classNotRegistered,
                "the custom class '\(custom)' has no registered type; imported as \(uikit)'s type \(resolved?.0.name ?? "")",
                at: element, hint: "register a type named '\(custom)' for its own behaviour, or map it with --map")
        }
        if resolved == nil, let view = registry.type(named: "View") {
            resolved = (view, uikit)
            let reason =
                map.entry(uikit).type.map { "its type \($0) is not registered" } ?? "no standard type is a \(uikit)"
            let named = custom.map { "\(uikit) (custom class \($0))" } ?? uikit
            warn(
                .elementNotImported,
                "\(named) is imported as a View (\(reason)): its frame, colours and views are kept", at: element,
                hint: "register the type, or map \(uikit) to one of yours with --map")
        }
        guard let (type, ibClass) = resolved else {
            absent[id] = "'\(custom ?? uikit)' (left out)"
            leftOut[id] = (element, custom ?? uikit, 0)
            return
        }
        var object = ImportedObject(
            element: element, ibID: id, ibClass: ibClass, uikitClass: uikit, type: type, parent: parent)
        object.isInStack = inStack
        collectGuides(of: element, view: id)
        if parent == nil { roots.append(id) }
        if let rect = element.child("rect", key: "frame") {
            if inStack {
                // The stack's layout places it.
            } else {
                object.frame = frame(rect)
            }
        }
        viewProperties(of: element, into: &object)
        contentPriorities(of: element, into: &object)
        runtimeAttributes(of: element, into: &object)
        add(object)
        switch element.name {
        case "tableView" where element.child("sections") != nil:
            if let sections = element.child("sections") { staticTable(sections, table: id, element: element) }
        case "navigationBar":
            navigationBarItems(of: element, bar: id)
        default:
            addModels(for: id, at: element)
        }
        let isStack = element.name == "stackView"
        for child in element.children {
            switch child.name {
            case "subviews":
                for view in child.children where view["id"] != nil {
                    collectView(view, parent: id, inStack: isStack)
                }
            case "constraints":
                for constraint in child.children where constraint.name == "constraint" {
                    pendingConstraints.append((id, constraint))
                }
            case "prototypes":
                warn(
                    .elementNotImported, "the table's \(child.children.count) prototype cell(s) are not carried over",
                    at: child,
                    hint: "a TableView shows a TableData's rows; give it one")
            case "variation":
                count("variation", .attributeNotImported, at: child) {
                    "\($0) size class variation(s) are not carried over; the base values are"
                }
            case "fontDescription", "font":
                // A system font of a type that takes `font:` is carried over (styleProperties).
                if Self.isSystemFont(child), type.property(named: "font") != nil { continue }
                count("fonts", .attributeNotImported, at: child) {
                    "\($0) font(s) are not carried over; the standard controls draw the system font"
                }
            default:
                if child["key"] == "contentView" || child.name.hasSuffix("CellContentView"),
                    UIKitNames.isView(child.name), child["id"] != nil
                {
                    collectView(child, parent: id, inStack: false)
                } else if child["key"] != nil, UIKitNames.isView(child.name), child["id"] != nil {
                    collectView(child, parent: id, inStack: false)
                }
            }
        }
    }
}
