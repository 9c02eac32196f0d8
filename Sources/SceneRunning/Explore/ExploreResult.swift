import SceneCore
import SceneLoader

/// What exploring a scene found (``SceneExplorer/explore(progress:)``).
package struct ExploreResult {
    /// The failure found, as the minimal script gives it; `nil` when every
    /// run held within the budget.
    package var failure: ExploreFailure?
    /// Whether the failure is in the scene's own setup (or the scene could
    /// not be made), before any generated step: nothing was shrunk.
    package var isInSetup = false
    /// The minimal generated steps that still give the failure, after ``setup``.
    package var steps: [ScriptStep] = []
    /// How many generated steps the failing run took before shrinking.
    package var foundLength = 0
    /// How many replays shrinking took.
    package var shrinkAttempts = 0
    /// How many runs were begun.
    package var runCount = 0
    /// How many generated steps were performed, in all the runs.
    package var stepCount = 0
    /// What the runs reached.
    package var coverage = ExploreCoverage()
    /// The wall time the exploration and the shrinking took.
    package var elapsed: Duration = .zero
    /// The ids of the scene's objects, for writing the steps.
    package var objectIDs: [String]
    /// The scene's own steps each run began with.
    package var setup: [ScriptStep]
    /// The `expect:` step that ends the reproducer, if the broken
    /// invariant can be stated as one (see ``SceneExplorer/finalExpectation(after:for:)``).
    package var finalExpectation: String?

    init(objectIDs: [String], setup: [ScriptStep]) {
        self.objectIDs = objectIDs
        self.setup = setup
    }

    /// The reproducer's script, step by step as YAML (`tap: play`,
    /// `wait: 2s`): the setup, the minimal steps, then the final
    /// expectation; empty when nothing failed.
    package var script: [String] {
        guard failure != nil else { return [] }
        var lines = (setup + steps).map {
            ScriptText.step($0, objectIDs) ?? "note: \"(a step that cannot be written)\""
        }
        if let finalExpectation { lines.append(finalExpectation) }
        return lines
    }

    /// The minimal generated steps alone, as YAML.
    package var minimalSteps: [String] {
        steps.map { ScriptText.step($0, objectIDs) ?? "note: \"(a step that cannot be written)\"" }
    }
}
