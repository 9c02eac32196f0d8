import Behaviours
import Observation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private final class Gauge: ReportsChanges {
    let changeReports = ChangeReports()
    @Reported var level = 0.0
    @Reported var label = ""
    var checks = 0
    @Reported var threshold = 1 {
        didSet { checks += 1 }
    }
}

/// What Observation heard, from a handler that may run on any thread.
private final class Heard: @unchecked Sendable {
    private let lock = NSLockLike()
    private var count = 0
    func note() { lock.with { count += 1 } }
    var total: Int { lock.with { count } }
}

/// A lock without Foundation.
private final class NSLockLike: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func with<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

@Suite struct ReportedTests {
    @Test func aChangeIsReportedAfterItIsStoredAndTheSameValueIsNot() {
        let gauge = Gauge()
        var heard: [(AnyKeyPath, Double)] = []
        let connection = gauge.changeReports.listen { key, kind in
            #expect(kind == .changed)
            heard.append((key, gauge.level))
        }
        gauge.level = 0.5
        gauge.level = 0.5
        gauge.label = "x"
        #expect(heard.count == 2)
        #expect(heard.first?.0 == \Gauge.level && heard.first?.1 == 0.5)
        #expect(heard.last?.0 == \Gauge.label)
        connection.disconnect()
        gauge.level = 1
        #expect(heard.count == 2)
        #expect(gauge.changeReports.listenerCount == 0)
    }

    @Test func notANumberToNotANumberIsNoChange() {
        let gauge = Gauge()
        var reports = 0
        let connection = gauge.changeReports.listen { _, _ in reports += 1 }
        gauge.level = .nan
        gauge.level = .nan
        #expect(reports == 1)
        connection.disconnect()
    }

    @Test func observersOfTheWrappedPropertyStillRun() {
        let gauge = Gauge()
        gauge.threshold = 2
        gauge.threshold = 2
        #expect(gauge.checks == 2)
    }

    @Test func observationTrackingHearsTheChange() {
        let gauge = Gauge()
        let heard = Heard()
        withObservationTracking {
            _ = gauge.level
        } onChange: {
            heard.note()
        }
        gauge.label = "not tracked"
        #expect(heard.total == 0)
        gauge.level = 3
        #expect(heard.total == 1)
    }
}
