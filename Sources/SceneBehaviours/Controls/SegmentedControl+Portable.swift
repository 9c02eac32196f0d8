import Behaviours
import SceneCore

/// A headless segmented control is what the portable behaviours follow the
/// selection of (a `SegmentSwitcher`'s `control`): its `valueChanged`.
extension SegmentedControl: SegmentSelecting {
    /// Connects `handler` to ``valueChanged``: the selections the `select`
    /// input makes, not those set in code.
    ///
    ///     let connection = tabs.connectSelectionChanges { print(tabs.selectedIndex) }
    @discardableResult
    public func connectSelectionChanges(_ handler: @escaping () -> Void) -> BehaviourConnection {
        let connection = valueChanged.connect(handler)
        return BehaviourConnection { connection.disconnect() }
    }
}
