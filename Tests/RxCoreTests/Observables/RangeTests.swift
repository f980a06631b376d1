import RxCore
import RxTesting
import XCTest

final class RangeTests: RxCoreTestCase {
    func testRange_OneElementPerSchedulerStep() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: 5, count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 5), .next(202, 6), .next(203, 7), .completed(204)])
    }

    func testRange_ZeroCountCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: 5, count: 0, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testRange_EndsAtTheLargestValue() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: Int8.max - 1, count: 2, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, Int8.max - 1), .next(202, Int8.max), .completed(203)])
    }

    func testRange_DisposeStopsTheRecursion() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 202) { Observable.range(start: 0, count: 100, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 0)])
    }

    func testRange_OnTheCurrentThreadEverythingArrivesAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: 1, count: 3) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }
}
