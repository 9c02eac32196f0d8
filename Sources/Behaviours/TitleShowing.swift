/// Something that shows a title the behaviour sets: a button. What a
/// ``FocusTimer`` titles its start button through ("Start", "Pause",
/// "Resume").
///
///     startButton.title = "Pause"
///
/// The contract: it shows ``title`` as it is from the moment it is set (in
/// every state of a control that has states), and tells the behaviour
/// nothing back.
public protocol TitleShowing: AnyObject {
    /// The title shown.
    var title: String { get set }
}
