/// A list of objects held weakly, in order: the storage for outlet
/// collections, which must not keep their targets alive.
///
///     var providers = WeakList<any InteractionProviding>()
///     providers.elements   // the targets still alive
public struct WeakList<Element> {
    @usableFromInline struct Box {
        @usableFromInline weak var object: AnyObject?

        @usableFromInline init(object: AnyObject?) {
            self.object = object
        }
    }

    @usableFromInline var boxes: [Box] = []

    /// An empty list.
    ///
    ///     form.fields = WeakList()
    public init() {}

    /// A list of `elements`, which must be class instances.
    ///
    ///     form.fields = WeakList([username, password])
    public init(_ elements: [Element]) {
        boxes = elements.map { Box(object: $0 as AnyObject) }
    }

    /// A list of `objects`; those that are not `Element`s are skipped when read.
    @usableFromInline package init(objects: [AnyObject]) {
        boxes = objects.map { Box(object: $0) }
    }

    /// The targets that are still alive and are `Element`s, in order.
    /// Inlinable, so that a behaviour's reading of its list is specialised
    /// to its element type rather than going through generic code.
    ///
    ///     for field in form.fields.elements { print(field) }
    @inlinable
    public var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(boxes.count)
        for box in boxes {
            if let element = box.object as? Element { result.append(element) }
        }
        return result
    }

    /// The targets that are still alive, in order.
    ///
    ///     form.fields.objects.count   // 2
    public var objects: [AnyObject] {
        boxes.compactMap(\.object)
    }

    /// Whether the list holds no live target.
    ///
    ///     form.rules.isEmpty   // true: a submit checks nothing
    public var isEmpty: Bool { elements.isEmpty }
}
