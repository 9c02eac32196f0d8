import Testing

// RunnerChoice.swift and SceneFiles.swift here are links to the plugin's
// own files (Plugins/CheckScenes): the plugin is tested end to end by
// scripts/ci/check-scenes-plugin.sh, its decisions here.

@Suite struct RunnerChoiceTests {
    private let countdown = RunnerCandidate(name: "countdown-runner", usesCommandLine: true)
    private let tool = RunnerCandidate(name: "make-assets", usesCommandLine: false)

    @Test func theOneExecutableThatUsesSceneCommandLineIsFound() {
        #expect(
            RunnerChoice.choose(requested: nil, among: [tool, countdown])
                == .success(.product("countdown-runner", named: false)))
    }

    @Test func withoutARunnerOfItsOwnThePackageGetsTheStandardRunner() {
        #expect(RunnerChoice.choose(requested: nil, among: [tool]) == .success(.standard))
        #expect(RunnerChoice.choose(requested: nil, among: []) == .success(.standard))
    }

    @Test func severalRunnersNeedRunnerAndTheErrorNamesThem() throws {
        let other = RunnerCandidate(name: "admin-runner", usesCommandLine: true)
        let result = RunnerChoice.choose(requested: nil, among: [countdown, tool, other])
        #expect(result == .failure(.severalRunners(["admin-runner", "countdown-runner"])))
        guard case .failure(let error) = result else { return }
        #expect(error.description.contains("--runner NAME"))
        #expect(error.description.contains("admin-runner, countdown-runner"))
        // Naming one settles it, even one that does not use SceneCommandLine directly.
        #expect(
            RunnerChoice.choose(requested: "admin-runner", among: [countdown, other])
                == .success(.product("admin-runner", named: true)))
        #expect(
            RunnerChoice.choose(requested: "make-assets", among: [tool])
                == .success(.product("make-assets", named: true)))
    }

    @Test func runnerNamesTheStandardRunnerOrAProductThatExists() {
        #expect(RunnerChoice.choose(requested: "scene-runner", among: [countdown]) == .success(.standard))
        // A package's own product called scene-runner (this package's) is built as a product.
        let own = RunnerCandidate(name: "scene-runner", usesCommandLine: true)
        #expect(
            RunnerChoice.choose(requested: "scene-runner", among: [own])
                == .success(.product("scene-runner", named: true)))
        let result = RunnerChoice.choose(requested: "countdown", among: [tool, countdown])
        #expect(result == .failure(.unknownProduct("countdown", executables: ["countdown-runner", "make-assets"])))
        guard case .failure(let error) = result else { return }
        #expect(
            error.description == "--runner countdown: the package has no executable product named 'countdown' "
                + "(it has countdown-runner, make-assets); name one of them, or scene-runner for the standard types")
    }
}

@Suite struct PluginArgumentsTests {
    @Test func optionsAndPathsInAnyOrder() {
        let parsed = PluginArguments.parse([
            "Scenes", "--runner", "countdown-runner", "--warnings-as-errors", "More/a.yaml",
        ])
        #expect(
            parsed
                == .success(
                    PluginArguments(
                        runner: "countdown-runner", warningsAreErrors: true, paths: ["Scenes", "More/a.yaml"])))
        #expect(PluginArguments.parse(["--runner=x"]) == .success(PluginArguments(runner: "x")))
        #expect(PluginArguments.parse([]) == .success(PluginArguments()))
        #expect(PluginArguments.parse(["-h"]) == .success(PluginArguments(help: true)))
    }

    @Test func doubleDashMakesTheRestPaths() {
        let parsed = PluginArguments.parse(["--", "--runner", "-odd.yaml"])
        #expect(parsed == .success(PluginArguments(paths: ["--runner", "-odd.yaml"])))
    }

    @Test func xcodesTargetOptionIsReadAndIgnored() {
        let parsed = PluginArguments.parse(["--target", "Countdown", "--target=App"])
        #expect(parsed == .success(PluginArguments()))
    }

    @Test func mistakesSayWhatToDo() {
        #expect(PluginArguments.parse(["--runner"]) == .failure(.missingValue("--runner")))
        #expect(PluginArguments.parse(["--runner="]) == .failure(.missingValue("--runner")))
        #expect(PluginArguments.parse(["--runer", "x"]) == .failure(.unknownOption("--runer")))
        #expect(
            PluginArguments.parse(["--warnings-as-errors=yes"]) == .failure(.unknownOption("--warnings-as-errors=yes")))
        #expect(RunnerError.missingValue("--runner").description == "--runner needs a value: --runner NAME")
        #expect(RunnerError.unknownOption("--runer").description.contains("put -- before a path that starts with -"))
    }

    @Test func theUsageNamesEveryOption() {
        for option in ["--runner NAME", "--warnings-as-errors", "PATH"] {
            #expect(PluginArguments.usage.contains(option))
        }
    }
}

@Suite struct SceneFilesTests {
    @Test func yamlExtensionsInAnyCase() {
        #expect(SceneFiles.hasSceneExtension("a.yaml"))
        #expect(SceneFiles.hasSceneExtension("B.YML"))
        #expect(!SceneFiles.hasSceneExtension("a.yaml.svg"))
        #expect(!SceneFiles.hasSceneExtension("yaml"))
    }

    @Test func hiddenFoldersAndCheckoutsAreSkipped() {
        #expect(SceneFiles.skipsFolder(named: ".build"))
        #expect(SceneFiles.skipsFolder(named: ".git"))
        #expect(SceneFiles.skipsFolder(named: "Packages"))
        #expect(!SceneFiles.skipsFolder(named: "Scenes"))
        #expect(!SceneFiles.skipsFolder(named: "Sources"))
    }

    @Test func aSceneHasATopLevelSceneOrObjectsKey() {
        #expect(SceneFiles.looksLikeScene("scene: Player\nobjects:\n  a: { type: View }\n"))
        #expect(SceneFiles.looksLikeScene("# a comment\r\nobjects :\r\n  a: { type: View }\r\n"))
        #expect(SceneFiles.looksLikeScene("\u{FEFF}scene: With a byte order mark\n"))
        // Other YAML: a workflow, a key that only starts like one, a nested key.
        #expect(!SceneFiles.looksLikeScene("name: CI\non: [push]\njobs:\n  build: {}\n"))
        #expect(!SceneFiles.looksLikeScene("scenery: hills\nobjectsCount: 3\n"))
        #expect(!SceneFiles.looksLikeScene("config:\n  scene: nested\n  objects: []\n"))
        #expect(!SceneFiles.looksLikeScene(""))
    }

    @Test func onlyTheFirstBytesAreRead() {
        let padding = String(repeating: "# padding\n", count: SceneFiles.sniffLimit / 10 + 1)
        #expect(!SceneFiles.looksLikeScene(padding + "scene: too late\n"))
        #expect(SceneFiles.looksLikeScene("scene: early\n" + padding))
    }

    @Test func recordNamesAreStableSwiftNamesOnePerScene() {
        var taken = Set<String>()
        #expect(SceneFiles.recordName(forSceneAt: "Scenes/log-in.yaml", taken: &taken) == "Checked_Scenes_log_in_yaml")
        #expect(
            SceneFiles.recordName(forSceneAt: "Scenes/log_in.yaml", taken: &taken) == "Checked_Scenes_log_in_yaml_2")
        #expect(
            SceneFiles.recordName(forSceneAt: "Scenes/log in.yaml", taken: &taken) == "Checked_Scenes_log_in_yaml_3")
        #expect(SceneFiles.recordName(forSceneAt: "Scènes/a.yml", taken: &taken) == "Checked_Scènes_a_yml")
        #expect(taken.count == 4)
    }

    @Test func batchesKeepTheOrderAndTheSize() {
        let files = (1...5).map { "s\($0).yaml" }
        #expect(SceneFiles.batches(files, size: 2) == [["s1.yaml", "s2.yaml"], ["s3.yaml", "s4.yaml"], ["s5.yaml"]])
        #expect(SceneFiles.batches(files, size: 5) == [files])
        #expect(SceneFiles.batches([], size: 3).isEmpty)
        #expect(SceneFiles.batches(files, size: 0).count == 5)
        #expect(SceneFiles.batchSize == 200)
    }
}
