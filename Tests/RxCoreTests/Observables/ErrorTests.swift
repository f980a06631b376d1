import RxCore
import RxTesting
import XCTest

final class ErrorTests: RxCoreTestCase {
    func testError_FailsOnSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.error(TestError.boom) }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    func testError_EachSubscriberGetsTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = Observable<Int>.error(TestError.other)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(210) { _ = source.subscribe(first) }
        scheduler.scheduleAt(220) { _ = source.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.error(210, TestError.other)])
        XCTAssertEqual(second.events, [.error(220, TestError.other)])
    }
}
