import RxCore
import RxTesting
import XCTest

final class TakeWithPredicateTests: RxCoreTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), end,
        ])
    }

    // MARK: take(until:) another sequence

    func testTakeUntil_OtherEmits_CompletesAndEndsBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))
        let other = scheduler.createHotObservable([.next(150, "a"), .next(225, "b"), .completed(250)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntil_OtherCompletesWithoutElements_ChangesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))
        let other = scheduler.createHotObservable([Recorded<Event<String>>.completed(225)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntil_OtherFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))
        let other = scheduler.createHotObservable([Recorded<Event<String>>.error(225, TestError.boom)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .error(225, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntil_SourceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(245, TestError.boom))
        let other = scheduler.createHotObservable([.next(300, "a")])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events.last, .error(245, TestError.boom))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 245)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 245)])
    }

    func testTakeUntil_OtherEmitsWhileSubscribed_CompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))

        let res = scheduler.start { xs.take(until: Observable.just("now")) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)])
    }

    func testTakeUntil_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))
        let other = scheduler.createHotObservable([.next(240, "a")])

        let res = scheduler.start(disposed: 225) { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    // MARK: take(until:behavior:) with a predicate

    func testTakeUntilPredicate_Exclusive_StopsBeforeTheMatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))
        var predicateCalls = 0

        let res = scheduler.start {
            xs.take(until: { element in
                predicateCalls += 1
                return element == 4
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(predicateCalls, 3)
    }

    func testTakeUntilPredicate_Inclusive_ForwardsTheMatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))

        let res = scheduler.start { xs.take(until: { $0 == 4 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTakeUntilPredicate_NoMatch_ForwardsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))

        let res = scheduler.start { xs.take(until: { $0 > 100 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
    }

    func testTakeUntilPredicate_Throws() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))

        let res = scheduler.start {
            xs.take(until: { element in
                if element == 3 { throw TestError.boom }
                return false
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilPredicate_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(250, TestError.boom))

        let res = scheduler.start { xs.take(until: { $0 > 100 }) }

        XCTAssertEqual(res.events.last, .error(250, TestError.boom))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeUntilPredicate_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))

        let res = scheduler.start(disposed: 225) { xs.take(until: { $0 > 100 }) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    // MARK: take(while:behavior:)

    func testTakeWhile_Exclusive_CompletesAtTheFirstFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))
        var predicateCalls = 0

        let res = scheduler.start {
            xs.take(while: { element in
                predicateCalls += 1
                return element < 4
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(predicateCalls, 3)
    }

    func testTakeWhile_Inclusive_ForwardsTheFirstFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))

        let res = scheduler.start { xs.take(while: { $0 < 4 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .completed(230)])
    }

    func testTakeWhile_AlwaysTrue_CompletesWithTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))

        let res = scheduler.start { xs.take(while: { _ in true }) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeWhile_Throws() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(250))

        let res = scheduler.start {
            xs.take(while: { element in
                if element == 4 { throw TestError.other }
                return true
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .error(230, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
