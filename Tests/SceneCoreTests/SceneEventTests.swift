import SceneCore
import Testing

/// `SceneEvent` and the `SceneConnection`s it hands out: handlers run in
/// connection order, a disconnected one is never called again, and
/// disconnecting is always harmless.
@Suite struct SceneEventTests {
    /// An object whose release the tests watch.
    private final class Owner {}

    @Test func handlersRunInTheOrderTheyWereConnectedWithThePayload() {
        let event = SceneEvent<Int>()
        var log: [String] = []
        event.connect { log.append("a \($0)") }
        event.connect { log.append("b \($0)") }
        event.send(1)
        event.send(2)
        #expect(log == ["a 1", "b 1", "a 2", "b 2"])
        #expect(event.connectionCount == 2)
    }

    @Test func anEventWithoutHandlersSendsNothing() {
        let event = SceneEvent<Void>()
        event.send()
        #expect(event.connectionCount == 0)
    }

    @Test func disconnectingStopsTheHandlerAndReleasesIt() {
        let event = SceneEvent<Void>()
        var owner: Owner? = Owner()
        weak let released = owner
        var calls = 0
        let connection = event.connect { [owner] in
            _ = owner
            calls += 1
        }
        owner = nil
        event.send()
        #expect(released != nil, "the event holds its handler")
        #expect(connection.isConnected)
        connection.disconnect()
        event.send()
        #expect(calls == 1)
        #expect(released == nil)
        #expect(!connection.isConnected)
        #expect(event.connectionCount == 0)
    }

    @Test func disconnectingTwiceIsHarmless() {
        let event = SceneEvent<Void>()
        var calls: [String] = []
        let first = event.connect { calls.append("first") }
        event.connect { calls.append("second") }
        first.disconnect()
        first.disconnect()
        event.send()
        #expect(calls == ["second"])
        #expect(event.connectionCount == 1)
    }

    @Test func disconnectingAfterTheEventIsGoneIsHarmless() {
        var event: SceneEvent<Void>? = SceneEvent()
        let connection = event?.connect {}
        #expect(connection?.isConnected == true)
        event = nil
        #expect(connection?.isConnected == false)
        connection?.disconnect()
        connection?.disconnect()
        #expect(connection?.isConnected == false)
    }

    @Test func aHandlerDisconnectedDuringASendIsNotCalledAfterwards() {
        let event = SceneEvent<Void>()
        var log: [String] = []
        var second: SceneConnection?
        event.connect {
            log.append("first")
            second?.disconnect()
        }
        second = event.connect { log.append("second") }
        event.connect { log.append("third") }
        event.send()
        event.send()
        #expect(log == ["first", "third", "first", "third"])
        #expect(event.connectionCount == 2)
    }

    @Test func aHandlerCanDisconnectItself() {
        let event = SceneEvent<Void>()
        var calls = 0
        var connection: SceneConnection?
        connection = event.connect {
            calls += 1
            connection?.disconnect()
        }
        event.send()
        event.send()
        #expect(calls == 1)
        #expect(event.connectionCount == 0)
    }

    @Test func aHandlerConnectedDuringASendHearsOnlyLaterSends() {
        let event = SceneEvent<Int>()
        var log: [String] = []
        var added = false
        event.connect { value in
            log.append("first \(value)")
            guard !added else { return }
            added = true
            event.connect { log.append("late \($0)") }
        }
        event.send(1)
        event.send(2)
        #expect(log == ["first 1", "first 2", "late 2"])
    }

    @Test func aSendFromAHandlerReachesEveryHandlerFirst() {
        let event = SceneEvent<Int>()
        var log: [String] = []
        event.connect { value in
            log.append("a \(value)")
            if value == 1 { event.send(2) }
        }
        event.connect { log.append("b \($0)") }
        event.send(1)
        #expect(log == ["a 1", "a 2", "b 2", "b 1"])
    }

    @Test func aCombinedConnectionDisconnectsEveryPart() {
        let began = SceneEvent<Void>()
        let ended = SceneEvent<Void>()
        var log: [String] = []
        let both = SceneConnection(combining: [
            began.connect { log.append("began") },
            ended.connect { log.append("ended") },
        ])
        began.send()
        #expect(both.isConnected)
        both.disconnect()
        both.disconnect()
        began.send()
        ended.send()
        #expect(log == ["began"])
        #expect(!both.isConnected)
        #expect(began.connectionCount == 0)
        #expect(ended.connectionCount == 0)
    }

    @Test func aCombinedConnectionIsConnectedWhileAPartIs() {
        let event = SceneEvent<Void>()
        let part = event.connect {}
        let combined = SceneConnection(combining: [part])
        part.disconnect()
        #expect(!combined.isConnected)
        #expect(!SceneConnection(combining: []).isConnected)
    }
}
