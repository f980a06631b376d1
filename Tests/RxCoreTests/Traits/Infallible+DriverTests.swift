import RxCore
import RxTesting
import XCTest

/// RxCocoa's `Infallible.asDriver()`: no fallback, since the source cannot fail.
final class InfallibleDriverTests: RxCoreTestCase {
    func testAsDriver_DeliversOnTheMockedMainSchedulerAndSharesOneSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) {
            driver = xs.asInfallible(onErrorJustReturn: -1).asDriver()
        }
        let observer1 = scheduler.createObserver(Int.self)
        let observer2 = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(driver.drive(observer1)) }
        scheduler.scheduleAt(215) { subscriptions.append(driver.drive(observer2)) }
        scheduler.start()

        XCTAssertEqual(observer1.events, [.next(211, 1), .next(221, 2), .completed(231)])
        XCTAssertEqual(observer2.events, [.next(215, 1), .next(221, 2), .completed(231)], "the late one gets the latest")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        subscriptions.forEach { $0.dispose() }
    }
}
