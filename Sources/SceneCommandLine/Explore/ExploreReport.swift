import SceneCore
import SceneOutput
import SceneRunning
import SceneYAML

/// What `explore` prints: the failure found (what broke, where its
/// invariant is written, the minimal script), then the coverage, then a
/// summary line; as text, as JSON Lines, or as text with a GitHub
/// annotation on the invariant's line.
struct ExploreReport {
    let result: ExploreResult
    let file: String
    let seed: UInt64
    /// The reproducer's path, when one was written.
    let written: String?

    func write(_ format: ReportFormat, to output: any TextSink) {
        switch format {
        case .text: writeText(to: output)
        case .github:
            if let failure = result.failure {
                let place = WorkflowCommands.Place(file: file, position: failure.position)
                output.writeWorkflowCommand(
                    WorkflowCommands.annotation(
                        .error, at: place, title: "explore: \(title(of: failure))",
                        message: failure.message + "\nminimal script:\n"
                            + result.script.map { "  - \($0)" }.joined(separator: "\n")))
            }
            writeText(to: output)
        case .json: writeJSON(to: output)
        }
    }

    private func title(of failure: ExploreFailure) -> String {
        switch failure.kind {
        case .invariant: "invariant broke"
        case .error: "run stopped on an error"
        case .failure: "an object failed"
        }
    }

    private var summary: String {
        let runs = "\(result.runCount) run\(result.runCount == 1 ? "" : "s")"
        let steps = "\(result.stepCount) step\(result.stepCount == 1 ? "" : "s")"
        return "seed \(seed), \(runs), \(steps)"
    }

    private func writeText(to output: any TextSink) {
        let name = VisibleText.line(file)
        if let failure = result.failure {
            let place = failure.position.map { ":\($0.line):\($0.column)" } ?? ""
            output.write("\(name)\(place): \(VisibleText.line(failure.message))\n")
            if result.isInSetup {
                output.write("  in the scene's own setup, before any explored step\n")
            } else {
                output.write(
                    "  found after \(result.foundLength) explored steps, shrunk to \(result.steps.count) in \(result.shrinkAttempts) replays\n"
                )
            }
            output.write("minimal script:\n")
            for line in result.script { output.write("  - \(VisibleText.line(line))\n") }
            if let written { output.write("written to \(VisibleText.line(written))\n") }
        }
        writeCoverage(to: output)
        let verdict = result.failure == nil ? "nothing broke" : "1 failure"
        output.write("== \(name): \(verdict) (\(summary))\n")
    }

    private func writeCoverage(to output: any TextSink) {
        guard !result.coverage.objects.isEmpty else { return }
        output.write("coverage:\n")
        for object in result.coverage.objects {
            output.write("  \(VisibleText.line(object.id)) (\(object.type))\n")
            if !object.inputs.isEmpty {
                let counts = object.inputs.map { input in
                    input.ignored > 0
                        ? "\(input.name) \(input.count) (\(input.ignored) ignored)" : "\(input.name) \(input.count)"
                }
                output.write("    inputs: \(counts.joined(separator: ", "))\n")
            }
            if !object.events.isEmpty {
                output.write("    events: \(object.events.map { "\($0.name) \($0.count)" }.joined(separator: ", "))\n")
            }
            if !object.actions.isEmpty {
                output.write(
                    "    actions: \(object.actions.map { "\($0.name) \($0.count)" }.joined(separator: ", "))\n")
            }
            for property in object.properties {
                let values = property.values.map { VisibleText.line($0.description) }.joined(separator: ", ")
                output.write("    \(property.name): \(values)\(property.isTruncated ? ", ..." : "")\n")
            }
        }
    }

    private func writeJSON(to output: any TextSink) {
        if let failure = result.failure {
            var fields: [(String, JSONValue)] = [
                ("type", .string("failure")), ("file", .string(file)), ("kind", .string(kind(of: failure))),
                ("message", .string(failure.message)), ("identity", .string(failure.identity)),
            ]
            if let position = failure.position {
                fields += [("line", .int(position.line)), ("column", .int(position.column))]
            }
            fields += [
                ("time", .number(failure.time.seconds)), ("inSetup", .bool(result.isInSetup)),
                ("foundLength", .int(result.foundLength)), ("shrinkAttempts", .int(result.shrinkAttempts)),
                ("steps", .strings(result.minimalSteps)), ("script", .strings(result.script)),
                ("written", .optional(written.map(JSONValue.string))),
            ]
            output.write(JSONValue.object(fields).compact + "\n")
        }
        for object in result.coverage.objects {
            let count = { (counts: [ExploreCoverage.Count]) in
                JSONValue.object(counts.map { ($0.name, .int($0.count)) })
            }
            var fields: [(String, JSONValue)] = [
                ("type", .string("coverage")), ("object", .string(object.id)), ("objectType", .string(object.type)),
                ("inputs", count(object.inputs)),
                ("ignored", .object(object.inputs.filter { $0.ignored > 0 }.map { ($0.name, .int($0.ignored)) })),
                ("events", count(object.events)), ("actions", count(object.actions)),
            ]
            fields.append(
                (
                    "values",
                    .object(
                        object.properties.map { property in
                            (property.name, .array(property.values.map { JSONValue($0) }))
                        })
                ))
            output.write(JSONValue.object(fields).compact + "\n")
        }
        let status = result.failure == nil ? ExitStatus.success : ExitStatus.failedExpectation
        output.write(
            JSONValue.object([
                ("type", .string("explored")), ("file", .string(file)), ("seed", .string(String(seed))),
                ("runs", .int(result.runCount)), ("steps", .int(result.stepCount)),
                ("failures", .int(result.failure == nil ? 0 : 1)), ("status", .int(Int(status))),
            ]).compact + "\n")
    }

    private func kind(of failure: ExploreFailure) -> String {
        switch failure.kind {
        case .invariant: "invariant"
        case .error: "error"
        case .failure: "failure"
        }
    }
}
