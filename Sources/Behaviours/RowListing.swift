/// Something that lists the rows of a ``TableData``, all its sections or
/// one of them: a table view. What a ``PageController`` shows its page in.
///
///     table.data = latin
///     table.section = 1       // only the second section's rows
///     table.section = nil     // every section
///
/// The contract: it shows the rows of ``data``: those of every section
/// while ``section`` is `nil`, those of the section at ``section``
/// otherwise, and none for an index out of range; it follows the changes
/// of the data's sections. ``isVisible`` says whether the user sees it
/// (neither it nor a view above it hidden or transparent), so whether it
/// takes gestures.
public protocol RowListing: AnyObject {
    /// The model shown; weakly held, the app owns it.
    var data: TableData? { get set }
    /// The only section shown, or `nil` for every section.
    var section: Int? { get set }
    /// Whether the user sees it: shown, and every view above it shown.
    var isVisible: Bool { get }
}
