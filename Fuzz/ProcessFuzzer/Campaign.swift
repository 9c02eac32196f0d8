import Foundation

/// A fuzzing campaign: inputs one after another, each in a folder of its
/// own, each run judged; findings kept by signature, a summary at the end.
final class Campaign {
    /// One input: its files (the main one is `scene.yaml`) and its runs.
    struct Input {
        var files: [String: [UInt8]]
        var plans: [RunPlan]
        /// Where it comes from, for the finding's record.
        var origin: String
    }

    let runner: String
    let limits: RunnerRun.Limits
    let findings: URL
    let check: RunCheck
    private(set) var runs: [String: Int] = [:]
    private(set) var signatures: [String: (kind: String, count: Int)] = [:]
    private(set) var inputs = 0

    init(runner: String, limits: RunnerRun.Limits, findings: URL) {
        self.runner = runner
        self.limits = limits
        self.findings = findings
        check = RunCheck(runner: runner)
    }

    /// Writes `input` into a new folder under `work`, runs its plans in order
    /// (`then` may add plans after the first, given its run), and records
    /// what they find. Returns the first run's ending.
    @discardableResult
    func run(_ input: Input, in work: URL, then: (RunnerRun) -> [RunPlan] = { _ in [] }) throws -> RunnerRun.Ending? {
        inputs += 1
        let folder = work.appendingPathComponent("input-\(inputs)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, bytes) in input.files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        var plans = input.plans
        var first: RunnerRun.Ending?
        var index = 0
        while index < plans.count {
            let plan = plans[index]
            let before = FileState.snapshot(of: folder)
            let result = try RunnerRun.run(runner, plan, in: folder, limits: limits)
            runs["\(plan.subcommand) \(Self.describe(result.ending))", default: 0] += 1
            for problem in check.problems(of: result, plan, folder: folder, before: before) {
                try record(problem, plan, result, input)
            }
            if index == 0 {
                first = result.ending
                plans += then(result)
            }
            index += 1
        }
        return first
    }

    /// Keeps a finding: one folder per signature (subcommand, kind, the
    /// first line of standard error) with the input, `command.sh` and the
    /// run's output; later inputs with the same signature are counted.
    private func record(_ problem: Problem, _ plan: RunPlan, _ result: RunnerRun, _ input: Input) throws {
        let firstLine =
            String(decoding: RunnerRun.head(result.stderr, limit: 4096), as: UTF8.self)
            .split(separator: "\n").first.map { String($0.prefix(160)) } ?? ""
        let signature = "\(plan.subcommand) \(problem.kind): \(problem.detail.prefix(80)) | \(firstLine)"
        if let known = signatures[signature] {
            signatures[signature] = (known.kind, known.count + 1)
            return
        }
        signatures[signature] = (problem.kind, 1)
        let folder = findings.appendingPathComponent(
            String(format: "%03d-%@-%@", signatures.count, plan.subcommand, problem.kind))
        for (path, bytes) in input.files {
            let url = folder.appendingPathComponent("input").appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try Data(plan.input).write(to: folder.appendingPathComponent("input/stdin.txt"))
        let command =
            "#!/bin/sh\n# Run from input/, with RUNNER set: \(input.origin)\nRUNNER=${RUNNER:-\(runner)}\n\(plan.shellLine)\n"
        try Data(command.utf8).write(to: folder.appendingPathComponent("command.sh"))
        try Data(RunnerRun.head(result.stdout, limit: 256 << 10)).write(to: folder.appendingPathComponent("stdout"))
        try Data(RunnerRun.head(result.stderr, limit: 256 << 10)).write(to: folder.appendingPathComponent("stderr"))
        print("finding: \(signature) (\(folder.path))")
    }

    /// The findings whose kind is in `kinds`.
    func failing(_ kinds: Set<String>) -> Int {
        signatures.values.filter { kinds.contains($0.kind) }.reduce(0) { $0 + $1.count }
    }

    /// The runs by subcommand and ending, then the findings by signature.
    func summary(_ name: String, seconds: Double, extra: [String]) -> String {
        var lines = ["== \(name): \(inputs) inputs in \(Int(seconds)) s"]
        lines += runs.sorted { $0.key < $1.key }.map { "   \($0.value) x \($0.key)" }
        lines += extra
        lines.append("   \(signatures.count) finding signatures" + (signatures.isEmpty ? "" : ", in \(findings.path):"))
        lines += signatures.sorted { $0.value.count > $1.value.count }.map { "      x\($0.value.count) \($0.key)" }
        return lines.joined(separator: "\n")
    }

    static func describe(_ ending: RunnerRun.Ending) -> String {
        switch ending {
        case .exited(let status): "exit \(status)"
        case .signal(let number): "signal \(number)"
        case .timedOut: "timeout"
        case .overMemory: "memory"
        }
    }
}
