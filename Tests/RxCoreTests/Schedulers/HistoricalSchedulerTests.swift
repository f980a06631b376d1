import Foundation
import RxCore
import XCTest

final class HistoricalSchedulerTests: RxCoreTestCase {
    func testHistoricalScheduler_StartsAtTheEpochByDefault() {
        let scheduler = HistoricalScheduler()

        XCTAssertEqual(scheduler.clock, Date(timeIntervalSince1970: 0))
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 0))
    }

    func testHistoricalScheduler_RunsWorkAtItsDates() {
        let start = Date(timeIntervalSince1970: 1_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        var ranAt: [TimeInterval] = []

        _ = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in
            ranAt.append(scheduler.now.timeIntervalSince(start))
            return Disposables.create()
        }
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 10) { _ in
            ranAt.append(scheduler.now.timeIntervalSince(start))
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: start.addingTimeInterval(20)) { _ in
            ranAt.append(scheduler.now.timeIntervalSince(start))
            return Disposables.create()
        }
        scheduler.start()

        XCTAssertEqual(ranAt, [10, 20, 30])
        XCTAssertEqual(scheduler.clock, start.addingTimeInterval(30))
    }

    func testHistoricalScheduler_AdvanceToAndSleep() {
        let scheduler = HistoricalScheduler()
        var ran = false

        _ = scheduler.scheduleRelativeVirtual((), dueTime: 60) { _ in
            ran = true
            return Disposables.create()
        }
        scheduler.advanceTo(Date(timeIntervalSince1970: 59))
        XCTAssertFalse(ran)
        scheduler.sleep(1)
        XCTAssertEqual(scheduler.clock, Date(timeIntervalSince1970: 60))
        scheduler.advanceTo(Date(timeIntervalSince1970: 60))

        XCTAssertTrue(ran)
    }
}
