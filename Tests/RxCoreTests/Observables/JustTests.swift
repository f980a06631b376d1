import RxCore
import RxTesting
import XCTest

final class JustTests: RxCoreTestCase {
    func testJust_SendsTheElementAndCompletesOnSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.just(42) }

        XCTAssertEqual(res.events, [.next(200, 42), .completed(200)])
    }

    func testJust_EachSubscriberGetsTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = Observable.just("a")
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)

        scheduler.scheduleAt(210) { _ = source.subscribe(first) }
        scheduler.scheduleAt(220) { _ = source.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, "a"), .completed(210)])
        XCTAssertEqual(second.events, [.next(220, "a"), .completed(220)])
    }
}
