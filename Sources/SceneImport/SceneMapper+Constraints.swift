import SceneCore
import SceneLoader

/// One Auto Layout constraint as the importer carries it: on the view it
/// is written on in the scene, its second item by Interface Builder id
/// until the scene's ids are known.
struct ImportedConstraint {
    /// The second item: the view's parent, the screen, or a view by IB id.
    enum Item: Equatable {
        case parent
        case canvas
        case view(String)
    }

    var attribute: LayoutAttribute
    var relation: LayoutRelation
    var item: Item?
    var guide: LayoutAnchorItem.Guide?
    var secondAttribute: LayoutAttribute?
    var multiplier: Double
    var constant: Double
    var priority: Double

    /// The constraint as a scene writes it, the item named through `ids`
    /// (IB id to scene id); `nil` when its view is not in the scene.
    func text(ids: [String: String]) -> String? {
        let second: (LayoutAnchorItem, LayoutAttribute)?
        switch (item, secondAttribute) {
        case (nil, _), (_, nil):
            second = nil
        case (.parent?, let attribute?):
            second = (LayoutAnchorItem(.parent, guide: guide), attribute)
        case (.canvas?, let attribute?):
            second = (LayoutAnchorItem(.canvas, guide: guide), attribute)
        case (.view(let ibID)?, let attribute?):
            guard let id = ids[ibID] else { return nil }
            second = (LayoutAnchorItem(.object(id), guide: guide), attribute)
        }
        guard let priority = LayoutPriority(priority) else { return nil }
        let constraint = LayoutConstraint(
            first: attribute, relation: relation, second: second, multiplier: multiplier, constant: constant,
            priority: priority)
        // What the importer writes, the loader reads: a text it would refuse is left out.
        guard case .success = ConstraintSyntax.parse(constraint.text) else { return nil }
        return constraint.text
    }
}

extension SceneMapper {
    /// A layout guide of the file: a view's safe area, or a view
    /// controller's top or bottom layout guide (the safe area's top and
    /// bottom edges, before iOS 11).
    enum LayoutGuide {
        case safeArea(of: String)
        case top, bottom
    }

    /// The layout guides of `element` (a view or a controller), by IB id.
    mutating func collectGuides(of element: IBElement, view: String?) {
        for child in element.children {
            if child.name == "viewLayoutGuide", child["key"] == "safeArea", let id = child["id"], let view {
                guides[id] = .safeArea(of: view)
            } else if child.name == "layoutGuides" {
                for guide in child.children where guide.name == "viewControllerLayoutGuide" {
                    guard let id = guide["id"] else { continue }
                    guides[id] = guide["type"] == "bottom" ? .bottom : .top
                }
            }
        }
    }

    /// Carries the constraints gathered from the unit's views: each onto a
    /// view of its own that Interface Builder lays out by constraints
    /// (`translatesAutoresizingMaskIntoConstraints="NO"`), turned round
    /// when Interface Builder wrote the other item first; what cannot be
    /// carried is counted in one warning.
    mutating func carryConstraints() {
        for (owner, element) in pendingConstraints {
            guard element["placeholder"] != "YES" else { continue }
            guard let constraint = constraint(element, owner: owner) else {
                count("constraints", .constraintsNotImported, at: element) {
                    "\($0) Auto Layout constraint(s) are not carried over: they relate a view Interface Builder places by its frame, a view's own margins or a layout guide other than the safe area; those views keep the frames saved"
                }
                continue
            }
            guard let position = index[constraint.view] else { continue }
            objects[position].constraints.append(constraint.constraint)
        }
        pendingConstraints = []
        for position in objects.indices where objects[position].constraints.isEmpty {
            if let constraints = autoresizing(of: objects[position]) { objects[position].constraints = constraints }
        }
    }

    /// What `element` says, written on the view it places.
    private func constraint(
        _ element: IBElement, owner: String
    ) -> (view: String, constraint: ImportedConstraint)? {
        guard let (firstAttribute, firstMargins) = element["firstAttribute"].flatMap(Self.attribute) else {
            return nil
        }
        let first = element["firstItem"] ?? owner
        let relation: LayoutRelation =
            switch element["relation"] {
            case "greaterThanOrEqual": .greaterThanOrEqual
            case "lessThanOrEqual": .lessThanOrEqual
            default: .equal
            }
        guard let multiplier = Self.multiplier(element["multiplier"]),
            let constant = Self.plainNumber(element["constant"] ?? "0"),
            let priority = Self.plainNumber(element["priority"] ?? "1000"), (1...1000).contains(priority)
        else { return nil }
        guard let second = element["secondItem"] else {
            // A constant: a size of the view itself.
            guard !firstMargins, isLaidOut(first) else { return nil }
            return (
                first,
                ImportedConstraint(
                    attribute: firstAttribute, relation: relation, item: nil, guide: nil, secondAttribute: nil,
                    multiplier: 1, constant: constant, priority: priority)
            )
        }
        guard let (secondAttribute, secondMargins) = element["secondAttribute"].flatMap(Self.attribute) else {
            return nil
        }
        // Written on the first item when it is laid out by constraints.
        if !firstMargins, isLaidOut(first),
            let (item, guide, attribute, offset) = anchor(second, secondAttribute, margins: secondMargins, of: first)
        {
            return (
                first,
                ImportedConstraint(
                    attribute: firstAttribute, relation: relation, item: item, guide: guide,
                    secondAttribute: attribute, multiplier: multiplier, constant: constant + multiplier * offset,
                    priority: priority)
            )
        }
        // Turned round onto the second: a = m·b + c is b = a/m − c/m.
        guard !secondMargins, multiplier != 0, isLaidOut(second),
            let (item, guide, attribute, offset) = anchor(first, firstAttribute, margins: firstMargins, of: second)
        else { return nil }
        let flipped: LayoutRelation =
            switch relation {
            case .equal: .equal
            case .greaterThanOrEqual: multiplier > 0 ? .lessThanOrEqual : .greaterThanOrEqual
            case .lessThanOrEqual: multiplier > 0 ? .greaterThanOrEqual : .lessThanOrEqual
            }
        return (
            second,
            ImportedConstraint(
                attribute: secondAttribute, relation: flipped, item: item, guide: guide, secondAttribute: attribute,
                multiplier: 1 / multiplier, constant: (offset - constant) / multiplier, priority: priority)
        )
    }

    /// Where a top layout guide ends before iOS 11: under the status bar,
    /// 20 points, except on a phone in landscape (a root view wider than
    /// high and under 1,000 points wide), which hides it.
    var statusBarHeight: Double {
        let rect = roots.first.flatMap { index[$0] }.flatMap { objects[$0].element.child("rect", key: "frame") }
        let size = (rect?["width"].flatMap(Self.plainNumber), rect?["height"].flatMap(Self.plainNumber))
        guard let width = size.0, let height = size.1 else { return 20 }
        return width > height && width < 1000 ? 0 : 20
    }

    /// Whether the view `id` is imported and laid out by constraints.
    private func isLaidOut(_ id: String) -> Bool {
        guard let position = index[id] else { return false }
        return objects[position].element["translatesAutoresizingMaskIntoConstraints"] == "NO"
            && !objects[position].isInStack
    }

    /// How a constraint on `view` names `attribute` of `item`: of its
    /// parent, the screen or a view, of a safe area, and how far from it.
    /// A view controller's top layout guide (before iOS 11) runs from the
    /// screen's top to the status bar's bottom, 20 points down; its bottom
    /// one is at the screen's bottom.
    private func anchor(
        _ item: String, _ attribute: LayoutAttribute, margins: Bool, of view: String
    ) -> (ImportedConstraint.Item, LayoutAnchorItem.Guide?, LayoutAttribute, offset: Double)? {
        let parent = index[view].flatMap { objects[$0].parent }
        func named(_ id: String) -> ImportedConstraint.Item? {
            if id == parent { return .parent }
            return index[id] == nil ? nil : .view(id)
        }
        switch (guides[item], attribute) {
        case (.safeArea(let owner)?, _):
            guard !margins, let named = named(owner) else { return nil }
            return (named, .safeArea, attribute, 0)
        case (.top?, .top):
            return margins ? nil : (.canvas, nil, .top, 0)
        case (.bottom?, .top), (.bottom?, .bottom):
            return margins ? nil : (.canvas, nil, .bottom, 0)
        case (.top?, .bottom):
            return margins ? nil : (.canvas, nil, .top, statusBarHeight)
        case (.top?, _), (.bottom?, _):
            return nil
        case (nil, _):
            guard let named = named(item) else { return nil }
            return (named, margins ? .margins : nil, attribute, 0)
        }
    }

    /// An attribute as Interface Builder names it, and whether it is of
    /// the margins (`leadingMargin`, `centerXWithinMargins`); `baseline`
    /// is the last baseline.
    static func attribute(_ name: String) -> (LayoutAttribute, Bool)? {
        if name == "baseline" { return (.lastBaseline, false) }
        if let attribute = LayoutAttribute(rawValue: name) { return (attribute, false) }
        for suffix in ["WithinMargins", "Margin"] where name.hasSuffix(suffix) {
            guard let attribute = LayoutAttribute(rawValue: String(name.dropLast(suffix.count))) else { return nil }
            return (attribute, true)
        }
        return nil
    }

    /// A multiplier as Interface Builder writes it: `0.5`, `3:4` or `1/3`.
    static func multiplier(_ text: String?) -> Double? {
        guard let text else { return 1 }
        for separator: Character in [":", "/"] where text.contains(separator) {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count == 2, let top = plainNumber(String(parts[0])), let bottom = plainNumber(String(parts[1])),
                bottom != 0
            else { return nil }
            let value = top / bottom
            return value.isFinite ? value : nil
        }
        return plainNumber(text)
    }

    /// A finite decimal number within the scene format's limits.
    static func plainNumber(_ text: String) -> Double? {
        guard case .number(let value) = reading(text), abs(value) <= maxLength else { return nil }
        return value
    }
}

extension SceneMapper {
    /// A view's content hugging and compression resistance, as Interface
    /// Builder saves them on a view it lays out by constraints.
    mutating func contentPriorities(of element: IBElement, into object: inout ImportedObject) {
        guard element["translatesAutoresizingMaskIntoConstraints"] == "NO" else { return }
        for (property, prefix) in [
            ("hugging", "HuggingPriority"), ("compressionResistance", "CompressionResistancePriority"),
        ] {
            let fields = [("horizontal", "horizontal" + prefix), ("vertical", "vertical" + prefix)].compactMap {
                field, attribute -> String? in
                guard let text = element[attribute], let value = Self.plainNumber(text), (1...1000).contains(value)
                else { return nil }
                return "\(field): \(Self.number(value))"
            }
            guard !fields.isEmpty else { continue }
            set(&object, property, .record("{" + fields.joined(separator: ", ") + "}"), at: element)
        }
    }
}

extension SceneMapper {
    /// The constraints that stand for a view's autoresizing mask (a view
    /// Interface Builder places by its frame), so that it resizes with its
    /// parent on another screen as UIKit resizes it: a flexible width keeps
    /// both margins, a fixed width the side whose margin is not flexible.
    /// A controller's root view fills the screen. `nil` keeps the frame:
    /// a view without a mask, or one whose margins and size are all fixed
    /// from its parent's top left corner.
    func autoresizing(of object: ImportedObject) -> [ImportedConstraint]? {
        let element = object.element
        guard element["translatesAutoresizingMaskIntoConstraints"] != "NO", !object.isInStack,
            object.type.property(named: "constraints") != nil
        else { return nil }
        func constraint(_ attribute: LayoutAttribute, _ item: ImportedConstraint.Item?, _ constant: Double)
            -> ImportedConstraint
        {
            ImportedConstraint(
                attribute: attribute, relation: .equal, item: item, guide: nil,
                secondAttribute: item == nil ? nil : attribute, multiplier: 1, constant: constant, priority: 1000)
        }
        if object.parent == nil, element["key"] == "view" {
            return [
                constraint(.leading, .canvas, 0), constraint(.trailing, .canvas, 0), constraint(.top, .canvas, 0),
                constraint(.bottom, .canvas, 0),
            ]
        }
        guard let mask = element.child("autoresizingMask", key: "autoresizingMask"),
            let rect = element.child("rect", key: "frame"),
            let parentRect = object.parent.flatMap({ index[$0] }).flatMap({
                objects[$0].element.child("rect", key: "frame")
            })
        else { return nil }
        func value(_ rect: IBElement, _ key: String) -> Double? { rect[key].flatMap(Self.plainNumber) }
        guard let x = value(rect, "x"), let y = value(rect, "y"), let width = value(rect, "width"),
            let height = value(rect, "height"), let parentWidth = value(parentRect, "width"),
            let parentHeight = value(parentRect, "height")
        else { return nil }
        let flexible = { (key: String) in mask[key] == "YES" }
        guard
            flexible("widthSizable") || flexible("heightSizable") || flexible("flexibleMinX")
                || flexible("flexibleMinY")
        else { return nil }
        var constraints: [ImportedConstraint] = []
        func axis(
            sizable: Bool, flexibleStart: Bool, start: (LayoutAttribute, Double), end: (LayoutAttribute, Double),
            size: (LayoutAttribute, Double)
        ) {
            if sizable {
                constraints += [constraint(start.0, .parent, start.1), constraint(end.0, .parent, -end.1)]
            } else if flexibleStart {
                constraints += [constraint(end.0, .parent, -end.1), constraint(size.0, nil, size.1)]
            } else {
                constraints += [constraint(start.0, .parent, start.1), constraint(size.0, nil, size.1)]
            }
        }
        axis(
            sizable: flexible("widthSizable"), flexibleStart: flexible("flexibleMinX") && !flexible("flexibleMaxX"),
            start: (.leading, x), end: (.trailing, parentWidth - x - width), size: (.width, width))
        axis(
            sizable: flexible("heightSizable"), flexibleStart: flexible("flexibleMinY") && !flexible("flexibleMaxY"),
            start: (.top, y), end: (.bottom, parentHeight - y - height), size: (.height, height))
        return constraints
    }
}
