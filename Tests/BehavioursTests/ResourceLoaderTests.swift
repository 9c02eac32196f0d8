import Behaviours
import SceneCore
import Testing

@Suite struct PortableResourceLoaderTests {
    @Test func arrivalsTriggerTheSettlingDelayWhichFiresAfterTheLast() throws {
        let scheduler = VirtualScheduler()
        let loader = ResourceLoader(loadTimes: [.seconds(1), .milliseconds(700)], clock: scheduler.clock)
        let settled = PreemptiveDelay(delay: .milliseconds(600), clock: scheduler.clock)
        loader.allLoaded = settled
        var log: [String] = []
        loader.resourceLoaded.connect {
            log.append("loaded \(loader.loadedCount)@\(scheduler.now.compactText) pending=\(settled.isPending)")
        }
        settled.fired.connect { log.append("settled@\(scheduler.now.compactText)") }
        #expect(loader.start() == .handled)
        #expect(loader.isLoading)
        #expect(loader.start() == .ignored(because: "it is already loading"))
        try scheduler.advance(by: .seconds(3))
        #expect(log == ["loaded 1@700ms pending=true", "loaded 2@1s pending=true", "settled@1.6s"])
        #expect(!loader.isLoading && loader.loadedCount == 2)
        #expect(scheduler.isIdle)
    }

    @Test func withoutAClockOrResourcesStartIsIgnored() {
        let loader = ResourceLoader(loadTimes: [.seconds(1)], clock: nil)
        #expect(loader.start() == .ignored(because: "it has no clock"))
        loader.clock = VirtualScheduler().clock
        loader.loadTimes = []
        #expect(loader.start() == .ignored(because: "it has no resources to load"))
        #expect(!loader.isLoading)
    }

    @Test func loadingIsReportedWhenItStartsAndEnds() throws {
        let scheduler = VirtualScheduler()
        let loader = ResourceLoader(loadTimes: [.seconds(1)], clock: scheduler.clock)
        var loading: [Bool] = []
        let listening = loader.changeReports.listen { key, _ in
            if key == \ResourceLoader.isLoading { loading.append(loader.isLoading) }
        }
        loader.start()
        try scheduler.advance(by: .seconds(1))
        #expect(loading == [true, false])
        listening.disconnect()
    }
}
