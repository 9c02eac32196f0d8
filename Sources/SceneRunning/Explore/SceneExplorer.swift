import SceneCore
import SceneLoader
import SceneYAML

/// Explores a scene: runs it again and again, each time from a scene made
/// afresh from its declaration, sending random sequences of the inputs its
/// objects accept (every declared input verb of every object; with
/// ``ExploreOptions/includeActions``, their actions too), their arguments
/// drawn by type (see `SceneExplorer+Arguments.swift`), interleaved with
/// waits chosen around the next timer's deadline. Every invariant is
/// checked after every step, timer firing and event (the run's
/// ``InvariantListener``), and a run that stops on an error (a runaway
/// timer, an event loop) or in which an object fails has failed too. The
/// first failure found is shrunk (``shrink(_:failing:)``) to a minimal
/// script that still breaks the same way.
///
/// A run starts after the scene's own setup: the steps of its script
/// before its first `expect` (the whole script when it has none), or, with
/// ``ExploreOptions/fromStart``, from the scene as loaded. Everything is
/// fixed by ``ExploreOptions/seed``: the explorer has its own generator,
/// and each run its own seed drawn from it.
///
///     guard case .success(let explorer) = SceneExplorer.load(source, loader: loader, options: options) else { ... }
///     let result = explorer.explore()
///     if let failure = result.failure { print(failure.message, result.script) }
package final class SceneExplorer {
    /// The scene's declaration, made into a fresh scene for each run.
    package let declaration: SceneDeclaration
    /// The file it was read from.
    package let source: SceneSource
    /// How it is explored.
    package let options: ExploreOptions
    /// The steps each run performs before exploring.
    package let setup: [ScriptStep]
    let loader: SceneLoader
    /// Every input (and action) the explorer may send.
    let moves: [Move]
    /// The arguments the scene's script gives each input or action, by its description.
    let scriptValues: [ObjectIdentifier: [SceneValue]]
    /// The strings the scene sets: likely arguments of text inputs (a passcode).
    let sceneStrings: [SceneValue]
    /// What every run reads of its scene: the properties the invariants read.
    let focus: RecordingFocus

    /// One input or action of one object.
    struct Move {
        let target: Int
        let member: ActionDescription
        let isAction: Bool
        /// How its object's type says its argument is drawn, if it does.
        let draw: InputDraw?
    }

    /// An explorer of `declaration`, validated from `source` by `loader`.
    package init(_ declaration: SceneDeclaration, source: SceneSource, loader: SceneLoader, options: ExploreOptions) {
        self.declaration = declaration
        self.source = source
        self.loader = loader
        self.options = options
        if options.fromStart {
            setup = []
        } else {
            setup = Array(
                declaration.steps.prefix {
                    if case .expect = $0.kind { return false }
                    return true
                })
        }
        var moves: [Move] = []
        for (index, object) in declaration.objects.enumerated() {
            for input in object.type.orderedInputs {
                moves.append(
                    Move(target: index, member: input, isAction: false, draw: object.type.inputDraws[input.name]))
            }
            if options.includeActions {
                for action in object.type.orderedActions {
                    moves.append(Move(target: index, member: action, isAction: true, draw: nil))
                }
            }
        }
        self.moves = moves
        var values: [ObjectIdentifier: [SceneValue]] = [:]
        for step in declaration.steps {
            switch step.kind {
            case .input(_, let member, let argument?), .call(_, let member, let argument?):
                let key = ObjectIdentifier(member)
                if values[key, default: []].count < 16, !values[key, default: []].contains(argument) {
                    values[key, default: []].append(argument)
                }
            default: break
            }
        }
        scriptValues = values
        var strings: [SceneValue] = []
        for value in declaration.propertyValues where strings.count < 32 {
            if case .string(let text) = value.value, text.utf8.count <= 64, !strings.contains(value.value) {
                strings.append(.string(text))
            }
        }
        sceneStrings = strings
        focus = RecordingFocus(declaration)
    }

    /// Validates `source` with `loader` and makes its explorer; the same
    /// diagnostics as `check` when it is invalid.
    package static func load(_ source: SceneSource, loader: SceneLoader, options: ExploreOptions) -> Result<
        SceneExplorer, SceneLoadError
    > {
        loader.model(of: source).declaration.map { SceneExplorer($0, source: source, loader: loader, options: options) }
    }

    /// How far an exploration has gone, for a progress line.
    package struct Progress: Sendable {
        /// The runs begun.
        package var runs: Int
        /// The generated steps performed.
        package var steps: Int
    }

    /// Explores within the options' budget and shrinks the first failure
    /// found; `progress` hears after each run.
    package func explore(progress: (Progress) -> Void = { _ in }) -> ExploreResult {
        let clock = ContinuousClock()
        let started = clock.now
        var generator = SplitMix64(seed: options.seed)
        let counter = CoverageCounter(declaration, includeActions: options.includeActions)
        var result = ExploreResult(objectIDs: declaration.objects.map(\.id), setup: setup)
        let maxSteps = options.maxSteps ?? .max
        let stepsPerRun = max(0, options.stepsPerRun)
        var isOutOfBudget = false
        for _ in 0..<max(0, options.runs) {
            if result.stepCount >= maxSteps { break }
            if let maxTime = options.maxTime, clock.now - started >= maxTime { break }
            var random = SplitMix64(seed: generator.next())
            result.runCount += 1
            guard let run = Run(self, counter: counter) else {
                result.failure = ExploreFailure(error: "the scene could not be made again from its file")
                result.isInSetup = true
                break
            }
            guard run.performSetup() else {
                // The scene's own setup fails: nothing to shrink.
                result.failure = run.watch.failure
                result.isInSetup = true
                break
            }
            var steps: [ScriptStep] = []
            for _ in 0..<stepsPerRun {
                if result.stepCount >= maxSteps {
                    isOutOfBudget = true
                    break
                }
                if let maxTime = options.maxTime, result.stepCount % 16 == 0, clock.now - started >= maxTime {
                    isOutOfBudget = true
                    break
                }
                guard let step = nextStep(in: run.session.scene, &random) else { break }
                steps.append(step)
                result.stepCount += 1
                guard run.perform(step) else { break }
            }
            _ = run.session.finish()
            progress(Progress(runs: result.runCount, steps: result.stepCount))
            if let failure = run.watch.failure {
                result.failure = failure
                result.foundLength = steps.count
                let shrunk = shrink(steps, failing: failure, until: options.maxTime.map { started + $0 })
                result.steps = shrunk.steps
                result.failure = shrunk.failure
                result.shrinkAttempts = shrunk.attempts
                break
            }
            if isOutOfBudget { break }
        }
        result.coverage = counter.coverage
        result.elapsed = clock.now - started
        if let failure = result.failure {
            result.finalExpectation = finalExpectation(after: result.steps, for: failure)
        }
        return result
    }

    /// One run: a fresh scene, watched for failures.
    final class Run {
        let session: RunSession
        let watch: FailureListener
        private let explorer: SceneExplorer

        /// A run of `explorer`'s scene, counting into `counter` (nil while
        /// shrinking), stopping at the failure `target` (any when nil).
        init?(_ explorer: SceneExplorer, counter: CoverageCounter?, target: String? = nil) {
            self.explorer = explorer
            watch = FailureListener(counter: counter, target: target)
            // The declaration was loaded once: making it again fails only
            // where a store cannot open, which the caller reports.
            guard
                case .success(let session) = RunSession.load(
                    explorer.declaration, of: explorer.source, loader: explorer.loader, probe: watch,
                    focus: explorer.focus)
            else { return nil }
            self.session = session
            session.observe(watch)
            session.start()
            watch.counter?.look(at: session.scene)
        }

        /// Performs the setup; false when it failed.
        func performSetup() -> Bool {
            guard watch.failure == nil else { return false }
            for step in explorer.setup {
                guard session.perform(step), watch.failure == nil else { return false }
            }
            return true
        }

        /// Performs a generated step; false when the run cannot go on (it
        /// failed, or stopped).
        func perform(_ step: ScriptStep) -> Bool {
            switch step.kind {
            case .input(let target, let input, _):
                watch.pending = (target, input.name)
                watch.counter?.sent(input, to: target)
            case .call(let target, let action, _):
                watch.pending = (target, action.name)
                watch.counter?.sent(action, to: target)
            default: watch.pending = nil
            }
            let goesOn = session.perform(step)
            return goesOn && watch.failure == nil
        }
    }

    /// The next step: a wait (one time in four, and always when the scene
    /// takes no input), else an input or action with a drawn argument;
    /// `nil` when nothing can be drawn.
    func nextStep(in scene: Scene, _ random: inout SplitMix64) -> ScriptStep? {
        // A run ends where a written script must: within the virtual-time
        // limit `check` puts on scripts, so that its reproducer checks clean.
        guard loader.limits.maxVirtualTime - scene.scheduler.now >= .milliseconds(1) else { return nil }
        if moves.isEmpty || random.below(4) == 0 { return waitStep(scene.scheduler, &random) }
        let move = moves[random.below(moves.count)]
        var argument: SceneValue?
        if let type = move.member.argument {
            argument = draw(type, for: move, on: scene.entries[move.target].object, &random)
            if argument == nil { return waitStep(scene.scheduler, &random) }
        }
        if move.isAction {
            return ScriptStep(
                generated: .call(target: move.target, action: move.member, argument: argument), verb: "call")
        }
        return ScriptStep(input: move.member, of: move.target, argument: argument, at: SourceSpan(at: .start))
    }

    /// A wait around the next timer's deadline (just before it, at it, just
    /// after it, or at random up to twice as far), or, with no timer
    /// pending, of a usual length.
    func waitStep(_ scheduler: VirtualScheduler, _ random: inout SplitMix64) -> ScriptStep {
        let millisecond = Duration.milliseconds(1)
        var wait: Duration
        if let next = scheduler.nextDeadline, next > scheduler.now {
            let ahead = Self.wholeMilliseconds(next - scheduler.now)
            switch random.below(5) {
            case 0: wait = ahead > millisecond ? ahead - millisecond : ahead
            case 1: wait = ahead
            case 2: wait = ahead + millisecond
            case 3: wait = millisecond * (1 + random.below(Int(min(ahead / millisecond * 2, 1e9))))
            default: wait = random.pick(Self.usualWaits)
            }
        } else {
            wait = random.pick(Self.usualWaits)
        }
        // Never past the limit on virtual time, in whole milliseconds.
        let room = loader.limits.maxVirtualTime - scheduler.now
        if wait > room { wait = .milliseconds(Int64(max(1, (room / .milliseconds(1)).rounded(.down)))) }
        return ScriptStep(generated: .wait(wait), verb: "wait")
    }

    /// Waits of a usual length, for a scene with no timer pending.
    static let usualWaits: [Duration] = [
        .milliseconds(1), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2), .seconds(3), .seconds(5), .seconds(10), .seconds(30),
    ]

    /// `duration` rounded up to a whole millisecond (at least one), so that
    /// a written `wait:` reaches the deadline.
    static func wholeMilliseconds(_ duration: Duration) -> Duration {
        let count = (duration / .milliseconds(1)).rounded(.up)
        guard count.isFinite, count >= 1 else { return .milliseconds(1) }
        return .milliseconds(Int64(min(count, 1e12)))
    }

    /// The `expect` that ends a reproducer of `failure`: the broken
    /// invariant's expectation (a value, `{ not: value }` or a range), when
    /// it is still broken (its `when:` applying) once `steps` have run;
    /// `nil` otherwise (the invariant itself then fails the reproducer).
    func finalExpectation(after steps: [ScriptStep], for failure: ExploreFailure) -> String? {
        guard let position = failure.position else { return nil }
        for invariant in declaration.invariants {
            guard let check = invariant.checks.first(where: { $0.span.start == position }) else { continue }
            guard let value = ScriptText.yaml(check.comparison) else { return nil }
            guard let run = Run(self, counter: nil), run.performSetup() else { return nil }
            for step in steps { _ = run.session.perform(step) }
            let scene = run.session.scene
            let read = { (check: Invariant.Check) in
                scene.value(of: self.declaration.objects[check.target].id, check.member) ?? .null
            }
            _ = run.session.finish()
            guard invariant.applies(read), !check.comparison.holds(for: read(check)) else { return nil }
            return "expect: { \(ScriptText.key(check.path)): \(value) }"
        }
        return nil
    }
}

/// Hears a run for the explorer: in its transcript, the first failure (or
/// the one it looks for); as its probe, what the coverage counts.
final class FailureListener: TranscriptListener, RunEventListener {
    var failure: ExploreFailure?
    let counter: CoverageCounter?
    let target: String?
    /// The input or action being sent: (object, name).
    var pending: (object: Int, name: String)?

    init(counter: CoverageCounter?, target: String?) {
        self.counter = counter
        self.target = target
    }

    func begin(_ header: Transcript.Header) {}
    func end(_ summary: Transcript.Summary) {}

    func record(_ entry: Transcript.Entry) {
        switch entry.kind {
        case .invariant, .error, .failure:
            guard failure == nil, let found = ExploreFailure(entry) else { return }
            if target == nil || found.identity == target { failure = found }
        default: break
        }
    }

    func sent(_ event: EventDescription, by object: Int) { counter?.event(event, of: object) }

    func changed(_ slot: Int, of object: Int, to value: SceneValue) { counter?.changed(slot, of: object, to: value) }

    func ignored(_ verb: String, by object: Int) {
        if let pending, pending.name == verb { counter?.ignored(verb, by: object) }
    }
}
