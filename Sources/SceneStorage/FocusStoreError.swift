/// Why a ``FocusStore`` could not open, read or save its database: what it
/// was doing, the file, and the reason. Its ``description`` is the sentence
/// a scene author sees, as a load diagnostic or as a failure while the
/// scene runs.
///
///     FocusStoreError(path: "/state/focus.sqlite", reason: "it is not an SQLite database").description
///     // cannot open focus store '/state/focus.sqlite': it is not an SQLite database;
///     // the file was left as it was
package struct FocusStoreError: Error, Equatable, CustomStringConvertible {
    /// What the store was doing.
    package enum Operation: Equatable, Sendable {
        /// Opening a file that exists; it is left as it was.
        case open
        /// Making a file that did not exist.
        case create
        /// Reading the saved state or the history of an open store.
        case read
        /// Saving the state, and a finished interval when there was one.
        case save
    }

    /// What the store was doing.
    package let operation: Operation
    /// The database file.
    package let path: String
    /// What is wrong, as a clause: "it is not an SQLite database".
    package let reason: String

    /// An error about the file at `path` while opening it.
    package init(path: String, reason: String) {
        self.init(.open, path: path, reason: reason)
    }

    /// An error about the file at `path` while doing `operation`.
    package init(_ operation: Operation, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// "cannot open focus store 'PATH': REASON; the file was left as it
    /// was", or "cannot create focus store 'PATH': REASON", "cannot read
    /// focus store 'PATH': REASON", "cannot save to focus store 'PATH': REASON".
    package var description: String {
        switch operation {
        case .open: "cannot open focus store '\(path)': \(reason); the file was left as it was"
        case .create: "cannot create focus store '\(path)': \(reason)"
        case .read: "cannot read focus store '\(path)': \(reason)"
        case .save: "cannot save to focus store '\(path)': \(reason)"
        }
    }
}
