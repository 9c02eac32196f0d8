import Testing

@testable import SceneCore

@Suite struct NameTableTests {
    private func lookUp(_ table: NameTable<Int>, _ name: String) -> Int? {
        Array(name.utf8).withUnsafeBufferPointer { table[$0] }
    }

    @Test func findsWhatWasInsertedByBytesAndByString() {
        var table = NameTable<Int>()
        #expect(table.insert("label", 1) == (index: 0, inserted: true))
        #expect(table.insert("button", 2) == (index: 1, inserted: true))
        #expect(lookUp(table, "label") == 1)
        #expect(table["button"] == 2)
        #expect(lookUp(table, "labe") == nil)
        #expect(lookUp(table, "labels") == nil)
        #expect(table["Label"] == nil)
        #expect(table.count == 2)
    }

    @Test func keepsTheFirstValueOfANameInsertedTwice() {
        var table = NameTable<Int>()
        table.insert("a", 1)
        let second = table.insert("a", 2)
        #expect(second.inserted == false)
        #expect(table.value(at: second.index) == 1)
        #expect(table.count == 1)
    }

    @Test func growsPastManyNamesWithoutLosingAny() {
        var table = NameTable<Int>()
        for number in 0..<50_000 { table.insert("object\(number)", number) }
        #expect(table.count == 50_000)
        for number in stride(from: 0, to: 50_000, by: 7) { #expect(lookUp(table, "object\(number)") == number) }
        #expect(lookUp(table, "object50000") == nil)
    }

    @Test func holdsTheEmptyNameAndNamesBeyondASCII() {
        var table = NameTable<Int>()
        table.insert("", 0)
        table.insert("größe", 1)
        table.insert("日本", 2)
        #expect(lookUp(table, "") == 0)
        #expect(lookUp(table, "größe") == 1)
        #expect(lookUp(table, "日本") == 2)
        #expect(lookUp(table, "grosse") == nil)
    }

    @Test func aLaterPairReplacesAnEarlierOneWhenBuiltFromPairs() {
        let table = NameTable([("x", 1), ("y", 2), ("x", 3)])
        #expect(table["x"] == 3)
        #expect(table["y"] == 2)
        #expect(table.count == 2)
    }
}
