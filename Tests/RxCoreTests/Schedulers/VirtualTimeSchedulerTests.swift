import Foundation
import RxCore
import XCTest

/// A converter with `Int` ticks of one second each, to test the base class without RxTest.
private struct TickConverter: VirtualTimeConverterType {
    func convertFromVirtualTime(_ virtualTime: Int) -> RxTime { Date(timeIntervalSince1970: TimeInterval(virtualTime)) }
    func convertToVirtualTime(_ time: RxTime) -> Int { Int(time.timeIntervalSince1970.rounded()) }
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval { TimeInterval(virtualTimeInterval) }
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int { Int(timeInterval.rounded()) }
    func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }
    func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs > rhs ? .greaterThan : .equal
    }
}

final class VirtualTimeSchedulerTests: RxCoreTestCase {
    private func makeScheduler(at clock: Int = 0) -> VirtualTimeScheduler<TickConverter> {
        VirtualTimeScheduler(initialClock: clock, converter: TickConverter())
    }

    /// Schedules an action at `time` that logs `name` with the clock when it runs.
    private func log(
        _ name: String, at time: Int, on scheduler: VirtualTimeScheduler<TickConverter>, into log: Log
    ) -> Disposable {
        scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
            log.entries.append("\(name)@\(scheduler.clock)")
            return Disposables.create()
        }
    }

    private final class Log {
        var entries: [String] = []
    }

    func testStart_RunsWorkInDueTimeOrderAndMovesTheClock() {
        let scheduler = makeScheduler()
        let entries = Log()

        _ = log("c", at: 30, on: scheduler, into: entries)
        _ = log("a", at: 10, on: scheduler, into: entries)
        _ = log("b", at: 20, on: scheduler, into: entries)
        scheduler.start()

        XCTAssertEqual(entries.entries, ["a@10", "b@20", "c@30"])
        XCTAssertEqual(scheduler.clock, 30)
    }

    func testStart_EqualDueTimesRunInSchedulingOrder() {
        let scheduler = makeScheduler()
        let entries = Log()

        for name in ["first", "second", "third"] {
            _ = log(name, at: 10, on: scheduler, into: entries)
        }
        scheduler.start()

        XCTAssertEqual(entries.entries, ["first@10", "second@10", "third@10"])
    }

    func testStart_PastDueTimeRunsWithoutMovingTheClockBack() {
        let scheduler = makeScheduler(at: 50)
        let entries = Log()

        _ = log("late", at: 10, on: scheduler, into: entries)
        scheduler.start()

        XCTAssertEqual(entries.entries, ["late@50"])
        XCTAssertEqual(scheduler.clock, 50)
    }

    func testDisposingScheduledWorkCancelsIt() {
        let scheduler = makeScheduler()
        let entries = Log()

        _ = log("kept", at: 10, on: scheduler, into: entries)
        log("cancelled", at: 20, on: scheduler, into: entries).dispose()
        scheduler.start()

        XCTAssertEqual(entries.entries, ["kept@10"])
    }

    func testStop_EndsStartAfterTheRunningItem() {
        let scheduler = makeScheduler()
        let entries = Log()

        _ = log("a", at: 10, on: scheduler, into: entries)
        _ = scheduler.scheduleAbsoluteVirtual((), time: 20) { _ in
            scheduler.stop()
            return Disposables.create()
        }
        _ = log("b", at: 30, on: scheduler, into: entries)
        scheduler.start()
        XCTAssertEqual(entries.entries, ["a@10"])
        XCTAssertEqual(scheduler.clock, 20)

        scheduler.start()
        XCTAssertEqual(entries.entries, ["a@10", "b@30"])
    }

    func testAdvanceTo_RunsWorkDueUpToAndIncludingTheTimeThenSetsTheClock() {
        let scheduler = makeScheduler()
        let entries = Log()

        _ = log("a", at: 10, on: scheduler, into: entries)
        _ = log("b", at: 20, on: scheduler, into: entries)
        _ = log("c", at: 30, on: scheduler, into: entries)
        scheduler.advanceTo(20)
        XCTAssertEqual(entries.entries, ["a@10", "b@20"])
        scheduler.advanceTo(25)
        XCTAssertEqual(scheduler.clock, 25)

        scheduler.advanceTo(40)
        XCTAssertEqual(entries.entries, ["a@10", "b@20", "c@30"])
        XCTAssertEqual(scheduler.clock, 40)
    }

    func testSleep_MovesTheClockWithoutRunningWork() {
        let scheduler = makeScheduler()
        let entries = Log()

        _ = log("a", at: 10, on: scheduler, into: entries)
        scheduler.sleep(15)

        XCTAssertEqual(scheduler.clock, 15)
        XCTAssertEqual(entries.entries, [])
        scheduler.start()
        XCTAssertEqual(entries.entries, ["a@15"])
    }

    func testScheduleRelativeVirtual_CountsFromTheClock() {
        let scheduler = makeScheduler(at: 100)
        var ranAt: Int?

        _ = scheduler.scheduleRelativeVirtual((), dueTime: 5) { _ in
            ranAt = scheduler.clock
            return Disposables.create()
        }
        scheduler.start()

        XCTAssertEqual(ranAt, 105)
    }

    func testScheduleRelative_ConvertsTheRealIntervalToVirtualTime() {
        let scheduler = makeScheduler(at: 100)
        var ranAt: [Int] = []

        _ = scheduler.scheduleRelative((), dueTime: .seconds(3)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(2_000)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()

        XCTAssertEqual(ranAt, [102, 103])
    }

    func testScheduleAndNow_UseTheVirtualClock() {
        let scheduler = makeScheduler(at: 7)
        var ranAt: Int?

        _ = scheduler.schedule(()) { _ in
            ranAt = scheduler.clock
            return Disposables.create()
        }

        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 7))
        XCTAssertNil(ranAt, "nothing runs before start")
        scheduler.start()
        XCTAssertEqual(ranAt, 7)
    }

    func testScheduler_IsCountedInResourcesTotal() {
        let before = Resources.total
        var scheduler: VirtualTimeScheduler<TickConverter>? = makeScheduler()

        XCTAssertEqual(Resources.total, before + 1)
        scheduler = nil
        XCTAssertNil(scheduler)
        XCTAssertEqual(Resources.total, before)
    }

    func testScheduleRecursive_StepsRunAtSuccessiveTimes() {
        let scheduler = makeScheduler()
        var visited: [String] = []

        _ = scheduler.scheduleRecursive(0) { state, recurse in
            visited.append("\(state)@\(scheduler.clock)")
            if state < 2 {
                recurse(state + 1)
            }
        }
        scheduler.start()

        XCTAssertEqual(visited, ["0@0", "1@0", "2@0"])
    }
}
