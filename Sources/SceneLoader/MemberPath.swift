/// `id.member`: an object's id (a path inside an instance, `left.play`) and the name of one of its members (a
/// property, an outlet or an action), split at the last dot. The one
/// place scene files' dotted references are taken apart: under `on:`, in
/// `expect`, `set` and `call`.
struct MemberPath {
    /// The object's id, before the dot.
    let id: String
    /// The member's name, after the dot.
    let member: String

    /// The parts of `text`, or `nil` when it has no dot or nothing before
    /// or after it.
    init?(_ text: String) {
        guard let (id, member) = Self.split(Array(text.utf8)[...]) else { return nil }
        self.id = String(decoding: id, as: UTF8.self)
        self.member = String(decoding: member, as: UTF8.self)
    }

    /// The id and member of the UTF-8 `bytes`, or `nil` when there is no
    /// dot or nothing before or after it.
    static func split(_ bytes: ArraySlice<UInt8>) -> (id: ArraySlice<UInt8>, member: ArraySlice<UInt8>)? {
        // Ids inside an instance of a component are paths (`left.timer`); members have no dots.
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex, dot != bytes.endIndex - 1
        else { return nil }
        return (bytes[..<dot], bytes[(dot + 1)...])
    }
}
