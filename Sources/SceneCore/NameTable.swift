#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A table from names to values that is searched with the name's UTF-8
/// bytes, so that a caller holding bytes (a scalar of a parsed file) finds
/// a member, a type or an object id without first making a `String` and
/// hashing it with SipHash.
///
///     var table = NameTable<Int>()
///     table.insert("label", 0)
///     let found = "label".utf8.withContiguousStorageIfAvailable { table.index(of: $0) }
///
/// Names are copied into the table. Slots are open-addressed and probed
/// linearly; the table doubles when half full and re-uses the hashes it
/// stored, so growing never reads a name again. The hash is FNV-1a with a
/// per-process random seed and a final mix, so that no file can be written
/// to make every name collide on every machine.
///
/// - Complexity: lookups and insertions are O(length of the name) on average.
struct NameTable<Value> {
    @usableFromInline struct Entry: Sendable {
        @usableFromInline var start: UInt32
        @usableFromInline var length: UInt32
        @usableFromInline var hash: UInt32

        @usableFromInline init(start: UInt32, length: UInt32, hash: UInt32) {
            self.start = start
            self.length = length
            self.hash = hash
        }
    }

    /// Every name, back to back.
    @usableFromInline var bytes: [UInt8] = []
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var values: [Value] = []
    /// An entry index per slot, -1 when the slot is empty; a power of two long.
    @usableFromInline var slots: [Int32]
    @usableFromInline var mask: Int

    /// An empty table with room for `capacity` names before it grows.
    @inlinable
    init(minimumCapacity capacity: Int = 4) {
        var slotCount = 8
        while slotCount < capacity * 2 { slotCount <<= 1 }
        slots = [Int32](repeating: -1, count: slotCount)
        mask = slotCount - 1
        entries.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// A table of `pairs`; a later pair with the same name replaces the value.
    @inlinable
    init(_ pairs: some Sequence<(String, Value)>) {
        self.init()
        for (name, value) in pairs {
            let (index, inserted) = insert(name, value)
            if !inserted { values[index] = value }
        }
    }

    /// The number of names.
    @inlinable
    var count: Int { entries.count }

    /// The value stored at `index` (an index ``insert(_:_:)`` or ``index(of:)`` returned).
    @inlinable
    func value(at index: Int) -> Value { values[index] }

    /// The index of `name`, or `nil` when the table does not hold it.
    @inlinable
    func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        probe(name, hash: NameTable.hash(name)).found
    }

    /// The entry holding `name`, or the empty slot where it would go.
    @inlinable
    func probe(_ name: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (found: Int?, slot: Int) {
        var slot = Int(hash) & mask
        return bytes.withUnsafeBufferPointer { stored in
            while true {
                let candidate = Int(slots[slot])
                if candidate < 0 { return (nil, slot) }
                let entry = entries[candidate]
                if entry.hash == hash && Int(entry.length) == name.count
                    && NameTable.equal(stored.baseAddress.map { $0 + Int(entry.start) }, name.baseAddress, name.count)
                {
                    return (candidate, slot)
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The value for `name`, or `nil`.
    @inlinable
    subscript(name: UnsafeBufferPointer<UInt8>) -> Value? {
        index(of: name).map { values[$0] }
    }

    /// The value for the name whose UTF-8 bytes are `name`, or `nil`.
    @inlinable
    subscript(name: ArraySlice<UInt8>) -> Value? {
        name.withUnsafeBufferPointer { self[$0] }
    }

    /// The value for `name`, or `nil`.
    @inlinable
    subscript(name: String) -> Value? {
        var name = name
        return name.withUTF8 { self[$0] }
    }

    /// Adds `name` with `value` unless the table holds `name` already;
    /// either way returns the name's index, and whether it was added.
    @inlinable @discardableResult
    mutating func insert(_ name: UnsafeBufferPointer<UInt8>, _ value: Value) -> (index: Int, inserted: Bool) {
        let hash = NameTable.hash(name)
        let (found, slot) = probe(name, hash: hash)
        if let found { return (found, false) }
        let index = entries.count
        entries.append(Entry(start: UInt32(bytes.count), length: UInt32(name.count), hash: hash))
        bytes.append(contentsOf: name)
        values.append(value)
        slots[slot] = Int32(index)
        if entries.count * 2 > slots.count { grow() }
        return (index, true)
    }

    /// Adds the name whose UTF-8 bytes are `name` with `value` unless the
    /// table holds it already.
    @inlinable @discardableResult
    mutating func insert(_ name: ArraySlice<UInt8>, _ value: Value) -> (index: Int, inserted: Bool) {
        name.withUnsafeBufferPointer { insert($0, value) }
    }

    /// Adds `name` with `value` unless the table holds `name` already.
    @inlinable @discardableResult
    mutating func insert(_ name: String, _ value: Value) -> (index: Int, inserted: Bool) {
        var name = name
        return name.withUTF8 { insert($0, value) }
    }

    @inlinable
    mutating func grow() {
        let slotCount = slots.count * 2
        var slots = [Int32](repeating: -1, count: slotCount)
        let mask = slotCount - 1
        for index in entries.indices {
            var slot = Int(entries[index].hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
        self.slots = slots
        self.mask = mask
    }

    /// Whether `count` bytes at `first` and `second` are equal (no bytes always are).
    @inlinable
    static func equal(_ first: UnsafePointer<UInt8>?, _ second: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
        guard count > 0, let first, let second else { return true }
        return memcmp(first, second, count) == 0
    }

    /// Seeded FNV-1a over the bytes, then the 64-bit finaliser of MurmurHash3.
    @inlinable
    static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ nameTableSeed
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return UInt32(truncatingIfNeeded: hash)
    }
}

extension NameTable: Sendable where Value: Sendable {}

/// Chosen once per process, so that colliding names cannot be precomputed.
@usableFromInline let nameTableSeed = UInt64.random(in: 0...UInt64.max)

/// The index of each object of a scene by its id: the loader fills it as it
/// reads the ids, and the scene keeps it for look-ups by id.
///
/// Its functions are concrete and live in this module, where the generic
/// table is specialised; the loader, in another module, calls them.
package struct ObjectIDTable: Sendable {
    private var table = NameTable<Int>()

    /// An empty table.
    package init() {}

    /// A table of `ids`, each mapped to its position; the first of two equal ids wins.
    package init(_ ids: some Sequence<String>) {
        for (index, id) in ids.enumerated() { table.insert(id, index) }
    }

    /// How many ids it holds.
    package var count: Int { table.count }

    /// The index of the object whose id is the UTF-8 `id`.
    package subscript(id: UnsafeBufferPointer<UInt8>) -> Int? { table[id] }

    /// The index of the object whose id is the UTF-8 `id`.
    package subscript(id: ArraySlice<UInt8>) -> Int? { table[id] }

    /// The index of the object whose id is `id`.
    package subscript(id: String) -> Int? { table[id] }

    /// Adds `id` for the object at `index` unless it is there already;
    /// returns the index the id has (the first object's, for a duplicate)
    /// and whether it was added.
    @discardableResult
    package mutating func insert(_ id: UnsafeBufferPointer<UInt8>, _ index: Int) -> (first: Int, inserted: Bool) {
        let (slot, inserted) = table.insert(id, index)
        return (table.value(at: slot), inserted)
    }
}
