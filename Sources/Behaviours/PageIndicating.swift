/// Something that shows how many pages there are and which one is current:
/// a page control's dots. What a ``PageController`` keeps in step.
///
///     dots.numberOfPages = 3
///     dots.currentPage = 1    // the second dot is lit
///
/// The contract: it shows ``numberOfPages`` pages with the one at
/// ``currentPage`` marked; a behaviour that sets them sets ``currentPage``
/// within `0..<numberOfPages` (0 when there are none), and the indicator
/// tells it nothing back.
public protocol PageIndicating: AnyObject {
    /// How many pages there are.
    var numberOfPages: Int { get set }
    /// The index of the page shown, from 0.
    var currentPage: Int { get set }
}
