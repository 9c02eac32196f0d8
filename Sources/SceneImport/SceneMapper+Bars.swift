import SceneCore

/// Navigation bars and their items, tab bars and a tab bar controller's
/// tabs, as the standard `NavigationBar` (its items `Button`s) and `TabBar`.
extension SceneMapper {
    /// The titles UIKit gives its system bar button items; the others
    /// (images in UIKit) are given their names.
    static let systemItemTitles = [
        "done": "Done", "cancel": "Cancel", "edit": "Edit", "save": "Save", "undo": "Undo", "redo": "Redo",
        "close": "Close", "add": "+",
    ]

    /// The titles UIKit gives its system tab bar items.
    static let systemTabTitles = [
        "favorites": "Favorites", "more": "More", "featured": "Featured", "topRated": "Top Rated",
        "recents": "Recents", "contacts": "Contacts", "history": "History", "bookmarks": "Bookmarks",
        "search": "Search", "downloads": "Downloads", "mostRecent": "Most Recent", "mostViewed": "Most Viewed",
    ]

    /// A `<navigationBar>` view's top item (the last of its `<items>`).
    mutating func navigationBarItems(of element: IBElement, bar id: String) {
        guard let item = element.child("items")?.children(named: "navigationItem").last else { return }
        navigationItem(item, bar: id)
    }

    /// The title and the left and right bar button items of `item`, on the
    /// bar `id`; the back item is the next screen's, and warned about.
    mutating func navigationItem(_ item: IBElement, bar id: String) {
        guard let position = index[id] else { return }
        var bar = objects[position]
        if let title = item["title"], !title.isEmpty {
            set(&bar, "title", .string(title), at: item)
            bar.title = title
        }
        objects[position] = bar
        for side in ["left", "right"] {
            var elements = item.children.filter { $0.name == "barButtonItem" && $0["key"] == "\(side)BarButtonItem" }
            elements += item.child("\(side)BarButtonItems")?.children(named: "barButtonItem") ?? []
            let items = elements.compactMap { barButton($0, on: id) }
            guard !items.isEmpty, let barPosition = index[id] else { continue }
            objects[barPosition].outlets.append(("\(side)Items", items))
        }
        if let back = item.child("barButtonItem", key: "backBarButtonItem") {
            warn(
                .elementNotImported,
                "the navigation item's back button is not carried over; it is the bar of the screen shown next",
                at: back)
        }
    }

    /// Whether the object at `position` can be an item of the bar `bar`
    /// (a `Button`, as its `leftItems` take).
    private func isItem(_ position: Int, of bar: String) -> Bool {
        guard let barPosition = index[bar],
            let outlet = objects[barPosition].type.outlets.first(where: { $0.name == "leftItems" })
        else { return false }
        return registry.type(objects[position].type, fits: outlet)
    }

    /// A bar button item as a `Button` in the bar `bar` (its custom view,
    /// when that is a button); its id, or `nil` for a space or an item that
    /// is not a button.
    private mutating func barButton(_ element: IBElement, on bar: String) -> String? {
        guard let id = element["id"] else { return nil }
        if let custom = element.children.first(where: { $0["key"] == "customView" && UIKitNames.isView($0.name) }) {
            // The bar places it: its frame in the bar is not kept.
            collectView(custom, parent: bar, inStack: true)
            guard let customID = custom["id"], let position = index[customID], isItem(position, of: bar) else {
                warn(
                    .elementNotImported,
                    "the bar button item's custom view is not a button; it is kept in the bar, not placed at its edge",
                    at: custom)
                return nil
            }
            absent[id] = "the bar button item of \(customID)"
            return customID
        }
        let systemItem = element["systemItem"]
        if systemItem == "flexibleSpace" || systemItem == "fixedSpace" { return nil }
        guard let (type, ibClass) = type(custom: Self.customClass(element), uikit: "UIBarButtonItem") else {
            absent[id] = "a bar button item (left out)"
            return nil
        }
        var object = ImportedObject(
            element: element, ibID: id, ibClass: ibClass, uikitClass: "UIBarButtonItem", type: type, parent: bar)
        var title = element["title"]
        if title == nil, let systemItem {
            title = Self.systemItemTitles[systemItem] ?? systemItem
            if Self.systemItemTitles[systemItem] == nil {
                count("barImages", .attributeNotImported, at: element) {
                    "\($0) system bar button item image(s) are not carried over; each is titled with its name"
                }
            }
        } else if title == nil, let image = element["image"] {
            title = image
            count("barImages", .attributeNotImported, at: element) {
                "\($0) bar button item image(s) are not carried over; each is titled with its name"
            }
        }
        if let title, !title.isEmpty {
            set(&object, "title", .string(title), at: element)
            object.title = title
        }
        if element["style"] == "done" || systemItem == "done" {
            set(&object, "font", .record("{weight: semibold}"), at: element)
        }
        if element["enabled"] == "NO" { set(&object, "enabled", .bool(false), at: element) }
        for color in element.children(named: "color") where color["key"] == "tintColor" {
            if let value = self.color(color) { set(&object, "tintColor", value, at: color) }
        }
        runtimeAttributes(of: element, into: &object)
        add(object)
        guard let position = index[id], isItem(position, of: bar) else {
            warn(
                .elementNotImported,
                "the bar button item's type \(type.name) is not a Button; it is kept in the bar, not placed at its edge",
                at: element)
            return nil
        }
        return id
    }

    /// The height of UIKit's navigation bar on a phone.
    static let navigationBarHeight = 44.0

    /// Whether a controller with the navigation item `item` is shown in a
    /// navigation controller: it starts one, or its item has a title or
    /// bar button items (a screen pushed onto one).
    func showsNavigationBar(_ item: IBElement, of controller: IBElement) -> Bool {
        controller["id"].map(document.controllers.navigationRoots.contains) ?? false
            || item["title"].map { !$0.isEmpty } ?? false
            || item.children.contains { $0.name.hasSuffix("BarButtonItem") || $0.name.hasSuffix("BarButtonItems") }
    }

    /// A controller's navigation item as a `NavigationBar` over the top of
    /// its view `root`, `width` wide.
    mutating func controllerNavigationBar(_ item: IBElement, root: String, width: Double) {
        guard let id = item["id"], let (type, ibClass) = type(custom: nil, uikit: "UINavigationBar") else { return }
        var bar = ImportedObject(
            element: item, ibID: id, ibClass: ibClass, uikitClass: "UINavigationBar", type: type, parent: root)
        bar.frame = "{x: 0, y: 0, width: \(Self.length(width)), height: \(Self.length(Self.navigationBarHeight))}"
        add(bar)
        navigationItem(item, bar: id)
    }

    /// The title and image name of the tab bar item `item`, system items by
    /// UIKit's titles.
    static func tab(_ item: IBElement?) -> (title: String, image: String) {
        guard let item else { return ("Item", "") }
        let system = item["systemItem"]
        let title = item["title"] ?? system.map { systemTabTitles[$0] ?? $0 } ?? ""
        return (title, item["image"] ?? system ?? "")
    }

    /// Sets a tab bar's items and images (when one has an image) and its selection.
    mutating func setTabs(
        _ tabs: [(title: String, image: String)], selected: Int?, on object: inout ImportedObject,
        at element: IBElement
    ) {
        set(&object, "items", .strings(tabs.map(\.title)), at: element)
        if tabs.contains(where: { !$0.image.isEmpty }) {
            set(&object, "images", .strings(tabs.map(\.image)), at: element)
        }
        if let selected { set(&object, "selectedIndex", .number(Double(selected)), at: element) }
    }

    /// A `<tabBar>` view's items, and its selected one.
    mutating func tabBarItems(of element: IBElement, into object: inout ImportedObject) {
        let items = element.child("items")?.children(named: "tabBarItem") ?? []
        let selected = element["selectedItem"].flatMap { id in items.firstIndex { $0["id"] == id } }
        setTabs(items.map { Self.tab($0) }, selected: selected, on: &object, at: element)
    }

    /// A `TabBar` of the tabs of the tab bar controller `owner`, the one at
    /// `selected` selected, made from `element` (the controller's `tabBar`,
    /// or a tab's item) with the id `id`: inside `parent` at the bottom of
    /// a view `size` big, or, without a parent, at the bottom of the
    /// device's screen.
    mutating func tabBar(
        of owner: String, selected: Int, from element: IBElement, id: String, parent: String?,
        size: (width: Double, height: Double)?
    ) {
        guard let (type, ibClass) = type(custom: nil, uikit: "UITabBar") else { return }
        var bar = ImportedObject(
            element: element, ibID: id, ibClass: ibClass, uikitClass: "UITabBar", type: type, parent: parent)
        if let size {
            bar.frame =
                "{x: 0, y: \(Self.length(max(0, size.height - 49))), width: \(Self.length(size.width)), height: 49}"
        }
        let tabs = (document.controllers.tabs[owner] ?? []).map { Self.tab(document.controllers.tabBarItems[$0]) }
        setTabs(tabs, selected: selected, on: &bar, at: element)
        add(bar)
    }
}
