/// A Swift type that a scene can set, read and pass to actions: it names
/// its ``ValueType`` and converts to and from ``SceneValue``.
///
/// Bool, Int, Double, String, Duration, Color, optionals, arrays and string
/// dictionaries of convertible types conform already; enums conform
/// through ``SceneEnum``. Its metatype may be used from any thread
/// (`SendableMetatype`), as the registry's descriptions convert with it.
public protocol SceneValueConvertible: SendableMetatype {
    /// The declared type that scene values for this type are resolved by.
    static var sceneValueType: ValueType { get }
    /// Converts a resolved value; `nil` when it has another shape.
    init?(sceneValue: SceneValue)
    /// The value as the transcript and `expect` see it.
    var sceneValue: SceneValue { get }
}

extension Bool: SceneValueConvertible {
    public static var sceneValueType: ValueType { .bool }
    public init?(sceneValue: SceneValue) {
        guard case .bool(let value) = sceneValue else { return nil }
        self = value
    }
    public var sceneValue: SceneValue { .bool(self) }
}

extension Int: SceneValueConvertible {
    public static var sceneValueType: ValueType { .int }
    public init?(sceneValue: SceneValue) {
        guard case .int(let value) = sceneValue else { return nil }
        self = value
    }
    public var sceneValue: SceneValue { .int(self) }
}

extension Double: SceneValueConvertible {
    public static var sceneValueType: ValueType { .double }
    public init?(sceneValue: SceneValue) {
        switch sceneValue {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        default: return nil
        }
    }
    public var sceneValue: SceneValue { .double(self) }
}

extension String: SceneValueConvertible {
    public static var sceneValueType: ValueType { .string }
    public init?(sceneValue: SceneValue) {
        guard case .string(let value) = sceneValue else { return nil }
        self = value
    }
    public var sceneValue: SceneValue { .string(self) }
}

extension Duration: SceneValueConvertible {
    public static var sceneValueType: ValueType { .duration }
    public init?(sceneValue: SceneValue) {
        guard case .duration(let value) = sceneValue else { return nil }
        self = value
    }
    public var sceneValue: SceneValue { .duration(self) }
}

extension Color: SceneValueConvertible {
    public static var sceneValueType: ValueType { .color }
    public init?(sceneValue: SceneValue) {
        guard case .color(let value) = sceneValue else { return nil }
        self = value
    }
    public var sceneValue: SceneValue { .color(self) }
}

extension Optional: SceneValueConvertible where Wrapped: SceneValueConvertible {
    public static var sceneValueType: ValueType { .optional(Wrapped.sceneValueType) }
    public init?(sceneValue: SceneValue) {
        if case .null = sceneValue {
            self = .none
            return
        }
        guard let value = Wrapped(sceneValue: sceneValue) else { return nil }
        self = .some(value)
    }
    public var sceneValue: SceneValue { map { $0.sceneValue } ?? .null }
}

extension Array: SceneValueConvertible where Element: SceneValueConvertible {
    public static var sceneValueType: ValueType { .list(Element.sceneValueType) }
    public init?(sceneValue: SceneValue) {
        guard case .list(let values) = sceneValue else { return nil }
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(sceneValue: value) else { return nil }
            result.append(element)
        }
        self = result
    }
    public var sceneValue: SceneValue { .list(map { $0.sceneValue }) }
}

extension Dictionary: SceneValueConvertible where Key == String, Value: SceneValueConvertible {
    public static var sceneValueType: ValueType { .stringMap(Value.sceneValueType) }
    public init?(sceneValue: SceneValue) {
        guard case .map(let pairs) = sceneValue else { return nil }
        var result: [String: Value] = [:]
        for pair in pairs {
            guard let value = Value(sceneValue: pair.value) else { return nil }
            result[pair.key] = value
        }
        self = result
    }
    /// Entries sorted by key, so transcripts are stable.
    public var sceneValue: SceneValue {
        .map(sorted { $0.key < $1.key }.map { SceneValue.Pair($0.key, $0.value.sceneValue) })
    }
}

/// An enum whose cases a scene writes by name.
///
///     enum Axis: String, SceneEnum { case x, y }
public protocol SceneEnum: SceneValueConvertible, CaseIterable, RawRepresentable where RawValue == String {
    /// The name docs use for the enum; defaults to the Swift type's name.
    static var sceneEnumName: String { get }
}

extension SceneEnum {
    public static var sceneEnumName: String { String(describing: Self.self) }
    public static var sceneValueType: ValueType {
        .enumeration(name: sceneEnumName, cases: allCases.map(\.rawValue))
    }
    public init?(sceneValue: SceneValue) {
        guard case .enumCase(let name) = sceneValue, let value = Self(rawValue: name) else { return nil }
        self = value
    }
    public var sceneValue: SceneValue { .enumCase(rawValue) }
}
