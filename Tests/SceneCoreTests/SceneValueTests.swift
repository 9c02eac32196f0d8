import SceneCore
import Testing

/// `SceneValue.matches`: how `expect` compares.
@Suite struct SceneValueTests {
    @Test func doublesAndDurationsMatchWithinTheTolerance() {
        #expect(SceneValue.double(0.1 + 0.2).matches(.double(0.3)))
        #expect(!SceneValue.double(0.3001).matches(.double(0.3)))
        #expect(SceneValue.int(1).matches(.double(1.0000001)))
        #expect(SceneValue.duration(.milliseconds(250)).matches(.duration(.seconds(0.25))))
    }

    @Test func mapsMatchKeyByKeyInAnyOrder() {
        let written = SceneValue.map([.init("bob", .string("x")), .init("alice", .string("y"))])
        let sorted = SceneValue.map([.init("alice", .string("y")), .init("bob", .string("x"))])
        #expect(written.matches(sorted))
        #expect(!written.matches(.map([.init("alice", .string("y")), .init("bob", .string("z"))])))
        #expect(!written.matches(.map([.init("alice", .string("y"))])))
        #expect(!written.matches(.map([.init("alice", .string("y")), .init("carol", .string("x"))])))
    }

    @Test func listsMatchInOrder() {
        #expect(SceneValue.list([.int(1), .int(2)]).matches(.list([.int(1), .int(2)])))
        #expect(!SceneValue.list([.int(1), .int(2)]).matches(.list([.int(2), .int(1)])))
    }
}
