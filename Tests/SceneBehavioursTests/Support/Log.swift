import SceneBehaviours
import SceneCore

/// Records what objects report, in order: interaction phases as
/// `interaction.began` and events by their scene names.
final class Log {
    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }

    /// Records every interaction phase `provider` reports.
    @discardableResult
    func observeInteractions(of provider: any InteractionProvider, as prefix: String = "") -> SceneConnection {
        provider.interaction.connect { [self] phase in append(prefix + "interaction.\(phase)") }
    }

    /// Connects every event `type` registers on `object`, through the
    /// description as a scene would, and records each by name; change
    /// events (`textChanged`) are left out, as the transcript leaves them,
    /// since the change itself is what tests check.
    func observeEvents(of object: AnyObject, _ type: TypeDescription, as prefix: String = "") {
        for event in type.orderedEvents where event.changedProperty == nil {
            event.connect(object) { [self] _ in append(prefix + event.name) }
        }
    }

    /// Records interactions and events of `object`.
    func observe(_ object: some InteractionProvider, _ type: TypeDescription, as prefix: String = "") {
        observeInteractions(of: object, as: prefix)
        observeEvents(of: object, type, as: prefix)
    }

    /// Forgets what was recorded so far.
    func clear() {
        entries.removeAll()
    }
}

extension TypeDescription {
    /// Performs the script input `name` on `object` as the script engine
    /// would: whether it was taken or ignored; `nil` when the input is
    /// unknown or the types do not match.
    @discardableResult
    func input(_ name: String, on object: AnyObject, _ argument: SceneValue? = nil) -> ActionOutcome? {
        inputs[name]?.perform(on: object, with: argument)
    }

    /// Performs the action `name` on `object` as an event connection would.
    @discardableResult
    func action(_ name: String, on object: AnyObject, _ argument: SceneValue? = nil) -> ActionOutcome? {
        actions[name]?.perform(on: object, with: argument)
    }
}
