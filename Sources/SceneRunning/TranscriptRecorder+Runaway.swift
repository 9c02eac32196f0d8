import SceneCore
import SceneYAML

extension TranscriptRecorder {
    /// Notes that `event` of the object at `index` is being delivered, at
    /// the current ``EventDelivery/depth``: the recorder hears each event
    /// first, before its actions run.
    func noteDelivery(of event: EventDescription, by index: Int) {
        let level = EventDelivery.depth
        guard level > 0 else { return }
        if deliveries.count >= level { deliveries.removeSubrange((level - 1)...) }
        // A level the recorder did not hear (an event no scene declares) is left unnamed.
        while deliveries.count < level - 1 { deliveries.append((-1, "")) }
        deliveries.append((index, event.name))
    }

    /// Records the error that stops the run after ``EventDelivery`` refused a send.
    func stop(by runaway: EventRunaway, at position: SourcePosition?) {
        sample(isAnimationFrame: false)
        record(.error(message(for: runaway), position: position))
    }

    /// `'f.submitted'` for the delivery at `level` (1 is the outermost).
    private func name(atLevel level: Int) -> String? {
        guard level >= 1, level <= deliveries.count else { return nil }
        let delivery = deliveries[level - 1]
        guard delivery.object >= 0, delivery.object < declaration.objects.count else { return nil }
        return "\(declaration.objects[delivery.object].id).\(delivery.event)"
    }

    /// The names of the deliveries from `first` to `last`, joined by arrows,
    /// with the middle left out of a long chain.
    private func chain(from first: Int, through last: Int) -> String {
        let levels = Array(first...max(first, last))
        let shown = levels.count <= 8 ? levels : Array(levels.prefix(3)) + [0] + Array(levels.suffix(3))
        return shown.map { $0 == 0 ? "..." : name(atLevel: $0) ?? "(an event)" }.joined(separator: " -> ")
    }

    /// The error's text, naming the events of the loop or chain.
    func message(for runaway: EventRunaway) -> String {
        switch runaway.kind {
        case .loop(let level):
            let repeated = name(atLevel: level).map { "'\($0)'" } ?? "an event"
            return
                "event loop: \(repeated) was sent again while it was being delivered "
                + "(\(chain(from: level, through: runaway.depth))); "
                + "the run stopped here. An event's 'on:' actions must not send it again, directly or through other events"
        case .tooDeep(let limit):
            return
                "events were delivered more than \(limit) deep (\(chain(from: 1, through: runaway.depth)) -> ...); "
                + "the run stopped here. Shorten the chain of 'on:' connections, or raise maxEventDepth"
        case .tooMany(let limit):
            return
                "one event led to more than \(limit) events (\(chain(from: 1, through: runaway.depth)) -> ...); "
                + "the run stopped here. Wiring that sends each event on to several others multiplies at every "
                + "level: connect fewer actions, or raise maxEventDeliveries"
        }
    }
}
