import SceneCore

/// How a scene is explored (``SceneExplorer``): the seed that makes it
/// repeatable, its budget, where it starts and which steps it may take.
///
/// The budget is the first reached of ``runs`` runs of at most
/// ``stepsPerRun`` generated steps each, ``maxSteps`` generated steps in
/// all, and ``maxTime`` of wall time (the only one that makes a result
/// depend on the machine: leave it `nil` for a result fixed by the seed).
package struct ExploreOptions: Sendable, Hashable {
    /// The seed of the explorer's own generator: the same seed, scene and
    /// options give the same runs, failure and minimal script.
    package var seed: UInt64 = 0
    /// How many runs, each from a scene made afresh.
    package var runs = 200
    /// How many generated steps each run takes at most.
    package var stepsPerRun = 40
    /// How many generated steps in all, if bounded.
    package var maxSteps: Int?
    /// How much wall time exploring may take, if bounded, shrinking a
    /// failure found included: when it runs out, the shortest failing
    /// steps found so far are the result.
    package var maxTime: Duration?
    /// Start each run from the scene as loaded, instead of after its
    /// script's setup (the steps before its first `expect`).
    package var fromStart = false
    /// Also call the objects' actions (`call:` steps), which no user's
    /// hand performs; by default only the input verbs are sent.
    package var includeActions = false
    /// How many replays shrinking a failure may take.
    package var maxShrinkAttempts = 2_000

    /// The defaults: seed 0, 200 runs of 40 steps, from after the setup,
    /// inputs only.
    package init() {}
}

/// The draws the explorer makes with its generator.
extension SplitMix64 {
    /// A number in `0..<count` (0 when `count` is not positive).
    mutating func below(_ count: Int) -> Int {
        count > 0 ? Int(next() % UInt64(count)) : 0
    }

    /// A fraction in `0..<1`, from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// One of `values`, which must not be empty.
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
