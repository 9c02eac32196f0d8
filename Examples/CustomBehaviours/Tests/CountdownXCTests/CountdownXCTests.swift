import Countdown
import SceneTesting
import XCTest

/// The same checks under XCTest: a failed expectation fails the test at
/// the scene's own line.
final class CountdownXCTests: XCTestCase {
    func testCountsDownOnTheVirtualClock() throws {
        let scheduler = VirtualScheduler()
        let countdown = Countdown(scheduler: scheduler, duration: .seconds(2))
        var finished = 0
        countdown.finished.connect { finished += 1 }
        countdown.start()
        try scheduler.advance(by: .seconds(5))
        XCTAssertEqual(finished, 1)
        XCTAssertTrue(scheduler.isIdle)
    }

    func testEverySceneRuns() throws {
        let transcripts = try runScenes(in: "Scenes", registry: try .withCountdown())
        XCTAssertEqual(transcripts.count, 1)
        XCTAssertTrue(transcripts.allSatisfy(\.succeeded))
    }
}
