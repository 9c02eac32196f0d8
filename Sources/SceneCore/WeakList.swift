/// A list of objects held weakly, in order: the storage for outlet
/// collections, which must not keep their targets alive.
///
///     var providers = WeakList<any InteractionProvider>()
///     providers.elements   // the targets still alive
public struct WeakList<Element> {
    private struct Box {
        weak var object: AnyObject?
    }

    private var boxes: [Box] = []

    /// An empty list.
    public init() {}

    /// A list of `elements`, which must be class instances.
    public init(_ elements: [Element]) {
        boxes = elements.map { Box(object: $0 as AnyObject) }
    }

    /// A list of `objects`; those that are not `Element`s are skipped when read.
    @usableFromInline package init(objects: [AnyObject]) {
        boxes = objects.map { Box(object: $0) }
    }

    /// The targets that are still alive and are `Element`s, in order.
    public var elements: [Element] {
        boxes.compactMap { $0.object as? Element }
    }

    /// The targets that are still alive, in order.
    public var objects: [AnyObject] {
        boxes.compactMap(\.object)
    }

    /// Whether the list holds no live target.
    public var isEmpty: Bool { elements.isEmpty }
}
