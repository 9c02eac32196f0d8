import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct ResourceLoaderTests {
    /// A loader with uneven load times and a settling delay on one clock,
    /// logging arrivals and "all loaded" with the time. The loader holds the
    /// delay weakly, as every outlet: a test keeps it.
    private func makeLoader(
        loadTimes: [Duration] = [.milliseconds(1200), .milliseconds(300), .seconds(2), .milliseconds(750)],
        settle: Duration = .seconds(1)
    ) -> (ResourceLoader, PreemptiveDelay, VirtualScheduler, Log) {
        let scheduler = VirtualScheduler()
        let loader = ResourceLoader(scheduler: scheduler, loadTimes: loadTimes)
        let allLoaded = PreemptiveDelay(scheduler: scheduler, delay: settle)
        loader.allLoaded = allLoaded
        let log = Log()
        loader.resourceLoaded.connect { [unowned loader] in
            log.append("loaded \(loader.loadedCount)@\(scheduler.now.sceneText)")
        }
        allLoaded.fired.connect { log.append("allLoaded@\(scheduler.now.sceneText)") }
        return (loader, allLoaded, scheduler, log)
    }

    // MARK: Registration

    @Test func registersLoadTimesOutletStateStartAndResourceLoaded() {
        let type = ResourceLoader.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "loadTimes: [Duration] in 0.0...inf", "loadedCount: Int (read-only)",
                        "loading: Bool (read-only)",
                    ],
                    outlets: ["allLoaded: PreemptiveDelay?"],
                    events: ["loadTimesChanged: [Duration]", "resourceLoaded"],
                    actions: ["start"]))
        #expect(
            type.defaultValues() == ["loadTimes": .list([]), "loadedCount": .int(0), "loading": .bool(false)])
    }

    // MARK: Loading

    @Test func eachResourceArrivesAtStartPlusItsLoadTime() throws {
        let (loader, allLoaded, scheduler, log) = makeLoader()
        try scheduler.advance(to: .seconds(1))
        loader.start()
        #expect(loader.isLoading)
        #expect(loader.loadedCount == 0)
        try scheduler.advance(to: .seconds(3))
        #expect(
            log.entries == [
                "loaded 1@1.3s", "loaded 2@1.75s", "loaded 3@2.2s", "loaded 4@3s",
            ])
        #expect(!loader.isLoading)
        #expect(loader.loadedCount == 4)
        try scheduler.advance(by: .seconds(1))
        #expect(log.entries.last == "allLoaded@4s")
        #expect(allLoaded.fireCount == 1)
        #expect(scheduler.isIdle)
    }

    @Test func allLoadedFiresOnceItsDelayAfterTheLastArrival() throws {
        let (loader, allLoaded, scheduler, log) = makeLoader()
        loader.start()
        // The gaps between arrivals are 450 ms, 450 ms and 800 ms: a 1 s
        // delay covers them all.
        try scheduler.advance(to: .milliseconds(2999))
        #expect(!log.entries.contains { $0.hasPrefix("allLoaded") })
        #expect(allLoaded.deadline == .seconds(3))
        try scheduler.advance(to: .seconds(10))
        #expect(log.entries.filter { $0.hasPrefix("allLoaded") } == ["allLoaded@3s"])
        #expect(log.entries.last == "allLoaded@3s")
        #expect(allLoaded.fireCount == 1)
        #expect(scheduler.isIdle)
    }

    @Test func arrivalsAtOneInstantComeInTheOrderOfLoadTimes() throws {
        let (loader, allLoaded, scheduler, log) = makeLoader(loadTimes: [.seconds(1), .seconds(1)], settle: .zero)
        loader.resourceLoaded.connect { [unowned loader] in log.append("count \(loader.loadedCount)") }
        loader.start()
        try scheduler.advance(by: .seconds(1))
        #expect(log.entries == ["loaded 1@1s", "count 1", "loaded 2@1s", "count 2", "allLoaded@1s"])
        #expect(allLoaded.fireCount == 1)
        #expect(scheduler.isIdle)
    }

    @Test func aDelayShorterThanAGapBetweenArrivalsFiresEarly() throws {
        // A 500 ms delay covers the first two gaps (450 ms), not the last
        // (800 ms).
        let (loader, allLoaded, scheduler, log) = makeLoader(settle: .milliseconds(500))
        loader.start()
        try scheduler.advance(to: .seconds(5))
        #expect(log.entries.filter { $0.hasPrefix("allLoaded") } == ["allLoaded@1.7s", "allLoaded@2.5s"])
        #expect(allLoaded.fireCount == 2)
        #expect(scheduler.isIdle)
    }

    @Test func startWhileLoadingIsIgnored() throws {
        let (loader, allLoaded, scheduler, log) = makeLoader()
        loader.start()
        try scheduler.advance(to: .seconds(1))
        #expect(loader.start() == .ignored(because: "it is already loading"))
        #expect(
            ResourceLoader.sceneDescription().action("start", on: loader)
                == .ignored(because: "it is already loading"))
        #expect(loader.loadedCount == 2)
        try scheduler.advance(to: .seconds(10))
        #expect(log.entries.count == 5)
        #expect(loader.loadedCount == 4)
        #expect(allLoaded.fireCount == 1)
        #expect(scheduler.isIdle)
    }

    @Test func startAfterTheLastArrivalLoadsAgainFromZero() throws {
        let (loader, allLoaded, scheduler, log) = makeLoader(
            loadTimes: [.seconds(1), .seconds(2)], settle: .seconds(2))
        loader.start()
        try scheduler.advance(to: .seconds(2))
        #expect(loader.start() == .handled)
        #expect(loader.loadedCount == 0)
        try scheduler.advance(to: .seconds(10))
        #expect(
            log.entries == [
                "loaded 1@1s", "loaded 2@2s", "loaded 1@3s", "loaded 2@4s", "allLoaded@6s",
            ])
        #expect(allLoaded.fireCount == 1)
        #expect(scheduler.isIdle)
    }

    @Test func withoutLoadTimesStartLoadsNothingAndIsIgnored() throws {
        let (loader, _, scheduler, log) = makeLoader(loadTimes: [])
        #expect(loader.start() == .ignored(because: "it has no resources to load"))
        #expect(!loader.isLoading)
        #expect(loader.loadedCount == 0)
        try scheduler.advance(by: .seconds(5))
        #expect(log.entries.isEmpty)
        #expect(scheduler.isIdle)
    }

    @Test func withoutLoadTimesAfterALoadStartOnlySetsTheCountBackToZero() throws {
        let (loader, _, scheduler, _) = makeLoader(loadTimes: [.seconds(1)])
        loader.start()
        try scheduler.advance(by: .seconds(1))
        loader.loadTimes = []
        #expect(loader.start() == .handled)
        #expect(loader.loadedCount == 0)
        #expect(loader.start() == .ignored(because: "it has no resources to load"))
        try scheduler.advance(by: .seconds(5))
        #expect(scheduler.isIdle)
    }

    @Test func theLoaderTakesTheSceneClockInAwake() throws {
        let scene = Scene(title: nil, summary: nil, entries: [])
        let loader = ResourceLoader(clock: nil)
        loader.loadTimes = [.seconds(1)]
        #expect(loader.start() == .ignored(because: "it has no clock"))
        #expect(!loader.isLoading)
        loader.awake(in: scene)
        #expect(loader.start() == .handled)
        try scene.scheduler.advance(by: .seconds(1))
        #expect(loader.loadedCount == 1)
        #expect(scene.scheduler.isIdle)
    }
}
