import RxCore
import RxTesting
import XCTest

final class SkipWhileTests: RxCoreTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(90, -1), .next(110, -1), .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3),
            .next(350, 7), .next(390, 4), end,
        ])
    }

    func testSkipWhile_PredicateStopsBeingCalledOnceItFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))
        var predicateCalls = 0

        let res = scheduler.start {
            xs.skip(while: { element in
                predicateCalls += 1
                return element < 10
            })
        }

        XCTAssertEqual(res.events, [.next(290, 13), .next(320, 3), .next(350, 7), .next(390, 4), .completed(600)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(predicateCalls, 3)
    }

    func testSkipWhile_AlwaysTrue_OnlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))
        var predicateCalls = 0

        let res = scheduler.start {
            xs.skip(while: { _ in
                predicateCalls += 1
                return true
            })
        }

        XCTAssertEqual(res.events, [.completed(600)])
        XCTAssertEqual(predicateCalls, 6)
    }

    func testSkipWhile_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(600, TestError.boom))

        let res = scheduler.start { xs.skip(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [
            .next(260, 5), .next(290, 13), .next(320, 3), .next(350, 7), .next(390, 4), .error(600, TestError.boom),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testSkipWhile_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))

        let res = scheduler.start(disposed: 300) { xs.skip(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [.next(260, 5), .next(290, 13)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkipWhile_PredicateThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))
        var predicateCalls = 0

        let res = scheduler.start {
            xs.skip(while: { element in
                predicateCalls += 1
                if element == 5 { throw TestError.boom }
                return true
            })
        }

        XCTAssertEqual(res.events, [.error(260, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(predicateCalls, 2)
    }
}
