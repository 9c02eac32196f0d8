/// A command that could not do what it was asked, with the status to exit with.
package struct CommandFailure: Error {
    package let message: String
    package let status: Int32

    package init(message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}
