/// How a storyboard's controllers contain one another, from their
/// relationship segues: which controllers a navigation controller starts
/// with, each tab bar controller's tabs, and each controller's tab bar
/// item. What a scene of one controller needs to know of the others.
struct IBControllers {
    /// The controllers that navigation controllers start with, by id.
    private(set) var navigationRoots: Set<String> = []
    /// Each tab bar controller's tabs, by its id: the controllers of its
    /// `viewControllers` relationships, in order.
    private(set) var tabs: [String: [String]] = [:]
    /// The tab bar item of each controller that has one, by its id.
    private(set) var tabBarItems: [String: IBElement] = [:]

    /// Reads the controllers at the top of each unit's objects.
    init(units: [IBDocument.Unit]) {
        for unit in units {
            for element in unit.objects.children {
                guard let id = element["id"] else { continue }
                if let item = element.children.first(where: { $0.name == "tabBarItem" && $0["key"] == "tabBarItem" }) {
                    tabBarItems[id] = item
                }
                for segue in element.child("connections")?.children(named: "segue") ?? []
                where segue["kind"] == "relationship" {
                    guard let destination = segue["destination"] else { continue }
                    switch segue["relationship"] {
                    case "rootViewController": navigationRoots.insert(destination)
                    case "viewControllers": tabs[id, default: []].append(destination)
                    default: break
                    }
                }
            }
        }
    }

    /// Whether the controller `id` is a tab of a tab bar controller.
    func isTab(_ id: String) -> Bool { tabs.values.contains { $0.contains(id) } }
}
