import SceneBehaviours
import Testing

@Suite struct InteractionProviderTests {
    @Test func observersRunInTheOrderTheyWereAdded() {
        var observers = InteractionObservers()
        let log = Log()
        observers.add { log.append("a \($0)") }
        observers.add { log.append("b \($0)") }
        observers.report(.began)
        observers.report(.cancelled)
        #expect(log.entries == ["a began", "b began", "a cancelled", "b cancelled"])
    }

    @Test func eachObserverGetsItsOwnID() {
        var observers = InteractionObservers()
        let first = observers.add { _ in }
        let second = observers.add { _ in }
        #expect(first != second)
        #expect(observers.count == 2)
    }

    @Test func removingAnObserverStopsItAndRemovingTwiceIsHarmless() {
        var observers = InteractionObservers()
        let log = Log()
        let first = observers.add { log.append("a \($0)") }
        observers.add { log.append("b \($0)") }
        observers.remove(first)
        observers.remove(first)
        observers.report(.ended)
        #expect(log.entries == ["b ended"])
        #expect(observers.count == 1)
    }

    @Test func idsAreNotReusedAfterRemoval() {
        var observers = InteractionObservers()
        let first = observers.add { _ in }
        observers.remove(first)
        let second = observers.add { _ in }
        #expect(first != second)
        #expect(!observers.isEmpty)
    }

    @Test func observerAddedDuringAReportHearsOnlyLaterReports() {
        let view = View()
        let log = Log()
        var added = false
        view.addInteractionObserver { [unowned view] phase in
            log.append("first \(phase)")
            guard !added else { return }
            added = true
            view.addInteractionObserver { log.append("late \($0)") }
        }
        view.tap()
        #expect(log.entries == ["first began", "first ended", "late ended"])
    }

    @Test func everyControlAndGestureIsAnInteractionProvider() {
        let providers: [any InteractionProvider] = [
            View(), Label(), Button(), Slider(), TextField(), ActivityIndicator(), SegmentedControl(),
            PageIndicator(), TapGesture(), PanGesture(),
        ]
        #expect(providers.count == 10)
    }
}
