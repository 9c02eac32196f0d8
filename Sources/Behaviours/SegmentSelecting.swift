/// Something with segments, one of them selected, whose selection the user
/// changes: a segmented control. What a ``SegmentSwitcher`` follows.
///
///     let connection = tabs.connectSelectionChanges { print("now", tabs.selectedIndex) }
///     connection.disconnect()
///
/// The contract: the handler is called after each change of the selection
/// that the user makes (UIKit's `valueChanged`), once ``selectedIndex``
/// holds the new index, until the connection is disconnected. Setting the
/// selection in code calls no handler, as in UIKit.
public protocol SegmentSelecting: AnyObject {
    /// The index of the selected segment, from 0.
    var selectedIndex: Int { get }

    /// Calls `handler` after each change of the selection the user makes
    /// from now on, until the returned connection is disconnected.
    @discardableResult
    func connectSelectionChanges(_ handler: @escaping () -> Void) -> BehaviourConnection
}
