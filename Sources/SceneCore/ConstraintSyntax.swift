/// Reads one Auto Layout constraint as a scene writes it, on the view it
/// constrains:
///
///     ATTRIBUTE RELATION [MULTIPLIER *] ITEM.ATTRIBUTE [+|- CONSTANT] [@PRIORITY]
///     ATTRIBUTE RELATION CONSTANT [@PRIORITY]
///
/// `leading == parent.leading + 16`, `width == 0.5 * parent.width`,
/// `width >= 200`, `width == 400 @250`, `top == canvas.safeArea.top`. The
/// item is an object id (a path into a component, `card.title`), `parent`
/// or `canvas`, each optionally followed by a guide (`.safeArea`,
/// `.margins`); the priority a number from 1 to 1000 or `required`, `high`
/// (750) or `low` (250). Spaces between the parts are optional.
///
/// It also refuses what UIKit refuses when the constraint is made: a size
/// related to a position, positions on two axes, `leading`/`trailing`
/// against `left`/`right`, and a position equal to a constant. Whether the
/// item names an object of the scene is for the caller to check.
///
///     switch ConstraintSyntax.parse("width == 0.5 * parent.width") {
///     case .success(let constraint): print(constraint.multiplier)   // 0.5
///     case .failure(let problem): print(problem.message, problem.offsets)
///     }
///
/// - Complexity: O(n) in the text's length.
package enum ConstraintSyntax {
    /// The longest constraint read, in UTF-8 bytes.
    package static let maxLength = 1024

    /// What is wrong with a constraint's text: where (UTF-8 offsets into the
    /// text), why, and what to write instead.
    package struct Problem: Error, Hashable, Sendable {
        package var offsets: Range<Int>
        package var message: String
        package var hint: String?

        package init(_ offsets: Range<Int>, _ message: String, hint: String? = nil) {
            self.offsets = offsets
            self.message = message
            self.hint = hint
        }
    }

    /// An example of each form, for hints.
    static let example = "write it as 'leading == parent.leading + 16' or 'width >= 200'"

    /// `text` read as a constraint, or the first problem in it.
    package static func parse(_ text: String) -> Result<LayoutConstraint, Problem> {
        parseWithItem(text).map(\.constraint)
    }

    /// `text` read as a constraint, with where its second item is written
    /// (UTF-8 offsets of `card.title` in `leading == card.title.trailing`;
    /// `nil` for a constant), or the first problem in it.
    package static func parseWithItem(
        _ text: String
    ) -> Result<(constraint: LayoutConstraint, itemOffsets: Range<Int>?), Problem> {
        let bytes = Array(text.utf8)
        guard bytes.count <= maxLength else {
            return .failure(
                Problem(
                    0..<bytes.count, "the constraint is \(bytes.count) bytes long, more than \(maxLength)",
                    hint: "a constraint relates two attributes: " + example))
        }
        var parser = Parser(bytes: bytes)
        do {
            let constraint = try parser.constraint()
            return .success((constraint, parser.itemOffsets))
        } catch {
            return .failure(error)
        }
    }
}

/// A token of a constraint: where it is and what it is.
private struct Token {
    enum Kind: Equatable {
        /// Identifiers joined by dots: an attribute, an item, a priority's name.
        case path([String])
        case number(Double)
        case relation(LayoutRelation)
        case times, plus, minus, at
        case end
    }

    var kind: Kind
    var offsets: Range<Int>
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0
    /// Where the second item is written, once read.
    var itemOffsets: Range<Int>?

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The whole text: one constraint and nothing after it.
    mutating func constraint() throws(ConstraintSyntax.Problem) -> LayoutConstraint {
        let firstToken = try next()
        let first: LayoutAttribute
        switch firstToken.kind {
        case .end:
            throw ConstraintSyntax.Problem(
                firstToken.offsets, "the constraint is empty", hint: ConstraintSyntax.example)
        case .path(let parts) where parts.count == 1:
            first = try attribute(parts[0], at: firstToken.offsets)
        case .path(let parts):
            throw ConstraintSyntax.Problem(
                firstToken.offsets,
                "a constraint starts with an attribute of the view it is written on, not '\(parts.joined(separator: "."))'",
                hint: ConstraintSyntax.example)
        default:
            throw ConstraintSyntax.Problem(
                firstToken.offsets, "a constraint starts with an attribute, such as 'leading' or 'width'",
                hint: ConstraintSyntax.example)
        }
        let relationToken = try next()
        guard case .relation(let relation) = relationToken.kind else {
            throw ConstraintSyntax.Problem(
                relationToken.offsets, "expected '==', '>=' or '<=' after '\(first.rawValue)'",
                hint: ConstraintSyntax.example)
        }
        var constraint = LayoutConstraint(first: first, relation: relation)
        var token = try next()
        var multiplierToken: Token?
        // A constant, or a multiplier before the item.
        if case .minus = token.kind, case .number(let value) = try peek().kind {
            let number = try next()
            try constantOnly(&constraint, -value, from: token.offsets.lowerBound, to: number)
            return try ending(constraint)
        }
        if case .number(let value) = token.kind {
            guard case .times = try peek().kind else {
                try constantOnly(&constraint, value, from: token.offsets.lowerBound, to: token)
                return try ending(constraint)
            }
            _ = try next()
            constraint.multiplier = value
            multiplierToken = token
            token = try next()
        }
        guard case .path(let parts) = token.kind else {
            throw ConstraintSyntax.Problem(
                token.offsets,
                multiplierToken == nil
                    ? "expected an item's attribute ('parent.leading') or a number after '\(relation.rawValue)'"
                    : "expected an item's attribute after '*', such as 'parent.width'",
                hint: ConstraintSyntax.example)
        }
        let (item, secondAttribute) = try anchor(parts, at: token.offsets)
        itemOffsets = token.offsets.lowerBound..<(token.offsets.lowerBound + item.text.utf8.count)
        constraint.secondItem = item
        constraint.secondAttribute = secondAttribute
        try checkPairing(first, secondAttribute, at: token.offsets)
        if constraint.multiplier == 0, !first.isSize, let multiplierToken {
            throw ConstraintSyntax.Problem(
                multiplierToken.offsets, "'\(first.rawValue)' times 0 would be a position equal to a constant",
                hint: "a position is related to another position with a multiplier other than 0")
        }
        // The constant.
        let sign = try peek()
        switch sign.kind {
        case .plus, .minus:
            _ = try next()
            let number = try next()
            guard case .number(let value) = number.kind else {
                throw ConstraintSyntax.Problem(
                    number.offsets, "expected a number after '\(sign.kind == .plus ? "+" : "-")'",
                    hint: ConstraintSyntax.example)
            }
            constraint.constant = sign.kind == .plus ? value : -value
        default:
            break
        }
        return try ending(constraint)
    }

    /// `constraint` as `first relation constant`, refused for a position.
    private func constantOnly(
        _ constraint: inout LayoutConstraint, _ value: Double, from start: Int, to number: Token
    ) throws(ConstraintSyntax.Problem) {
        guard constraint.first.isSize else {
            throw ConstraintSyntax.Problem(
                start..<number.offsets.upperBound,
                "'\(constraint.first.rawValue)' is a position: it cannot be a constant on its own",
                hint:
                    "relate it to another item's, as in '\(constraint.first.rawValue) == parent.\(constraint.first.rawValue) + \(number.text(in: bytes))'"
            )
        }
        constraint.constant = value
    }

    /// The optional priority, then the end of the text.
    private mutating func ending(_ constraint: LayoutConstraint) throws(ConstraintSyntax.Problem) -> LayoutConstraint {
        var constraint = constraint
        var token = try next()
        if case .at = token.kind {
            let value = try next()
            switch value.kind {
            case .number(let number):
                guard let priority = LayoutPriority(number) else {
                    throw ConstraintSyntax.Problem(
                        value.offsets, "the priority \(value.text(in: bytes)) is outside 1 to 1000",
                        hint: "priorities run from 1 to 1000 (required), as UIKit's; high is 750, low 250")
                }
                constraint.priority = priority
            case .path(let parts) where parts.count == 1:
                guard let priority = LayoutPriority.named(parts[0]) else {
                    let names = LayoutPriority.names.map(\.name)
                    throw ConstraintSyntax.Problem(
                        value.offsets, "'\(parts[0])' is not a priority",
                        hint: Suggestions.hint(for: parts[0], in: names, fallback: nil)
                            ?? "a priority is a number from 1 to 1000, or \(Suggestions.list(names))")
                }
                constraint.priority = priority
            default:
                throw ConstraintSyntax.Problem(
                    value.offsets, "expected a priority after '@'",
                    hint: "a number from 1 to 1000, or required, high (750) or low (250)")
            }
            token = try next()
        }
        guard case .end = token.kind else {
            throw ConstraintSyntax.Problem(
                token.offsets.lowerBound..<bytes.count, "unexpected '\(token.text(in: bytes))' after the constraint",
                hint: "a constraint is one relation, with its priority last: 'width == 400 @250'")
        }
        return constraint
    }

    /// The attribute called `name`.
    private func attribute(_ name: String, at offsets: Range<Int>) throws(ConstraintSyntax.Problem) -> LayoutAttribute {
        if let attribute = LayoutAttribute(rawValue: name) { return attribute }
        let names = LayoutAttribute.allCases.map(\.rawValue)
        throw ConstraintSyntax.Problem(
            offsets, "'\(name)' is not a layout attribute",
            hint: Suggestions.hint(for: name, in: names, fallback: nil)
                ?? "the attributes are \(Suggestions.list(names, limit: names.count))")
    }

    /// The item and attribute `parts` name: the last part is the attribute,
    /// a guide may come before it, and the rest is the item.
    private func anchor(
        _ parts: [String], at offsets: Range<Int>
    ) throws(ConstraintSyntax.Problem) -> (LayoutAnchorItem, LayoutAttribute) {
        guard parts.count >= 2, let last = parts.last else {
            let name = parts.joined(separator: ".")
            let known = LayoutAttribute(rawValue: name) != nil
            throw ConstraintSyntax.Problem(
                offsets,
                known
                    ? "'\(name)' needs an item: whose \(name)?"
                    : "'\(name)' needs an attribute: which of its edges or sizes?",
                hint: known ? "name the item first, as in 'parent.\(name)'" : "as in '\(name).leading'")
        }
        let attributeStart = offsets.upperBound - last.utf8.count
        let attribute = try attribute(last, at: attributeStart..<offsets.upperBound)
        var itemParts = parts.dropLast()
        var guide: LayoutAnchorItem.Guide?
        if itemParts.count >= 2, let named = itemParts.last.flatMap(LayoutAnchorItem.Guide.init(rawValue:)) {
            guide = named
            itemParts = itemParts.dropLast()
        }
        let itemText = itemParts.joined(separator: ".")
        let itemOffsets = offsets.lowerBound..<(offsets.lowerBound + itemText.utf8.count)
        let owner: LayoutAnchorItem.Owner
        switch itemText {
        case "parent": owner = .parent
        case "canvas": owner = .canvas
        default:
            if let keyword = itemParts.first, keyword == "parent" || keyword == "canvas" {
                throw ConstraintSyntax.Problem(
                    itemOffsets, "'\(itemText)' is not an item: '\(keyword)' is followed by an attribute or a guide",
                    hint:
                        "write '\(keyword).ATTRIBUTE', '\(keyword).safeArea.ATTRIBUTE' or '\(keyword).margins.ATTRIBUTE'"
                )
            }
            owner = .object(itemText)
        }
        return (LayoutAnchorItem(owner, guide: guide), attribute)
    }

    /// Refuses what UIKit cannot relate: a size and a position, positions
    /// on two axes, writing-direction sides and fixed sides.
    private func checkPairing(
        _ first: LayoutAttribute, _ second: LayoutAttribute, at offsets: Range<Int>
    ) throws(ConstraintSyntax.Problem) {
        if first.isSize != second.isSize {
            let (size, position) = first.isSize ? (first, second) : (second, first)
            throw ConstraintSyntax.Problem(
                offsets,
                "'\(first.rawValue)' cannot be related to '\(second.rawValue)': '\(size.rawValue)' is a size and '\(position.rawValue)' a position",
                hint:
                    "relate a size to a size ('\(first.rawValue) == parent.\(first.rawValue)') and a position to a position"
            )
        }
        if !first.isSize, first.axis != second.axis {
            throw ConstraintSyntax.Problem(
                offsets,
                "'\(first.rawValue)' is \(first.axis == .horizontal ? "horizontal" : "vertical") and '\(second.rawValue)' \(second.axis == .horizontal ? "horizontal" : "vertical"): positions are related along one axis",
                hint:
                    "relate '\(first.rawValue)' to a \(first.axis == .horizontal ? "horizontal" : "vertical") position, such as 'parent.\(first.rawValue)'"
            )
        }
        if (first.followsWritingDirection && second.isAbsoluteSide)
            || (first.isAbsoluteSide && second.followsWritingDirection)
        {
            throw ConstraintSyntax.Problem(
                offsets,
                "'\(first.rawValue)' cannot be related to '\(second.rawValue)': one follows the writing direction and the other does not",
                hint: "use leading and trailing on both sides, or left and right on both")
        }
    }

    // MARK: - Tokens

    /// The token after the next, without taking it.
    private func peek() throws(ConstraintSyntax.Problem) -> Token {
        var copy = self
        return try copy.next()
    }

    /// The next token.
    private mutating func next() throws(ConstraintSyntax.Problem) -> Token {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        let start = index
        guard index < bytes.count else { return Token(kind: .end, offsets: start..<start) }
        let byte = bytes[index]
        index += 1
        func single(_ kind: Token.Kind) -> Token { Token(kind: kind, offsets: start..<index) }
        switch byte {
        case UInt8(ascii: "*"): return single(.times)
        case UInt8(ascii: "+"): return single(.plus)
        case UInt8(ascii: "-"): return single(.minus)
        case UInt8(ascii: "@"): return single(.at)
        case UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "<"):
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                let relation: LayoutRelation =
                    switch byte {
                    case UInt8(ascii: ">"): .greaterThanOrEqual
                    case UInt8(ascii: "<"): .lessThanOrEqual
                    default: .equal
                    }
                return single(.relation(relation))
            }
            let written = String(decoding: [byte], as: UTF8.self)
            throw ConstraintSyntax.Problem(
                start..<index, "'\(written)' is not a relation",
                hint: "the relations are '==', '>=' and '<='")
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number(from: start)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            return try path(from: start)
        default:
            // The whole character, not one byte of it.
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            let written = String(decoding: bytes[start..<index], as: UTF8.self)
            throw ConstraintSyntax.Problem(
                start..<index, "'\(written)' has no place in a constraint", hint: ConstraintSyntax.example)
        }
    }

    /// Digits, then optionally a point and digits.
    private mutating func number(from start: Int) throws(ConstraintSyntax.Problem) -> Token {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), isDigit(bytes[index + 1]) {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, isWordByte(bytes[index]) {
            while index < bytes.count, isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
            let written = String(decoding: bytes[start..<index], as: UTF8.self)
            throw ConstraintSyntax.Problem(
                start..<index, "'\(written)' is neither a number nor an id",
                hint: "a number is written in points, such as 16 or 0.5, and an id starts with a letter")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw ConstraintSyntax.Problem(start..<index, "'\(text)' is not a number it can use")
        }
        return Token(kind: .number(value), offsets: start..<index)
    }

    /// Identifiers joined by dots.
    private mutating func path(from start: Int) throws(ConstraintSyntax.Problem) -> Token {
        var parts: [String] = []
        var partStart = start
        while true {
            while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            parts.append(String(decoding: bytes[partStart..<index], as: UTF8.self))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { break }
            index += 1
            partStart = index
            guard index < bytes.count, isWordByte(bytes[index]), !isDigit(bytes[index]) else {
                let written = String(decoding: bytes[start..<index], as: UTF8.self)
                throw ConstraintSyntax.Problem(
                    start..<index, "'\(written)' ends with a '.' that no name follows",
                    hint: "an item's attribute is written 'ITEM.ATTRIBUTE', as in 'parent.leading'")
            }
        }
        return Token(kind: .path(parts), offsets: start..<index)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }
}

extension Token {
    /// The token as written.
    func text(in bytes: [UInt8]) -> String {
        String(decoding: bytes[offsets], as: UTF8.self)
    }
}
