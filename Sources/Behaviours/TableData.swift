/// One section of a ``TableData``: a title and its rows, with the rows'
/// detail texts and image names if any.
///
///     let network = TableSection(title: "Network", rows: ["Wi-Fi", "Bluetooth"], details: ["Home", "On"])
///     network.detail(at: 1)   // "On"
///
/// `details` are the rows' second texts (a UIKit cell of style value1 draws
/// them at the right of each row); `images` name an image for each row.
/// Either list may be shorter than `rows` (the rows past its end have
/// none), and an empty text or name is no detail or image.
public struct TableSection: Hashable, Sendable {
    /// The section's header.
    public var title: String
    /// The rows' texts, in order.
    public var rows: [String]
    /// The rows' detail texts, in order, or `nil` for none.
    public var details: [String]?
    /// The names of the rows' images, in order, or `nil` for none.
    public var images: [String]?

    /// A section titled `title` with `rows`, without details or images.
    ///
    ///     TableSection(title: "Lorem", rows: ["ipsum", "dolor"])
    public init(title: String, rows: [String] = []) {
        self.init(title: title, rows: rows, details: nil, images: nil)
    }

    /// A section titled `title` with `rows`, and the rows' `details` and
    /// `images` (`nil` for none).
    ///
    ///     TableSection(title: "Network", rows: ["Wi-Fi"], details: ["Home"], images: ["wifi"])
    public init(title: String, rows: [String] = [], details: [String]?, images: [String]? = nil) {
        self.title = title
        self.rows = rows
        self.details = details
        self.images = images
    }

    /// The detail text of the row at `index`, or `nil` for none.
    ///
    ///     section.detail(at: 0)   // "Home"
    public func detail(at index: Int) -> String? {
        guard let details, details.indices.contains(index), !details[index].isEmpty else { return nil }
        return details[index]
    }

    /// The image name of the row at `index`, or `nil` for none.
    ///
    ///     section.image(at: 0)    // "wifi"
    public func image(at index: Int) -> String? {
        guard let images, images.indices.contains(index), !images[index].isEmpty else { return nil }
        return images[index]
    }
}

/// A table's model: titled sections of rows, shown by a table (a
/// ``RowListing``) and paged through by a ``PageController``: one model for
/// a paged and an unpaged view of the same content.
///
///     let latin = TableData(sections: [TableSection(title: "Lorem", rows: ["ipsum"]), TableSection(title: "Sit")])
///     latin.changed.connect { print(latin.sections.count) }
///     latin.sections.append(TableSection(title: "Amet"))   // prints 3
///
/// Every change of ``sections`` is sent to ``changed`` after it is
/// reported, which is how a ``PageController`` keeps its page count and
/// its indicator up to date. Its sections are ``Reported``.
public final class TableData: ReportsChanges {
    /// Where changes of the sections are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// The sections, in order; each one is a page to a ``PageController``.
    ///
    ///     data.sections = [TableSection(title: "Only")]
    @Reported public var sections: [TableSection] = [] {
        didSet { changed.send() }
    }

    /// Sent after every change of ``sections``, even to the same value.
    ///
    ///     let connection = data.changed.connect { table.reloadData() }
    public let changed = BehaviourEvent<Void>()

    /// A model with `sections` (none by default).
    ///
    ///     let data = TableData(sections: [TableSection(title: "Lorem", rows: ["ipsum"])])
    public init(sections: [TableSection] = []) {
        self.sections = sections
    }
}
