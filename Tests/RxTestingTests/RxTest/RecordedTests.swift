import RxCore
import RxTesting
import XCTest

final class RecordedTests: RxTestingTestCase {
    func testHelpers_BuildRecordedEvents() {
        let next = Recorded.next(210, 2)
        let completed = Recorded.completed(250, Int.self)
        let error = Recorded.error(230, TestError.boom, Int.self)

        XCTAssertEqual(next, Recorded(time: 210, value: Event.next(2)))
        XCTAssertEqual(completed, Recorded(time: 250, value: Event<Int>.completed))
        XCTAssertEqual(error, Recorded(time: 230, value: Event<Int>.error(TestError.boom)))
    }

    func testEquality_ComparesTimesAndEvents() {
        let events: [Recorded<Event<Int>>] = [.next(210, 2), .error(230, TestError.boom), .completed(250)]

        XCTAssertEqual(events, [.next(210, 2), .error(230, TestError.boom), .completed(250)])
        XCTAssertNotEqual(events[0], .next(211, 2))
        XCTAssertNotEqual(events[0], .next(210, 3))
        XCTAssertNotEqual(events[1], .error(230, TestError.other))
        XCTAssertNotEqual(events[2], .next(250, 0))
    }

    func testEventEquality_ErrorsCompareByDescription() {
        XCTAssertEqual(Event<Int>.error(TestError.boom), .error(TestError.boom))
        XCTAssertNotEqual(Event<Int>.error(TestError.boom), .error(TestError.other))
        XCTAssertEqual([Event<Int>.next(1), .completed], [.next(1), .completed])
    }

    func testOptionalElements() {
        let events: [Recorded<Event<Int?>>] = [.next(210, nil), .next(220, 1)]

        XCTAssertEqual(events, [.next(210, nil), .next(220, 1)])
    }

    func testEvents_IsTheArrayGiven() {
        let events = Recorded.events(.next(210, 2), .completed(250))

        XCTAssertEqual(events, [.next(210, 2), .completed(250)])
        XCTAssertEqual(Recorded.events([.next(1, "a")]), [.next(1, "a")])
    }

    func testDebugDescription() {
        XCTAssertEqual(Recorded.next(210, 2).debugDescription, "next(2) @ 210")
        XCTAssertEqual(Recorded.completed(250, Int.self).debugDescription, "completed @ 250")
    }

    func testXCTAssertRecordedElements_IgnoresTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])

        let res = scheduler.start { xs.map { $0 * 10 } }

        XCTAssertRecordedElements(res.events, [10, 20])
    }
}

final class SubscriptionTests: RxTestingTestCase {
    func testSubscription_EqualityAndHashing() {
        XCTAssertEqual(Subscription(200, 250), Subscription(200, 250))
        XCTAssertNotEqual(Subscription(200, 250), Subscription(200))
        XCTAssertEqual(Set([Subscription(200, 250), Subscription(200, 250)]).count, 1)
    }

    func testSubscription_OpenEndIsIntMax() {
        XCTAssertEqual(Subscription(200).subscribe, 200)
        XCTAssertEqual(Subscription(200).unsubscribe, Int.max)
    }

    func testDebugDescription() {
        XCTAssertEqual(Subscription(200, 250).debugDescription, "(200 : 250)")
        XCTAssertEqual(Subscription(200).debugDescription, "(200 : Infinity)")
    }
}
