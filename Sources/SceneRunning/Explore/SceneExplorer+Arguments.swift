import SceneCore
import SceneLoader

// How the explorer draws an input's argument, by its declared type: a
// number within the input's range (``InputRange``) and at both its ends,
// texts empty, short, long and those the scene sets, the cases of an
// enumeration, durations around the usual ones; the values the scene's
// script gives the same input are drawn too. A type may declare how an
// input's arguments are drawn (``TypeBuilder/exploring(_:values:)``,
// ``TypeBuilder/exploring(_:range:)``), which comes first.
extension SceneExplorer {
    /// An argument of `type` for `move` on `object`; `nil` when the type
    /// has no value the explorer can make (a colour, an object).
    func draw(_ type: ValueType, for move: Move, on object: AnyObject, _ random: inout SplitMix64) -> SceneValue? {
        if random.below(4) != 0,
            let declared = move.draw?.values(for: object, fraction: random.unit(), integral: type.unwrapped == .int)
        {
            return random.pick(declared)
        }
        if let known = scriptValues[ObjectIdentifier(move.member)], !known.isEmpty, random.below(3) == 0 {
            return random.pick(known)
        }
        return Self.draw(type, range: move.member.range, on: object, strings: sceneStrings, &random)
    }

    /// A value of `type`; a number within `range` on `object` when given.
    static func draw(
        _ type: ValueType, range: InputRange?, on object: AnyObject, strings: [SceneValue],
        _ random: inout SplitMix64, depth: Int = 0
    ) -> SceneValue? {
        guard depth < 4 else { return nil }
        switch type {
        case .optional(let wrapped):
            if random.below(8) == 0 { return .null }
            return draw(wrapped, range: range, on: object, strings: strings, &random, depth: depth + 1)
        case .bool: return .bool(random.below(2) == 0)
        case .int:
            if let bounds = range?.bounds(of: object), bounds.lower.isFinite, bounds.upper.isFinite,
                abs(bounds.lower) < 1e9, abs(bounds.upper) < 1e9
            {
                let low = Int(bounds.lower.rounded(.up))
                let high = max(low, Int(bounds.upper.rounded(.down)))
                switch random.below(4) {
                case 0: return .int(low)
                case 1: return .int(high)
                default: return .int(low + random.below(high - low + 1))
                }
            }
            return .int(random.pick([0, 1, 2, 3, -1, random.below(10), random.below(100), 1000]))
        case .double:
            if let range, let bounds = range.bounds(of: object), bounds.lower.isFinite, bounds.upper.isFinite {
                switch random.below(5) {
                case 0: return .double(bounds.lower)
                case 1: return .double(max(bounds.lower, bounds.upper))
                default:
                    let value = range.fraction(random.unit(), of: object) ?? bounds.lower
                    return .double(rounded(value))
                }
            }
            return .double(random.pick([0, 1, 0.5, -1, 2, rounded(random.unit()), rounded(random.unit() * 100)]))
        case .string:
            if !strings.isEmpty, random.below(3) == 0 { return random.pick(strings) }
            return .string(randomText(&random))
        case .duration:
            let milliseconds = random.pick([0, 1, 100, 250, 1000, 2000, 5000, random.below(10_000)])
            return .duration(.milliseconds(milliseconds))
        case .enumeration(_, let cases):
            guard !cases.isEmpty else { return nil }
            return .enumCase(random.pick(cases))
        case .list(let element):
            var items: [SceneValue] = []
            for _ in 0..<random.below(3) {
                guard let item = draw(element, range: nil, on: object, strings: strings, &random, depth: depth + 1)
                else { return nil }
                items.append(item)
            }
            return .list(items)
        case .stringMap: return .map([])
        case .record(_, let fields):
            var pairs: [SceneValue.Pair] = []
            for field in fields {
                if field.type.isOptional, random.below(2) == 0 { continue }
                guard let value = draw(field.type, range: nil, on: object, strings: strings, &random, depth: depth + 1)
                else { return nil }
                pairs.append(SceneValue.Pair(field.name, value))
            }
            return .map(pairs)
        case .color: return nil
        }
    }

    /// A text: empty, one letter, digits, a long one, or letters at random.
    static func randomText(_ random: inout SplitMix64) -> String {
        switch random.below(8) {
        case 0: return ""
        case 1: return "a"
        case 2: return String((0..<4).map { _ in Character(String(random.below(10))) })
        case 3: return String(repeating: "x", count: 300)
        case 4: return " "
        case 5: return "é✓ 😀"
        default:
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return String((0..<(1 + random.below(8))).map { _ in random.pick(letters) })
        }
    }

    /// `value` to three decimals, so that a written script stays readable.
    static func rounded(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 1e12 else { return value }
        return (value * 1000).rounded() / 1000
    }

    /// The simplest values of `type` to try when shrinking, simplest first:
    /// `false`, `0`, the range's lower end, `""`, the first case, `null`.
    static func simpleValues(of type: ValueType, range: InputRange?, on object: AnyObject?) -> [SceneValue] {
        switch type {
        case .optional(let wrapped): return [.null] + simpleValues(of: wrapped, range: range, on: object)
        case .bool: return [.bool(false), .bool(true)]
        case .int: return [.int(0), .int(1)]
        case .double:
            var values: [SceneValue] = []
            if let object, let bounds = range?.bounds(of: object), bounds.lower.isFinite {
                values.append(.double(bounds.lower))
                if bounds.upper.isFinite { values.append(.double(max(bounds.lower, bounds.upper))) }
            }
            return values + [.double(0), .double(1)]
        case .string: return [.string(""), .string("a")]
        case .duration: return [.duration(.zero)]
        case .enumeration(_, let cases): return cases.prefix(1).map { .enumCase($0) }
        case .list: return [.list([])]
        case .stringMap: return [.map([])]
        case .record, .color: return []
        }
    }
}
