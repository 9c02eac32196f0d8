import SceneCore

extension SceneValidator {
    /// Warns about each view that declares a `frame` inside a parent that
    /// declares a `layout`: the frame places the view, and the layout the
    /// parent asked for leaves it out, which is seldom what was meant.
    ///
    /// - Complexity: O(n) in the objects and the properties set.
    mutating func checkFramesInLayouts() {
        let objects = declaration.objects
        func sets(_ name: String, _ index: Int) -> Bool {
            declaration.propertyValues[objects[index].propertyRange].contains {
                $0.property.name == name && $0.value != .null
            }
        }
        for index in objects.indices where sets("frame", index) {
            guard let parent = hierarchyTarget(of: index), objects.indices.contains(parent), sets("layout", parent)
            else { continue }
            diagnostics.add(
                .frameInLayout(id: objects[index].id, parent: objects[parent].id), at: declaration.span(of: index))
        }
    }
}
