import RxCore
import RxRelay
import RxTesting
import XCTest

/// RxCocoa's `BehaviorRelay.asDriver()`, which RxRelay carries.
final class BehaviorRelayDriverTests: RxRelayTestCase {
    func testAsDriver_SendsTheCurrentValueThenEachAcceptedOne_OnTheMockedMainScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: 0)
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = relay.asDriver() }
        let observer1 = scheduler.createObserver(Int.self)
        let observer2 = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(driver.drive(observer1)) }
        scheduler.scheduleAt(210) { relay.accept(1) }
        scheduler.scheduleAt(215) { subscriptions.append(driver.drive(observer2)) }
        scheduler.scheduleAt(220) { relay.accept(2) }
        scheduler.scheduleAt(230) { subscriptions.forEach { $0.dispose() } }
        scheduler.scheduleAt(240) { relay.accept(3) }
        scheduler.start()

        XCTAssertEqual(observer1.events, [.next(201, 0), .next(211, 1), .next(221, 2)])
        XCTAssertEqual(observer2.events, [.next(215, 1), .next(221, 2)], "the late one gets the latest")
        XCTAssertEqual(relay.value, 3)
    }
}
