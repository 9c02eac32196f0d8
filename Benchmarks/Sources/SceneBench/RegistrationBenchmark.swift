import SceneCore

/// `scene-bench --registration`: what a property declared with a key path
/// costs to set and read next to one declared with closures, through the
/// `PropertyDescription` the loader and the transcript call.
///
///     swift run -c release scene-bench --registration
///     swift run -c release scene-bench --registration --form keypaths --count 1000000
///
/// Each figure is the median of the repetitions, after one warm-up, in
/// nanoseconds per set or read. With `--form`, only that form runs, once,
/// with no timing: for `valgrind --tool=callgrind`, whose instruction
/// counts of the two forms, less that of `--form none`, divided by the
/// count, are the instructions per set and read.
enum RegistrationBenchmark {
    /// The usage of this mode.
    static let usage = """
        USAGE: scene-bench --registration [--count N] [--repetitions N] [--form closures|keypaths|none]

        Times setting and reading three properties (a Double, a String, an
        Int) through their descriptions, declared with closures and with key
        paths (nanoseconds per set and per read, medians of N runs after one
        warm-up, default 7; N sets and reads per run, default 1,000,000).
        With --form, runs only that form once, untimed, for callgrind.
        """

    /// The object whose properties are set.
    final class Subject: SceneObject {
        var alpha: Double = 0
        var title = ""
        var count = 0
        init() {}
        func awake(in scene: Scene) {}
    }

    /// The subject's properties declared with closures, as the built-in
    /// types declare theirs.
    static func closures() -> TypeDescription {
        TypeDescription("ClosureSubject", summary: "Closures.", make: Subject.init) { type in
            type.property("alpha", get: { $0.alpha }, set: { $0.alpha = $1 }, doc: "A number.")
            type.property("title", get: { $0.title }, set: { $0.title = $1 }, doc: "A string.")
            type.property("count", get: { $0.count }, set: { $0.count = $1 }, doc: "A whole number.")
        }
    }

    /// The same properties declared with key paths.
    static func keyPaths() -> TypeDescription {
        TypeDescription("KeyPathSubject", summary: "Key paths.", make: Subject.init) { type in
            type.property("alpha", \.alpha, doc: "A number.")
            type.property("title", \.title, doc: "A string.")
            type.property("count", \.count, doc: "A whole number.")
        }
    }

    /// Sets each of the three properties `count` times, then reads each
    /// `count` times; returns a checksum so that nothing is optimised away.
    static func exercise(_ type: TypeDescription, count: Int) -> (set: Duration, read: Duration, checksum: Int) {
        let object = Subject()
        let properties = type.properties
        let values: [SceneValue] = [.double(0.5), .string("title"), .int(7)]
        var checksum = 0
        let clock = ContinuousClock()
        let setStart = clock.now
        for round in 0..<count {
            let index = round % 3
            if properties[index].set(values[index], on: object) { checksum &+= 1 }
        }
        let setEnd = clock.now
        for round in 0..<count {
            if properties[round % 3].value(of: object) != nil { checksum &+= 1 }
        }
        let readEnd = clock.now
        return (setEnd - setStart, readEnd - setEnd, checksum)
    }

    /// Parses `arguments` (after `--registration`) and prints the figures;
    /// returns the exit status.
    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        var count = 1_000_000
        var repetitions = 7
        var form: String?
        var remaining = arguments
        while let argument = remaining.popFirst() {
            switch argument {
            case "--count", "--repetitions":
                guard let text = remaining.popFirst(), let value = Int(text), value > 0, value <= 1_000_000_000 else {
                    SceneBenchCommand.printError(
                        "scene-bench: \(argument) takes a whole number from 1 to 1,000,000,000\n\n\(usage)")
                    return 64
                }
                if argument == "--count" { count = value } else { repetitions = min(value, 1_000) }
            case "--form":
                guard let text = remaining.popFirst(), ["closures", "keypaths", "none"].contains(text) else {
                    SceneBenchCommand.printError("scene-bench: --form takes closures, keypaths or none\n\n\(usage)")
                    return 64
                }
                form = text
            default:
                SceneBenchCommand.printError("scene-bench: unknown argument '\(argument)'\n\n\(usage)")
                return 64
            }
        }
        if let form {
            let type = form == "keypaths" ? keyPaths() : closures()
            let result = exercise(type, count: form == "none" ? 0 : count)
            print("\(form): \(count) sets and reads (checksum \(result.checksum))")
            return 0
        }
        for (name, type) in [("closures", closures()), ("key paths", keyPaths())] {
            _ = exercise(type, count: count)
            var sets: [Double] = []
            var reads: [Double] = []
            for _ in 0..<repetitions {
                let result = exercise(type, count: count)
                sets.append(nanoseconds(result.set) / Double(count))
                reads.append(nanoseconds(result.read) / Double(count))
            }
            print(
                "\(name): \(format(median(sets))) ns a set, \(format(median(reads))) ns a read"
                    + " (median of \(repetitions), \(count) each)")
        }
        return 0
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
