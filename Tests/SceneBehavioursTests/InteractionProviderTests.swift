import SceneBehaviours
import SceneCore
import Testing

@Suite struct InteractionProviderTests {
    @Test func handlersRunInTheOrderTheyWereConnected() {
        let view = View()
        let log = Log()
        view.interaction.connect { log.append("a \($0)") }
        view.interaction.connect { log.append("b \($0)") }
        view.press()
        view.cancel()
        #expect(log.entries == ["a began", "b began", "a cancelled", "b cancelled"])
    }

    @Test func disconnectingAHandlerStopsItAndDisconnectingTwiceIsHarmless() {
        let tap = TapGesture()
        let log = Log()
        let first = tap.interaction.connect { log.append("a \($0)") }
        tap.interaction.connect { log.append("b \($0)") }
        first.disconnect()
        first.disconnect()
        tap.tap()
        #expect(log.entries == ["b began", "b ended"])
        #expect(tap.interaction.connectionCount == 1)
    }

    @Test func handlerConnectedDuringATouchHearsOnlyLaterPhases() {
        let view = View()
        let log = Log()
        var added = false
        view.interaction.connect { [unowned view] phase in
            log.append("first \(phase)")
            guard !added else { return }
            added = true
            view.interaction.connect { log.append("late \($0)") }
        }
        view.tap()
        #expect(log.entries == ["first began", "first ended", "late ended"])
    }

    @Test func aPanReportsBeganAndEndedBeforeItsOwnEvents() {
        let pan = PanGesture()
        let log = Log()
        log.observe(pan, PanGesture.sceneDescription())
        pan.panBegan()
        pan.panMoved()
        pan.panEnded()
        #expect(log.entries == ["interaction.began", "began", "changed", "interaction.ended", "ended"])
    }

    @Test func everyControlAndGestureIsAnInteractionProvider() {
        let providers: [any InteractionProvider] = [
            View(), Label(), Button(), Slider(), TextField(), ActivityIndicator(), SegmentedControl(),
            PageIndicator(), TapGesture(), PanGesture(),
        ]
        #expect(providers.allSatisfy { $0.interaction.connectionCount == 0 })
    }
}
