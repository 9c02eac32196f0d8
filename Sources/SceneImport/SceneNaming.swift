import SceneCore

/// The ids an import gives objects: readable, and stable when the
/// storyboard changes elsewhere, so that a re-import gives a small diff.
/// In order: the name of the first outlet (in the file's order) that
/// points at the object (a role such as `delegate` or `dataSource` only
/// when no other outlet does, and then with the object's type), its label in Interface Builder, its title (or
/// text, or placeholder) and type (`logInButton`), its type and IB id
/// (`view_8bC_Xf_vdC`). Objects that would share a name are told apart by
/// the object whose outlet names them (`userNameInputShakeAnimation`), else
/// by their IB ids, else by a hash of their IB ids; an id longer than
/// ``maxLength`` is cut and ends with a hash of the whole. Nothing depends
/// on the order of the objects.
enum SceneNaming {
    /// The longest id written; a longer one keeps its first characters and
    /// ends with a hash of the whole (``shortened(_:)``).
    static let maxLength = 64

    static func ids(
        for objects: [ImportedObject], outletNames: [String: (name: String, source: String)]
    ) -> [String: String] {
        var primary: [String: (id: String, fromOutlet: Bool)] = [:]
        for object in objects {
            let (id, fromOutlet) = candidate(object, outletNames)
            primary[object.ibID] = (shortened(id), fromOutlet)
        }
        let uses = counts(objects.compactMap { primary[$0.ibID]?.id })
        // A name more than one object would have is told apart by the
        // object whose outlet names it, else by the IB id.
        var result: [String: String] = [:]
        for object in objects {
            guard let first = primary[object.ibID] else { continue }
            var id = first.id
            if uses[id, default: 0] > 1 {
                if first.fromOutlet, let outlet = outletNames[object.ibID], let owner = primary[outlet.source],
                    owner.id != id, let name = identifier(words(outlet.name), keepCase: true)
                {
                    id = shortened(owner.id + capitalized(name))
                } else {
                    id = shortened(id + "_" + sanitized(object.ibID))
                }
            }
            result[object.ibID] = id
        }
        // IB ids that differ only in their punctuation (`x-1`, `x.1`) still
        // give one name: each is told apart by a hash of its IB id, so
        // that no id depends on the order of the objects.
        var shared = counts(Array(result.values))
        for object in objects {
            guard let id = result[object.ibID], shared[id, default: 0] > 1 else { continue }
            result[object.ibID] = shortened(id + "_" + hash(object.ibID))
        }
        shared = counts(Array(result.values))
        // Two hashes alike (one chance in four billion): numbered in the
        // order of their IB ids, which is the file's content, not its order.
        let clashing = objects.map(\.ibID).filter { result[$0].map { shared[$0, default: 0] > 1 } ?? false }.sorted()
        var taken = Set(result.values.filter { shared[$0, default: 0] == 1 })
        for ibID in clashing {
            guard let id = result[ibID] else { continue }
            var unique = id
            var number = 2
            while taken.contains(unique) && number < objects.count + 3 {
                unique = shortened(id + "_\(number)")
                number += 1
            }
            taken.insert(unique)
            result[ibID] = unique
        }
        return result
    }

    /// Whether the outlet `name` is a role any object can play for its
    /// owner (`delegate`, `dataSource`, `emailDelegate`) rather than a name
    /// of the object: such an outlet names the object only when no other does.
    static func isGeneric(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix("delegate") || lowered.hasSuffix("datasource")
    }

    /// How many times each of `names` occurs.
    private static func counts(_ names: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        return counts
    }

    /// `id` when it has at most ``maxLength`` characters, else its first
    /// characters, `_` and a hash of the whole id: still an id, and the
    /// same for the same text.
    static func shortened(_ id: String) -> String {
        guard id.utf8.count > maxLength else { return id }
        return String(id.prefix(maxLength - 9)) + "_" + hash(id)
    }

    /// Eight hexadecimal digits of the FNV-1a hash of `text`'s UTF-8: the
    /// same on every machine and every run.
    static func hash(_ text: String) -> String {
        let digits = String(StableHash.fnv1a32(text.utf8), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    private static func candidate(
        _ object: ImportedObject, _ outletNames: [String: (name: String, source: String)]
    ) -> (id: String, fromOutlet: Bool) {
        if let outlet = outletNames[object.ibID], isGeneric(outlet.name) {
            // `delegate` says what the object does for its owner, not what
            // it is: its type names it (`formBehaviour`), and two alike are
            // told apart by their owners (`emailFieldDelegate`).
            return (lowerFirst(object.type.name), true)
        }
        if let outlet = outletNames[object.ibID], let id = identifier(words(outlet.name), keepCase: true) {
            return (id, true)
        }
        if let label = object.element["userLabel"], let id = identifier(words(label), keepCase: false) {
            return (id, false)
        }
        if let title = object.title, let id = identifier(words(title) + [object.type.name], keepCase: false) {
            return (id, false)
        }
        return (lowerFirst(object.type.name) + "_" + sanitized(object.ibID), false)
    }

    /// The ASCII letters and digits of `text`, split at everything else
    /// (and at a lower-case letter followed by an upper-case one).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for scalar in text.unicodeScalars {
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isDigit = ("0"..."9").contains(scalar)
            guard isLetter || isDigit else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
                continue
            }
            let isUpper = ("A"..."Z").contains(scalar)
            if isUpper && previousLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousLower = ("a"..."z").contains(scalar) || isDigit
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `words` as a lower camel case id of at most five words; `nil` when
    /// there are none or it would start with a digit.
    private static func identifier(_ words: [String], keepCase: Bool) -> String? {
        let kept = words.count > 5 ? Array(words.prefix(4)) + [words[words.count - 1]] : words
        guard let first = kept.first, let initial = first.unicodeScalars.first,
            !("0"..."9").contains(initial)
        else { return nil }
        return lowerFirst(keepCase ? first : first.lowercased()) + kept.dropFirst().map(capitalized).joined()
    }

    static func capitalized(_ word: String) -> String {
        let rest = word.dropFirst()
        let tail = rest.allSatisfy { !$0.isLowercase } ? rest.lowercased() : String(rest)
        return word.prefix(1).uppercased() + tail
    }

    static func lowerFirst(_ word: String) -> String {
        let upperRun = word.prefix { $0.isUppercase }
        if upperRun.count > 1 && upperRun.count < word.count {
            // `UISwitch` is `uiSwitch`.
            return upperRun.dropLast().lowercased() + word.dropFirst(upperRun.count - 1)
        }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    /// An IB id with every character that cannot be in an id as `_`.
    static func sanitized(_ ibID: String) -> String {
        String(
            String.UnicodeScalarView(
                ibID.unicodeScalars.map { scalar in
                    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        ? scalar : "_"
                }))
    }
}
