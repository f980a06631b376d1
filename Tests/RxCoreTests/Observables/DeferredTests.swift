import RxCore
import RxTesting
import XCTest

final class DeferredTests: RxCoreTestCase {
    func testDeferred_Complete() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        var xs: TestableObservable<Int>?

        let res = scheduler.start {
            Observable<Int>.deferred {
                invoked += 1
                let cold = scheduler.createColdObservable([.next(100, scheduler.clock), .completed(200)])
                xs = cold
                return cold.asObservable()
            }
        }

        XCTAssertEqual(invoked, 1)
        XCTAssertEqual(res.events, [.next(300, 200), .completed(400)])
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 400)])
    }

    func testDeferred_KeepsNothingTheFactoryCapturedOnceTheObservableIsGone() {
        final class Captured {}
        var captured: Captured? = Captured()
        weak let weakCaptured = captured

        let subscription = Observable<Int>.deferred { [captured] in
            _ = captured
            return Observable.never()
        }.subscribe()
        captured = nil

        // The subscription is still open, but only the dropped observable held the factory.
        XCTAssertNil(weakCaptured)
        subscription.dispose()
    }

    func testDeferred_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        var xs: TestableObservable<Int>?

        let res = scheduler.start {
            Observable<Int>.deferred {
                let cold = scheduler.createColdObservable([.next(100, scheduler.clock), .error(200, TestError.boom)])
                xs = cold
                return cold.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(300, 200), .error(400, TestError.boom)])
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 400)])
    }

    func testDeferred_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        var xs: TestableObservable<Int>?

        let res = scheduler.start {
            Observable<Int>.deferred {
                let cold = scheduler.createColdObservable([.next(100, scheduler.clock), .next(200, -1), .completed(1000)])
                xs = cold
                return cold.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(300, 200), .next(400, -1)])
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 1000)])
    }

    func testDeferred_FactoryThrows() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.deferred { throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    func testDeferred_FactoryRunsPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var invokedAt: [Int] = []
        let source = Observable<Int>.deferred {
            invokedAt.append(scheduler.clock)
            return Observable.just(invokedAt.count)
        }
        let observer = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(210) { _ = source.subscribe(observer) }
        scheduler.scheduleAt(220) { _ = source.subscribe(observer) }
        scheduler.start()

        XCTAssertEqual(invokedAt, [210, 220])
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(210), .next(220, 2), .completed(220)])
    }
}
