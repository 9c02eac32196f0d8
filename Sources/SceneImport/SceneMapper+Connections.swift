import SceneCore
import SceneLoader

extension SceneMapper {
    /// Every `<connections>` in `root` (depth first, bounded by the file's
    /// element limit): outlets, outlet collections in the file's order,
    /// gesture attachments, actions as `on:` wiring, segues (warned).
    mutating func connect(_ root: IBElement) {
        var pending: [IBElement] = [root]
        var owners: [IBElement] = []
        // First the outlet names, so that ids do not depend on which
        // connection is wired first.
        while let element = pending.popLast() {
            pending.append(contentsOf: element.children.reversed())
            if element.child("connections") != nil { owners.append(element) }
        }
        owners.sort { $0.position < $1.position }
        for owner in owners {
            for connection in owner.child("connections")?.children ?? [] where connection.name == "outlet" {
                // An outlet of an object to itself names nothing but the object.
                // A role (`delegate`) names it only when no other outlet does.
                if let name = connection["property"], let destination = connection["destination"],
                    destination != owner["id"],
                    outletNames[destination].map({ SceneNaming.isGeneric($0.name) && !SceneNaming.isGeneric(name) })
                        ?? true
                {
                    outletNames[destination] = (name, owner["id"] ?? "")
                }
            }
        }
        for owner in owners {
            guard let source = owner["id"] else { continue }
            for connection in owner.child("connections")?.children ?? [] {
                switch connection.name {
                case "outlet", "outletCollection": outlet(connection, from: source)
                case "action": action(connection, from: source)
                case "segue":
                    warn(
                        .segueNotImported,
                        "the \(connection["kind"] ?? "") segue is not carried over; a scene is one screen",
                        at: connection, hint: "each destination is imported as a scene file of its own")
                default:
                    warn(
                        .connectionNotImported, "the connection <\(connection.name)> is not carried over",
                        at: connection)
                }
            }
        }
    }

    /// Counts a connection dropped with a left-out object; says whether `id` is one.
    private mutating func droppedWith(_ id: String) -> Bool {
        guard let left = leftOut[id] else { return false }
        leftOut[id] = (left.element, left.ibClass, left.connections + 1)
        return true
    }

    private mutating func outlet(_ connection: IBElement, from source: String) {
        guard let property = connection["property"], let destination = connection["destination"] else { return }
        if droppedWith(source) || droppedWith(destination) { return }
        guard let sourceIndex = index[source] else {
            if property == "view", index[destination] != nil { return }  // the root view: the scene itself
            let owner = absent[source] ?? "an object outside the scene"
            warn(
                .connectionNotImported, "the outlet '\(property)' of \(owner) is not carried over", at: connection,
                hint: "it belongs to the code that loads the file; a scene including this one can supply it")
            return
        }
        guard let destinationIndex = index[destination] else {
            warn(
                .connectionNotImported,
                "the outlet '\(property)' points at \(absent[destination] ?? "an object outside the scene"); it is not carried over",
                at: connection)
            return
        }
        var object = objects[sourceIndex]
        let target = objects[destinationIndex]
        if property == "gestureRecognizers", object.isView {
            attach(gesture: destinationIndex, to: source, at: connection)
            return
        }
        let entry = map.entry(object.ibClass, fallback: object.uikitClass)
        let name = entry.outlets[property] ?? property
        guard let description = object.type.outlets.first(where: { $0.name == name }) else {
            warn(
                .connectionNotImported, "\(object.type.name) has no outlet '\(name)'; the outlet is not carried over",
                at: connection,
                hint: "map it to one of \(object.type.name)'s outlets with --map, or register a type with it")
            return
        }
        guard !description.isHierarchy else {
            warn(
                .connectionNotImported,
                "the outlet '\(name)' is not carried over: a view's '\(name)' in a scene is the view it is inside in the file",
                at: connection, hint: "move the view inside its parent in Interface Builder")
            return
        }
        guard registry.type(target.type, fits: description) else {
            warn(
                .connectionNotImported,
                "'\(name)' of \(object.type.name) takes \(registry.requirement(of: description)), not a \(target.type.name); it is not carried over",
                at: connection)
            return
        }
        if let existing = object.outlets.firstIndex(where: { $0.name == name }) {
            if description.isCollection {
                object.outlets[existing].targets.append(destination)
            } else {
                warn(
                    .connectionNotImported, "the outlet '\(name)' is connected twice; the last connection is kept",
                    at: connection)
                object.outlets[existing].targets = [destination]
            }
        } else {
            object.outlets.append((name, [destination]))
        }
        replace(object, at: sourceIndex)
    }

    /// A view's gesture recognizer: the gesture's `view` outlet.
    private mutating func attach(gesture index: Int, to view: String, at connection: IBElement) {
        var gesture = objects[index]
        guard let outlet = gesture.type.outlets.first(where: { $0.name == "view" && !$0.isCollection }) else {
            warn(
                .connectionNotImported,
                "\(gesture.type.name) has no 'view' outlet; its attachment to the view is not carried over",
                at: connection)
            return
        }
        if let viewIndex = self.index[view], !registry.type(objects[viewIndex].type, fits: outlet) {
            warn(
                .connectionNotImported, "the gesture's view is not a View; the attachment is not carried over",
                at: connection)
            return
        }
        gesture.outlets.removeAll { $0.name == "view" }
        gesture.outlets.append(("view", [view]))
        replace(gesture, at: index)
    }

    private mutating func action(_ connection: IBElement, from source: String) {
        guard let selector = connection["selector"], let destination = connection["destination"] else { return }
        if droppedWith(source) || droppedWith(destination) { return }
        guard let sourceIndex = index[source] else {
            warn(
                .connectionNotImported,
                "the action '\(selector)' sent by \(absent[source] ?? "an object outside the scene") is not carried over",
                at: connection)
            return
        }
        guard let destinationIndex = index[destination] else {
            warn(
                .connectionNotImported,
                "the action '\(selector)' sent to \(absent[destination] ?? "an object outside the scene") is not carried over",
                at: connection,
                hint: "a scene including this one can wire the event to its own objects under 'on:'")
            return
        }
        var object = objects[sourceIndex]
        let target = objects[destinationIndex]
        let plain = String(selector.prefix { $0 != ":" })
        let actionName = map.entry(target.ibClass, fallback: target.uikitClass).actions[plain] ?? plain
        guard let action = target.type.actions[actionName] else {
            warn(
                .connectionNotImported,
                "\(target.type.name) has no action '\(actionName)'; the action '\(selector)' is not carried over",
                at: connection, hint: "map the selector to one of its actions with --map (docs/Import.md)")
            return
        }
        // A bar button item's action has no event type: it is its primary action.
        let ibEvent =
            connection["eventType"]
            ?? (object.uikitClass == "UIBarButtonItem" ? "primaryActionTriggered" : "recognized")
        let eventName = map.entry(object.ibClass, fallback: object.uikitClass).events[ibEvent] ?? ibEvent
        guard let event = object.type.events[eventName] else {
            warn(
                .connectionNotImported,
                "\(object.type.name) has no event '\(eventName)'; the action '\(selector)' is not carried over",
                at: connection, hint: "map the control event to one of its events with --map (docs/Import.md)")
            return
        }
        guard action.accepts(payload: event.payload) else {
            warn(
                .connectionNotImported,
                "'\(actionName)' of \(target.type.name) cannot take what '\(eventName)' sends; the action is not carried over",
                at: connection)
            return
        }
        object.wiring.append((eventName, destination, actionName))
        replace(object, at: sourceIndex)
    }

    private mutating func replace(_ object: ImportedObject, at position: Int) {
        objects[position] = object
    }
}
