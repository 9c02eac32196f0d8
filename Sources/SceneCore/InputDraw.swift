/// How an exploration (`scene-runner explore`) draws the argument of one
/// of a type's inputs, declared with the type
/// (``TypeBuilder/exploring(_:values:)``, ``TypeBuilder/exploring(_:range:)``):
/// a set of values or a range read from the object when the input is
/// drawn. Without one, an argument is drawn by its declared type alone.
@usableFromInline
package struct InputDraw: Sendable {
    @usableFromInline
    enum Source: Sendable {
        case values(@Sendable (AnyObject) -> [SceneValue]?)
        case range(@Sendable (AnyObject) -> (lower: Double, upper: Double)?)
    }

    let source: Source

    @usableFromInline
    init(_ source: Source) {
        self.source = source
    }

    /// The values to pick from for `object` now: the declared set, or a
    /// range's two ends and the value at `fraction` (0..<1) of it, in
    /// whole numbers when `integral`; `nil` for an object of another type,
    /// a range that is not finite, or an empty set.
    package func values(for object: AnyObject, fraction: Double, integral: Bool) -> [SceneValue]? {
        switch source {
        case .values(let read):
            guard let values = read(object), !values.isEmpty else { return nil }
            return values
        case .range(let read):
            guard let (lower, upper) = read(object), lower.isFinite, upper.isFinite, fraction.isFinite else {
                return nil
            }
            let top = Swift.max(lower, upper)
            let inside = lower * (1 - fraction) + top * fraction
            guard integral else { return [.double(lower), .double(top), .double((inside * 1000).rounded() / 1000)] }
            guard Swift.abs(lower) < 1e15, Swift.abs(top) < 1e15 else { return nil }
            return [.int(Int(lower.rounded(.up))), .int(Int(top.rounded(.down))), .int(Int(inside.rounded(.down)))]
        }
    }
}

extension TypeBuilder {
    /// Declares the values an exploration draws the argument of the input
    /// `input` from, read from the object each time (a code a passcode
    /// lock accepts, the titles a menu shows); an exploration also draws
    /// by the argument's type, less often.
    ///
    ///     type.input("enter", String.self, doc: "Enters a code.") { $0.enter($1) }
    ///     type.exploring("enter") { lock in [.string(lock.code), .string("0000")] }
    @inlinable
    public mutating func exploring(_ input: String, values: @escaping @Sendable (Object) -> [SceneValue]) {
        draws[input] = InputDraw(.values { ($0 as? Object).map(values) })
    }

    /// Declares the range an exploration draws the number argument of the
    /// input `input` within (its ends included), read from the object each
    /// time: whole numbers for an `Int` argument.
    ///
    ///     type.exploring("select", range: { (0, Double($0.segments.count - 1)) })
    @inlinable
    public mutating func exploring(
        _ input: String, range: @escaping @Sendable (Object) -> (lower: Double, upper: Double)
    ) {
        draws[input] = InputDraw(.range { ($0 as? Object).map(range) })
    }
}
