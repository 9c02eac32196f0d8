/// The ids an import gives objects: readable, and stable when the
/// storyboard changes elsewhere, so that a re-import gives a small diff.
/// In order: the name of the first outlet (in the file's order) that
/// points at the object, its label in Interface Builder, its title (or
/// text, or placeholder) and type (`logInButton`), its type and IB id
/// (`view_8bC_Xf_vdC`). Objects that would share a name are told apart by
/// the object whose outlet names them (`userNameInputShakeAnimation`), else
/// by their IB ids; nothing depends on a counter.
enum SceneNaming {
    static func ids(
        for objects: [ImportedObject], outletNames: [String: (name: String, source: String)]
    ) -> [String: String] {
        var primary: [String: (id: String, fromOutlet: Bool)] = [:]
        for object in objects { primary[object.ibID] = candidate(object, outletNames) }
        var uses: [String: Int] = [:]
        for object in objects { uses[primary[object.ibID]?.id ?? "", default: 0] += 1 }
        var result: [String: String] = [:]
        var taken: Set<String> = []
        for object in objects {
            guard let first = primary[object.ibID] else { continue }
            var id = first.id
            if uses[id, default: 0] > 1 {
                if first.fromOutlet, let outlet = outletNames[object.ibID], let owner = primary[outlet.source],
                    owner.id != id
                {
                    id = owner.id + capitalized(outlet.name)
                } else {
                    id = id + "_" + sanitized(object.ibID)
                }
            }
            if taken.contains(id) { id += "_" + sanitized(object.ibID) }
            var unique = id
            var suffix = 2
            while taken.contains(unique) && suffix < objects.count + 3 {
                unique = id + "_\(suffix)"
                suffix += 1
            }
            taken.insert(unique)
            result[object.ibID] = unique
        }
        return result
    }

    private static func candidate(
        _ object: ImportedObject, _ outletNames: [String: (name: String, source: String)]
    ) -> (id: String, fromOutlet: Bool) {
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
