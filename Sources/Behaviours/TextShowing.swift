/// Something that shows a text the behaviour sets: a label. What a
/// ``FocusTimer`` shows its time and its status in.
///
///     timeLabel.text = "25:00"
///
/// The contract: it shows ``text`` as it is from the moment it is set,
/// and tells the behaviour nothing back.
public protocol TextShowing: AnyObject {
    /// The text shown.
    var text: String { get set }
}
