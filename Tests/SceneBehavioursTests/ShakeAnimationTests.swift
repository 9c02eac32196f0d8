import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct ShakeAnimationTests {
    /// A shake of a fresh view on its own clock, logging `finished` with the time.
    private func makeShake(
        duration: Duration = .milliseconds(200), maxOffset: Double = 10, axis: ShakeAnimation.Axis = .x
    ) -> (ShakeAnimation, View, VirtualScheduler, Log) {
        let scheduler = VirtualScheduler()
        let shake = ShakeAnimation(scheduler: scheduler)
        let view = View()
        shake.view = view
        shake.duration = duration
        shake.maxOffset = maxOffset
        shake.axis = axis
        let log = Log()
        shake.finished.connect { log.append("finished@\(scheduler.now.sceneText)") }
        return (shake, view, scheduler, log)
    }

    /// Just after animation frame `frame` at 60 frames a second (frame k
    /// is at k/60 s; k * 16,666,667 ns is after it and before frame k + 1).
    private func afterFrame(_ frame: Int64) -> Duration {
        .nanoseconds(frame * 16_666_667)
    }

    // MARK: Registration

    @Test func registersViewDurationMaxOffsetAxisPlayingPlayAndFinished() {
        let type = ShakeAnimation.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "duration: Duration in 0.0...inf", "maxOffset: Double in -100000.0...100000.0", "axis: x|y",
                        "playing: Bool (read-only)",
                    ],
                    outlets: ["view: View?"],
                    events: ["durationChanged: Duration", "maxOffsetChanged: Double", "axisChanged: x|y", "finished"],
                    actions: ["play"]))
        #expect(
            type.defaultValues() == [
                "duration": .duration(.milliseconds(200)), "maxOffset": .double(10), "axis": .enumCase("x"),
                "playing": .bool(false),
            ])
    }

    @Test func theDescriptionDrivesTheShakeAsALoaderWould() throws {
        let type = ShakeAnimation.sceneDescription()
        let scheduler = VirtualScheduler()
        let shake = ShakeAnimation(scheduler: scheduler)
        let field = TextField()
        let view = try #require(type.outlets.first { $0.name == "view" })
        #expect(view.connect(shake, to: field))
        #expect(!view.connect(shake, to: TapGesture()))
        #expect(type.property(named: "maxOffset")?.set(.double(5), on: shake) == true)
        #expect(type.property(named: "axis")?.set(.enumCase("y"), on: shake) == true)
        let log = Log()
        log.observeEvents(of: shake, type)
        #expect(type.action("play", on: shake) == .handled)
        #expect(type.property(named: "playing")?.value(of: shake) == .bool(true))
        try scheduler.advance(to: afterFrame(2))
        #expect(field.offsetY == 5)
        try scheduler.advance(by: .seconds(1))
        #expect(log.entries == ["finished"])
        #expect(scheduler.isIdle)
    }

    // MARK: The path

    @Test func offsetFollowsTheKeyFramesLinearlyOnTheAnimationFrames() throws {
        let (shake, view, scheduler, _) = makeShake()
        shake.play()
        var offsets: [Double] = [view.offsetX]
        for frame in Int64(1)...12 {
            try scheduler.advance(to: afterFrame(frame))
            offsets.append(view.offsetX)
        }
        // Key frames 0, 10, -8, 4, 0 at frames 0, 2, 6, 10, 12; linear between.
        let expected: [Double] = [0, 5, 10, 5.5, 1, -3.5, -8, -5, -2, 1, 4, 2, 0]
        #expect(offsets.count == expected.count)
        for (frame, (offset, value)) in zip(offsets, expected).enumerated() {
            #expect(abs(offset - value) < 1e-9, "frame \(frame): \(offset), expected \(value)")
        }
        #expect(scheduler.isIdle)
    }

    @Test func keyFrameValuesAreExactOnTheFramesTheyFallOn() throws {
        let (shake, view, scheduler, _) = makeShake(maxOffset: 10)
        shake.play()
        var keyOffsets: [Double] = [view.offsetX]
        for frame: Int64 in [2, 6, 10, 12] {
            try scheduler.advance(to: afterFrame(frame))
            keyOffsets.append(view.offsetX)
        }
        #expect(keyOffsets == [0, 10, -8, 4, 0])
        #expect(scheduler.isIdle)
    }

    @Test func framesFollowTheSchedulersFrameRate() throws {
        let (shake, view, scheduler, _) = makeShake(maxOffset: 10)
        scheduler.framesPerSecond = 30
        shake.play()
        // At 30 frames a second the key times of 0.2 s are frames 1, 3, 5 and 6.
        var offsets: [Double] = []
        for frame: Int64 in 1...6 {
            try scheduler.advance(to: .nanoseconds(frame * 33_333_334))
            offsets.append(view.offsetX)
        }
        // Key frames exact, the frames between them linear.
        #expect(offsets[0] == 10 && offsets[2] == -8 && offsets[4] == 4 && offsets[5] == 0)
        #expect(abs(offsets[1] - 1) < 1e-9 && abs(offsets[3] - -2) < 1e-9)
        #expect(scheduler.isIdle)
    }

    @Test func theOffsetIsBackToItsStartValueAtTheEnd() throws {
        let (shake, view, scheduler, log) = makeShake(maxOffset: 7.3)
        view.offsetX = 3.1
        shake.play()
        try scheduler.advance(by: .milliseconds(199))
        #expect(view.offsetX != 3.1)
        #expect(log.entries.isEmpty)
        try scheduler.advance(by: .milliseconds(1))
        #expect(view.offsetX == 3.1)
        #expect(!shake.isPlaying)
        #expect(log.entries == ["finished@200ms"])
        #expect(scheduler.isIdle)
    }

    @Test func theShakeIsAdditiveAndKeepsAChangeMadeDuringIt() throws {
        let (shake, view, scheduler, _) = makeShake()
        view.offsetX = 1
        shake.play()
        try scheduler.advance(to: afterFrame(2))
        #expect(view.offsetX == 11)
        view.offsetX += 100  // someone else moves the view meanwhile
        try scheduler.advance(to: afterFrame(6))
        #expect(view.offsetX == 93)
        try scheduler.advance(by: .seconds(1))
        #expect(view.offsetX == 101)
        #expect(scheduler.isIdle)
    }

    @Test func axisYMovesOffsetYOnly() throws {
        let (shake, view, scheduler, _) = makeShake(axis: .y)
        shake.play()
        try scheduler.advance(to: afterFrame(2))
        #expect(view.offsetY == 10)
        #expect(view.offsetX == 0)
        try scheduler.advance(by: .seconds(1))
        #expect(view.offsetY == 0)
        #expect(scheduler.isIdle)
    }

    @Test func playingIsTrueOnlyWhileAShakeIsUnderWay() throws {
        let (shake, view, scheduler, _) = makeShake()
        #expect(!shake.isPlaying)
        shake.play()
        #expect(shake.isPlaying)
        try scheduler.advance(by: .milliseconds(199))
        #expect(shake.isPlaying)
        try scheduler.advance(by: .milliseconds(1))
        #expect(!shake.isPlaying)
        #expect(view.offsetX == 0 && scheduler.isIdle)
    }

    // MARK: Playing again

    @Test func playingAgainRestartsFromTheStart() throws {
        let (shake, view, scheduler, log) = makeShake()
        view.offsetX = 2
        shake.play()
        try scheduler.advance(by: .milliseconds(100))
        #expect(view.offsetX == -6)
        shake.play()
        #expect(view.offsetX == 2)
        try scheduler.advance(to: .milliseconds(100) + afterFrame(2))
        #expect(view.offsetX == 12)
        try scheduler.advance(to: .milliseconds(299))
        #expect(log.entries.isEmpty)
        try scheduler.advance(to: .milliseconds(300))
        #expect(view.offsetX == 2)
        #expect(log.entries == ["finished@300ms"])
        #expect(scheduler.isIdle)
    }

    @Test func restartingOnAnotherViewPutsTheFirstOneBack() throws {
        let (shake, first, scheduler, log) = makeShake()
        shake.play()
        try scheduler.advance(to: afterFrame(2))
        #expect(first.offsetX == 10)
        let second = View()
        shake.view = second
        #expect(first.offsetX == 10)  // the shake under way goes on
        shake.play()
        #expect(first.offsetX == 0)
        try scheduler.advance(by: .seconds(1))
        #expect(first.offsetX == 0)
        #expect(second.offsetX == 0)
        #expect(log.entries.count == 1)
        #expect(scheduler.isIdle)
    }

    // MARK: No-ops

    @Test func aNilViewIsANoOpAndPlayIsIgnored() throws {
        let scheduler = VirtualScheduler()
        let shake = ShakeAnimation(scheduler: scheduler)
        let log = Log()
        shake.finished.connect { log.append("finished") }
        #expect(
            ShakeAnimation.sceneDescription().action("play", on: shake)
                == .ignored(because: "it has no view to shake"))
        #expect(!shake.isPlaying)
        #expect(scheduler.isIdle)
        try scheduler.advance(by: .seconds(1))
        #expect(log.entries.isEmpty)
    }

    @Test func playWithoutAViewStillStopsAShakeUnderWay() throws {
        let (shake, view, scheduler, log) = makeShake()
        shake.play()
        try scheduler.advance(to: afterFrame(2))
        #expect(view.offsetX == 10)
        shake.view = nil
        #expect(shake.play() == .handled)  // it put the view back
        #expect(view.offsetX == 0)
        #expect(!shake.isPlaying)
        #expect(shake.play() == .ignored(because: "it has no view to shake"))
        try scheduler.advance(by: .seconds(1))
        #expect(log.entries.isEmpty)
        #expect(scheduler.isIdle)
    }

    @Test func aZeroDurationFinishesAtOnceWithoutMoving() {
        let (shake, view, scheduler, log) = makeShake(duration: .zero)
        view.offsetX = 4
        shake.play()
        #expect(view.offsetX == 4)
        #expect(!shake.isPlaying)
        #expect(log.entries == ["finished@0s"])
        #expect(scheduler.isIdle)
    }

    @Test func withoutASchedulerItFinishesAtOnceWithoutMoving() {
        let shake = ShakeAnimation()
        let view = View()
        shake.view = view
        let log = Log()
        shake.finished.connect { log.append("finished") }
        shake.play()
        #expect(view.offsetX == 0)
        #expect(!shake.isPlaying)
        #expect(log.entries == ["finished"])
    }

    @Test func awakeTakesTheScenesScheduler() throws {
        let shake = ShakeAnimation()
        let view = View()
        shake.view = view
        let scene = Scene(
            title: nil, summary: nil,
            entries: [
                Scene.Entry(id: "view", type: View.sceneDescription(), object: view),
                Scene.Entry(id: "shake", type: ShakeAnimation.sceneDescription(), object: shake),
            ])
        shake.awake(in: scene)
        #expect(shake.scheduler === scene.scheduler)
        shake.play()
        try scene.scheduler.advance(by: .milliseconds(100))
        #expect(view.offsetX == -8)
        try scene.scheduler.advance(by: .milliseconds(100))
        #expect(scene.scheduler.isIdle)
    }

    // MARK: Extreme offsets

    /// A shake as large as a double allows, or as small, moves through
    /// finite offsets only and ends exactly where it started: no NaN, which
    /// would differ from itself and read as a change on every frame after.
    @Test(arguments: [1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0])
    func anExtremeMaxOffsetKeepsOffsetsFiniteAndEndsAtTheStart(maxOffset: Double) throws {
        for start: Double in [0, 1e308, -.greatestFiniteMagnitude] {
            let (shake, view, scheduler, log) = makeShake(maxOffset: maxOffset)
            view.offsetX = start
            shake.play()
            for _ in 0..<20 {
                try scheduler.advance(by: .nanoseconds(16_666_667))
                #expect(view.offsetX.isFinite, "maxOffset \(maxOffset) from \(start): \(view.offsetX)")
            }
            #expect(view.offsetX == start, "maxOffset \(maxOffset) from \(start)")
            #expect(log.entries == ["finished@200ms"])
            #expect(scheduler.isIdle)
        }
    }
}
