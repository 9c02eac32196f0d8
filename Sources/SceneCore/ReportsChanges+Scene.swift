import Behaviours

extension PropertyNotifying where Self: ReportsChanges {
    /// The scene's observers of a portable behaviour, kept beside its
    /// ``Behaviours/ChangeReports``: set once, they hear every `@Reported`
    /// change the behaviour reports, so a portable type declares
    /// `PropertyNotifying` with no code of its own.
    ///
    ///     extension TimeoutController: PropertyNotifying {}
    public var propertyObservers: PropertyObservers? {
        get { changeReports.attachment as? PropertyObservers }
        set {
            guard newValue !== propertyObservers else { return }
            changeReports.attachment = newValue
            guard let newValue else { return }
            // The reports hold the observers through the attachment, and the
            // listener holds them weakly: no cycle.
            changeReports.listen { [weak newValue] key, kind in
                switch kind {
                case .changed: newValue?.didChange(key)
                case .mayHaveChanged: newValue?.mayHaveChanged(key)
                }
            }
        }
    }
}

extension TypeBuilder {
    /// An event of a portable behaviour without a payload, stored at
    /// `keyPath`: each send reaches the scene's wiring through a
    /// ``SceneEvent``, so that ``EventDelivery`` bounds chains through it
    /// as through any scene event.
    ///
    ///     type.event("timedOut", \.timedOut, doc: "The timeout passed.")
    @inlinable
    public mutating func event(
        _ name: String, _ keyPath: KeyPath<Object, BehaviourEvent<Void>> & Sendable, doc: String
    ) {
        event(
            name,
            connect: { object, handler in
                let relay = SceneEvent<Void>()
                relay.connectForLife(handler)
                object[keyPath: keyPath].connect { relay.send() }
            }, doc: doc)
    }

    /// An event of a portable behaviour whose payload is a scene value,
    /// stored at `keyPath`: each send reaches the scene's wiring through a
    /// ``SceneEvent``, as ``event(_:_:doc:)`` does for one without a payload.
    ///
    ///     type.event("timeUpdate", \.timeUpdate, doc: "The current time.")
    @inlinable
    public mutating func event<Payload: SceneValueConvertible>(
        _ name: String, _ keyPath: KeyPath<Object, BehaviourEvent<Payload>> & Sendable, doc: String
    ) {
        event(
            name,
            connect: { (object, handler: @escaping (Payload) -> Void) in
                let relay = SceneEvent<Payload>()
                relay.connectForLife(handler)
                object[keyPath: keyPath].connect { relay.send($0) }
            }, doc: doc)
    }
}

extension VirtualScheduler {
    /// The scheduler behind `clock`, when it is one's ``clock``.
    ///
    ///     if let scheduler = VirtualScheduler.behind(clock) { ... }
    package static func behind(_ clock: any BehaviourClock) -> VirtualScheduler? {
        (clock as? SchedulerClock)?.scheduler
    }
}
