import SceneCore
import SceneLoader

// Shrinking: a failing sequence is replayed, each time on a scene made
// afresh after the setup, with less in it, keeping each change that still
// gives the same failure (``ExploreFailure/identity``): whole chunks of
// steps dropped (delta debugging's halving, down to single steps), each
// two waits in a row merged into one, each wait shortened (halving down to
// the shortest that still fails, to the millisecond), and each argument
// replaced by a simpler value (`false`, `0`, the range's lower end, `""`).
// The passes repeat while one of them changed something, within
// ``ExploreOptions/maxShrinkAttempts`` replays and the wall-time budget.
extension SceneExplorer {
    /// `steps`, which gave `failure`, shrunk: the minimal steps, the
    /// failure as they give it, and how many replays it took.
    /// Shrinking stops at `deadline` (the budget's end), if given.
    func shrink(
        _ steps: [ScriptStep], failing failure: ExploreFailure, until deadline: ContinuousClock.Instant? = nil
    ) -> (steps: [ScriptStep], failure: ExploreFailure, attempts: Int) {
        var shrinker = Shrinker(
            explorer: self, target: failure.identity, budget: max(0, options.maxShrinkAttempts), deadline: deadline)
        var best = steps
        var latest = failure
        for _ in 0..<8 {
            let before = best.count
            let beforeText = best.map { ScriptText.step($0, []) ?? "" }
            best = shrinker.dropChunks(best)
            best = shrinker.mergeWaits(best)
            best = shrinker.shortenWaits(best)
            best = shrinker.simplifyArguments(best)
            if best.count == before && best.map({ ScriptText.step($0, []) ?? "" }) == beforeText { break }
            if shrinker.isSpent { break }
        }
        // The failure as the minimal steps give it (its time, what it broke after).
        if let found = replay(best, target: failure.identity) { latest = found }
        return (best, latest, shrinker.attempts)
    }

    /// Replays `steps` after the setup on a fresh scene; the failure
    /// `target` when it happened.
    func replay(_ steps: [ScriptStep], target: String) -> ExploreFailure? {
        guard let run = Run(self, counter: nil, target: target), run.performSetup() else { return nil }
        for step in steps {
            guard run.perform(step) else { break }
        }
        _ = run.session.finish()
        return run.watch.failure
    }
}

/// The state of one shrinking: the failure looked for and the replays left.
struct Shrinker {
    let explorer: SceneExplorer
    let target: String
    let budget: Int
    /// When the wall-time budget ends, if there is one.
    let deadline: ContinuousClock.Instant?
    private(set) var attempts = 0

    init(explorer: SceneExplorer, target: String, budget: Int, deadline: ContinuousClock.Instant? = nil) {
        self.explorer = explorer
        self.target = target
        self.budget = budget
        self.deadline = deadline
    }

    /// Whether no replay is left: the attempts are spent, or the time is.
    var isSpent: Bool { attempts >= budget || deadline.map { ContinuousClock.now >= $0 } ?? false }

    /// Whether `steps` still give the failure (false once the budget is spent).
    mutating func fails(_ steps: [ScriptStep]) -> Bool {
        guard !isSpent else { return false }
        attempts += 1
        return explorer.replay(steps, target: target) != nil
    }

    /// Drops chunks of steps, halving their size down to one step.
    mutating func dropChunks(_ steps: [ScriptStep]) -> [ScriptStep] {
        var best = steps
        var size = max(1, best.count / 2)
        while !isSpent {
            var start = 0
            while start < best.count, !isSpent {
                let end = min(best.count, start + size)
                let candidate = Array(best[..<start] + best[end...])
                if fails(candidate) { best = candidate } else { start += size }
            }
            if size == 1 { break }
            size = max(1, size / 2)
        }
        return best
    }

    /// Merges each two waits in a row into one.
    mutating func mergeWaits(_ steps: [ScriptStep]) -> [ScriptStep] {
        var best = steps
        var index = 0
        while index + 1 < best.count, !isSpent {
            if case .wait(let first) = best[index].kind, case .wait(let second) = best[index + 1].kind {
                var candidate = best
                candidate.replaceSubrange(index...(index + 1), with: [Self.wait(first + second)])
                if fails(candidate) {
                    best = candidate
                    continue
                }
            }
            index += 1
        }
        return best
    }

    /// Shortens each wait to the shortest, to the millisecond, that still
    /// fails, by halving the interval between what fails and what does not.
    mutating func shortenWaits(_ steps: [ScriptStep]) -> [ScriptStep] {
        var best = steps
        let millisecond = Duration.milliseconds(1)
        for index in best.indices {
            guard case .wait(let duration) = best[index].kind, duration > millisecond else { continue }
            var failing = duration
            var holding = Duration.zero
            // Halving: each step at least halves the interval, so at most
            // about 60 replays for the longest wait.
            while failing - holding > millisecond, !isSpent {
                let middle = SceneExplorer.wholeMilliseconds(holding + (failing - holding) / 2)
                guard middle < failing else { break }
                var candidate = best
                candidate[index] = Self.wait(middle)
                if fails(candidate) {
                    failing = middle
                    best = candidate
                } else {
                    holding = middle
                }
            }
        }
        return best
    }

    /// Replaces each argument with the simplest value that still fails.
    mutating func simplifyArguments(_ steps: [ScriptStep]) -> [ScriptStep] {
        var best = steps
        for index in best.indices where !isSpent {
            let step = best[index]
            let simple: [SceneValue]
            let current: SceneValue
            switch step.kind {
            case .input(_, let input, let argument?):
                guard let type = input.argument else { continue }
                current = argument
                simple = SceneExplorer.simpleValues(of: type, range: input.range, on: nil)
            case .call(_, let action, let argument?):
                guard let type = action.argument else { continue }
                current = argument
                simple = SceneExplorer.simpleValues(of: type, range: nil, on: nil)
            default: continue
            }
            for value in simple where value != current && !isSpent {
                var candidate = best
                candidate[index] = Self.replacing(step, argument: value)
                if fails(candidate) {
                    best = candidate
                    break
                }
            }
        }
        return best
    }

    static func wait(_ duration: Duration) -> ScriptStep {
        ScriptStep(generated: .wait(duration), verb: "wait")
    }

    static func replacing(_ step: ScriptStep, argument: SceneValue) -> ScriptStep {
        switch step.kind {
        case .input(let target, let input, _):
            return ScriptStep(input: input, of: target, argument: argument, at: step.span)
        case .call(let target, let action, _):
            return ScriptStep(generated: .call(target: target, action: action, argument: argument), verb: "call")
        default: return step
        }
    }
}
