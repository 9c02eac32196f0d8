import Foundation

/// The registry of the runner under test, read from `RUNNER types
/// --format json`: so a custom runner is fuzzed with its own types.
struct Registry {
    /// A value type as `types --format json` describes it (`{"kind": …}`).
    final class ValueKind: Decodable, Equatable {
        struct Field: Decodable { var name: String; var type: ValueKind }
        let kind: String
        let cases: [String]?
        let wrapped: ValueKind?
        let element: ValueKind?
        let value: ValueKind?
        let fields: [Field]?

        static func == (a: ValueKind, b: ValueKind) -> Bool {
            a.kind == b.kind && a.cases == b.cases && a.wrapped == b.wrapped && a.element == b.element
                && a.value == b.value
        }
    }
    struct Property: Decodable {
        var name: String; var valueType: ValueKind; var range: [Double?]?; var required: Bool; var readOnly: Bool
    }
    struct Outlet: Decodable {
        var name: String; var requires: String; var collection: Bool; var required: Bool; var hierarchy: Bool
    }
    struct Event: Decodable { var name: String; var payload: ValueKind? }
    struct Action: Decodable { var name: String; var argument: ValueKind? }
    struct TypeRecord: Decodable {
        var name: String
        var base: String?
        var conformances: [String]?
        var properties: [Property]
        var outlets: [Outlet]
        var events: [Event]
        var actions: [Action]
        var inputs: [Action]
    }
    struct ProtocolRecord: Decodable { var name: String; var fits: [String]? }
    private struct Kind: Decodable { var type: String }

    var types: [String: TypeRecord] = [:]
    var names: [String] = []
    var protocols: [String: ProtocolRecord] = [:]

    /// Runs `RUNNER types --format json` and reads its records.
    static func read(runner: String) throws -> Registry {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: runner)
        process.arguments = ["types", "--format", "json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var registry = Registry()
        let decoder = JSONDecoder()
        for line in output.split(separator: UInt8(ascii: "\n")) {
            switch try decoder.decode(Kind.self, from: Data(line)).type {
            case "type":
                let record = try decoder.decode(TypeRecord.self, from: Data(line))
                registry.types[record.name] = record
                registry.names.append(record.name)
            case "protocol":
                let record = try decoder.decode(ProtocolRecord.self, from: Data(line))
                registry.protocols[record.name] = record
            default: continue
            }
        }
        guard !registry.names.isEmpty else { throw FuzzError("\(runner) types --format json listed no type") }
        return registry
    }

    /// Whether an object of `type` fits an outlet that requires `requirement`.
    func fits(_ type: String, _ requirement: String) -> Bool {
        var name: String? = type
        var seen: Set<String> = []
        while let current = name, seen.insert(current).inserted, let record = types[current] {
            if current == requirement || record.conformances?.contains(requirement) == true { return true }
            name = record.base
        }
        return protocols[requirement]?.fits?.contains(type) == true
    }

    /// Whether an event's payload can be handed to an action's argument.
    static func fits(payload: ValueKind?, argument: ValueKind?) -> Bool {
        guard let argument else { return true }
        guard let payload else { return argument.kind == "optional" }
        if payload == argument || argument.wrapped == payload { return true }
        return payload.kind == "int" && (argument.kind == "double" || argument.wrapped?.kind == "double")
    }
}

/// A failure of the tool itself (not a finding), said in one line.
struct FuzzError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
