import RxCore
import RxTesting
import XCTest

/// `schedulePeriodic` on virtual time: the default implementation every ``SchedulerType``
/// gets, which ``TestScheduler`` uses as RxSwift's does.
final class SchedulerTypeTests: RxCoreTestCase {
    func testSchedulePeriodic_RunsAfterStartThenEveryPeriodWithTheReturnedState() {
        let scheduler = TestScheduler(initialClock: 0)
        var runs: [String] = []
        var periodic: Disposable!

        scheduler.scheduleAt(100) {
            periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(20)) { state in
                runs.append("\(state)@\(scheduler.clock)")
                return state + 1
            }
        }
        scheduler.scheduleAt(175) { periodic.dispose() }
        scheduler.start()

        XCTAssertEqual(runs, ["0@110", "1@130", "2@150", "3@170"])
    }

    func testSchedulePeriodic_NothingRunsAfterDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        var runCount = 0
        var periodic: Disposable!

        scheduler.scheduleAt(100) {
            periodic = scheduler.schedulePeriodic((), startAfter: .seconds(50), period: .seconds(50)) { _ in
                runCount += 1
            }
        }
        scheduler.scheduleAt(120) { periodic.dispose() }
        scheduler.start()

        XCTAssertEqual(runCount, 0, "disposed before the first run")
        XCTAssertEqual(scheduler.clock, 120, "the cancelled tick does not move the clock")
    }

    func testSchedulePeriodic_DisposeFromTheActionStopsFurtherRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        var runs: [Int] = []
        var periodic: Disposable?

        scheduler.scheduleAt(100) {
            periodic = scheduler.schedulePeriodic((), startAfter: .seconds(10), period: .seconds(10)) { _ in
                runs.append(scheduler.clock)
                if runs.count == 3 {
                    periodic?.dispose()
                }
            }
        }
        scheduler.start()

        XCTAssertEqual(runs, [110, 120, 130])
    }

    func testSchedulePeriodic_ZeroIntervalsRunOneTickApartOnTheTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var runs: [Int] = []
        var periodic: Disposable!

        scheduler.scheduleAt(100) {
            periodic = scheduler.schedulePeriodic((), startAfter: .seconds(0), period: .seconds(0)) { _ in
                runs.append(scheduler.clock)
            }
        }
        scheduler.scheduleAt(104) { periodic.dispose() }
        scheduler.start()

        XCTAssertEqual(runs, [101, 102, 103], "work due now runs one tick later on the TestScheduler")
    }

    func testSchedulePeriodic_IntervalsAreConvertedWithTheResolution() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        var runs: [Int] = []
        var periodic: Disposable!

        scheduler.scheduleAt(100) {
            periodic = scheduler.schedulePeriodic((), startAfter: .milliseconds(5), period: .seconds(1)) { _ in
                runs.append(scheduler.clock)
            }
        }
        scheduler.scheduleAt(2200) { periodic.dispose() }
        scheduler.start()

        XCTAssertEqual(runs, [105, 1105, 2105])
    }
}
