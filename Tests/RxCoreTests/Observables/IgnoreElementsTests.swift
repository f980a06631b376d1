import RxCore
import RxTesting
import XCTest

final class IgnoreElementsTests: RxCoreTestCase {
    func testIgnoreElements_DropsElementsAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(180, 1), .next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start { xs.ignoreElements() }

        XCTAssertEqual(res.events, [.completed(250, Never.self)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testIgnoreElements_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, TestError.boom)])

        let res = scheduler.start { xs.ignoreElements() }

        XCTAssertEqual(res.events, [.error(250, TestError.boom, Never.self)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testIgnoreElements_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])

        let res = scheduler.start { xs.ignoreElements() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testIgnoreElements_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.ignoreElements() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testIgnoreElements_ResultTypeIsObservableOfNever() {
        let ignored: Observable<Never> = Observable.of(1, 2, 3).ignoreElements()
        var completions = 0

        let subscription = ignored.subscribe(onCompleted: { completions += 1 })
        subscription.dispose()

        XCTAssertEqual(completions, 1)
    }
}
