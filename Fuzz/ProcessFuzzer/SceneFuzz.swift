import ArgumentParser
import Foundation
import SceneCore

/// `scene-fuzz`: the process-level fuzzers, which run the real runner as a
/// user would on scenes they make (Fuzz/README.md).
@main
struct SceneFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene-fuzz",
        abstract: "Runs scene-runner (or a runner of your own) on mutated or generated scenes.",
        subcommands: [Mutate.self, Generate.self, WriteSeeds.self])
}

/// What both fuzzers take.
struct CampaignOptions: ParsableArguments {
    @Option(help: "The runner under test.") var runner = ".build/release/scene-runner"
    @Option(help: "How many inputs (none: as many as --seconds allow).") var count: Int?
    @Option(help: "How long to run, without --count.") var seconds: Double = 60
    @Option(help: "The seed: the same seed and count give the same inputs.") var seed: UInt64 = 1
    @Option(help: "Where findings go (never the repository).") var findings: String?
    @Option(help: "The wall-clock limit of one run, in seconds.") var timeout: Double = 10
    @Option(help: "The peak resident memory of one run, in MiB.") var maxRssMb = 1024
    @Flag(help: "Exit 1 when a finding of a --fail-kinds kind was made (for CI).") var failOnFinding = false
    @Option(help: "The kinds that fail: status, timeout, memory, output, json, dot, input-changed.")
    var failKinds = "status,timeout,memory,output,json,dot,input-changed"

    /// Runs `make` for each index until the count or the time is reached,
    /// prints the summary, and exits as --fail-on-finding says.
    func run(_ name: String, extra: () -> [String], _ make: (Campaign, Int, URL) throws -> Void) throws {
        let root = URL(fileURLWithPath: findings ?? NSTemporaryDirectory() + "scene-\(name)")
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("scene-\(name)-work-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let campaign = Campaign(
            runner: runner, limits: RunnerRun.Limits(seconds: timeout, memoryMiB: maxRssMb), findings: root)
        let started = Date()
        var index = 0
        while count.map({ index < $0 }) ?? (Date().timeIntervalSince(started) < seconds) {
            try make(campaign, index, work)
            index += 1
        }
        print(campaign.summary(name, seconds: Date().timeIntervalSince(started), extra: extra()))
        let failed = campaign.failing(Set(failKinds.split(separator: ",").map(String.init)))
        if failOnFinding && failed > 0 { throw ExitCode(1) }
    }
}

/// The mutation fuzzer: one to five mutations of a seed, each mutant
/// through `check`, `run` (JSON Lines with a timeline, and in text),
/// `graph` and, for some, `live` and `types`.
struct Mutate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mutates the repository's scenes and runs them.")
    @OptionGroup var options: CampaignOptions
    @Option(help: "The repository whose scenes are the seeds.") var repository = "."

    func run() throws {
        let seeds = Seeds.load(root: URL(fileURLWithPath: repository))
        guard !seeds.inputs.isEmpty else { throw FuzzError("no seed under \(repository)") }
        let others = seeds.inputs.map(\.bytes)
        var used: [String: Int] = [:]
        try options.run(
            "mutate",
            extra: {
                [
                    "   \(seeds.inputs.count) seeds; mutations: "
                        + used.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                ]
            }
        ) { campaign, index, work in
            var random = SplitMix64.forInput(index, seed: options.seed)
            let seed = seeds.inputs[random.below(seeds.inputs.count)]
            let mutant = Mutations.mutate(seed.bytes, others: others, using: &random)
            for name in mutant.applied { used[name, default: 0] += 1 }
            var files = seeds.support
            files["scene.yaml"] = mutant.bytes
            var plans = [
                RunPlan(subcommand: "check", arguments: ["check", "--format", "json", "scene.yaml"], printsJSON: true)
            ]
            plans.append(
                RunPlan(
                    subcommand: "run",
                    arguments: ["run", "--format", "json", "--timeline", "out/timeline.html", "scene.yaml"],
                    printsJSON: true))
            var extraPlans: [RunPlan] = []
            extraPlans.append(
                RunPlan(
                    subcommand: "run",
                    arguments: ["run"]
                        + random.pick([[], ["--verbose"], ["--warnings-as-errors"], ["--shard", "1/1"]], or: []) + [
                            "scene.yaml"
                        ]))
            extraPlans.append(
                RunPlan(
                    subcommand: "graph",
                    arguments: ["graph", "scene.yaml"] + (random.chance(0.3) ? ["-o", "out/graph.dot"] : []),
                    printsDOT: true))
            if random.chance(0.1) {
                extraPlans.append(
                    RunPlan(
                        subcommand: "live", arguments: ["live", "scene.yaml", "--duration", "300ms"],
                        input: Array("tap: x\nwait: 1s\n{\n".utf8)))
            }
            if random.chance(0.05) {
                extraPlans.append(RunPlan(subcommand: "run", arguments: ["run", "scene.yaml"], closedOutput: true))
            }
            if random.chance(0.03) {
                let victim = random.pick(["scene.yaml", "./scene.yaml", "out/../scene.yaml"], or: "scene.yaml")
                extraPlans.append(
                    random.pick(
                        [
                            RunPlan(subcommand: "graph", arguments: ["graph", "scene.yaml", "-o", victim]),
                            RunPlan(subcommand: "run", arguments: ["run", "--timeline", victim, "scene.yaml"]),
                        ], or: RunPlan(subcommand: "graph", arguments: [])))
            }
            if random.chance(0.05) {
                extraPlans.append(
                    RunPlan(
                        subcommand: "types",
                        arguments: [
                            "types",
                            random.pick(
                                ["Button", "Vew", "", "--format", String(repeating: "a", count: 10_000)], or: "Button"),
                        ]))
            }
            let valid = random.chance(0.25)
            try campaign.run(
                Campaign.Input(
                    files: files, plans: plans,
                    origin:
                        "mutant \(index) of seed \(options.seed), from \(seed.name): \(mutant.applied.joined(separator: ", "))"
                ), in: work
            ) { checked in
                checked.ending == .exited(0) || valid ? extraPlans : []
            }
        }
    }
}

/// The generator of well-typed scenes with free wiring: each through
/// `check`, and when it passes, `run` and some through `graph` and `live`;
/// a scene `check` refuses is a generator disagreement, counted.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generates scenes from the runner's registry and runs them.")
    @OptionGroup var options: CampaignOptions
    @Option(help: "The most objects a scene starts with.") var maxObjects = 12

    func run() throws {
        let registry = try Registry.read(runner: options.runner)
        var valid = 0, disagreements = 0
        var firstErrors: [String: Int] = [:]
        try options.run(
            "generate",
            extra: {
                [
                    "   \(registry.names.count) types; \(valid) scenes passed check; \(disagreements) generator disagreements"
                ]
                    + firstErrors.sorted { $0.value > $1.value }.prefix(10).map {
                        "      x\($0.value) disagreement: \($0.key)"
                    }
            }
        ) { campaign, index, work in
            var scene = GeneratedScene(
                registry: registry, random: SplitMix64.forInput(index, seed: options.seed), maximumObjects: maxObjects)
            var random = SplitMix64.forInput(index, seed: ~options.seed)
            var plans = [
                random.chance(0.5)
                    ? RunPlan(
                        subcommand: "run",
                        arguments: ["run", "--format", "json", "--timeline", "out/timeline.html", "scene.yaml"],
                        printsJSON: true)
                    : RunPlan(subcommand: "run", arguments: ["run", "scene.yaml"])
            ]
            if random.chance(0.3) {
                plans.append(RunPlan(subcommand: "graph", arguments: ["graph", "scene.yaml"], printsDOT: true))
            }
            if random.chance(0.1) {
                plans.append(
                    RunPlan(
                        subcommand: "live", arguments: ["live", "scene.yaml", "--duration", "300ms"],
                        input: Array(scene.liveLines().utf8)))
            }
            let input = Campaign.Input(
                files: ["scene.yaml": Array(scene.text.utf8)],
                plans: [RunPlan(subcommand: "check", arguments: ["check", "scene.yaml"])],
                origin: "scene \(index) of seed \(options.seed)")
            try campaign.run(input, in: work) { checked in
                if checked.ending == .exited(0) { valid += 1; return plans }
                disagreements += 1
                let text = String(decoding: RunnerRun.head(checked.stdout), as: UTF8.self)
                if let line = text.split(separator: "\n").first(where: { $0.contains(": error: ") }) {
                    firstErrors[String(line.split(separator: " ", maxSplits: 1).last ?? line), default: 0] += 1
                }
                return []
            }
        }
    }
}

/// Writes the mutation fuzzer's seeds into a folder, one file each, for
/// libFuzzer to start from (Fuzz/README.md).
struct WriteSeeds: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seeds", abstract: "Writes the seeds (the repository's scenes and the tests' YAML) into a folder.")
    @Argument(help: "The folder to write them into.") var folder: String
    @Option(help: "The repository whose scenes are the seeds.") var repository = "."

    func run() throws {
        let seeds = Seeds.load(root: URL(fileURLWithPath: repository))
        let output = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        for (index, seed) in seeds.inputs.enumerated() {
            try Data(seed.bytes).write(to: output.appendingPathComponent(String(format: "seed-%05d", index)))
        }
        print("\(seeds.inputs.count) seeds in \(folder)")
    }
}
