import RxCore
import RxRelay
import RxTesting
import XCTest

/// The relay forms of RxCocoa's `drive`, which RxRelay carries.
final class DriverSubscriptionTests: RxRelayTestCase {
    /// A driver on `scheduler` over a hot source that sends 1 at 210, 2 at 220 and completes at
    /// 230; the driver delivers each event one tick later, on the mocked main scheduler.
    private func makeDriver(_ scheduler: TestScheduler) -> Driver<Int> {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = xs.asDriver(onErrorJustReturn: -1) }
        return driver
    }

    func testDriveBehaviorRelays_EachRelayTakesEachElement_AndCompletionIsIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let driver = makeDriver(scheduler)
        let first = BehaviorRelay(value: 0)
        let second = BehaviorRelay(value: 10)
        let firstObserver = scheduler.createObserver(Int.self)
        let secondObserver = scheduler.createObserver(Int.self)
        let relaySubscriptions = [first.subscribe(firstObserver), second.subscribe(secondObserver)]
        var subscription: Disposable?

        scheduler.scheduleAt(200) { subscription = driver.drive(first, second) }
        scheduler.start()

        XCTAssertEqual(firstObserver.events, [.next(0, 0), .next(211, 1), .next(221, 2)])
        XCTAssertEqual(secondObserver.events, [.next(0, 10), .next(211, 1), .next(221, 2)])
        XCTAssertEqual(first.value, 2)
        subscription?.dispose()
        relaySubscriptions.forEach { $0.dispose() }
    }

    func testDriveOptionalBehaviorRelay_TakesTheWrappedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let driver = makeDriver(scheduler)
        let relay = BehaviorRelay<Int?>(value: nil)
        let observer = scheduler.createObserver(Int?.self)
        let relaySubscription = relay.subscribe(observer)
        var subscription: Disposable?

        scheduler.scheduleAt(200) { subscription = driver.drive(relay) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(0, nil), .next(211, 1), .next(221, 2)])
        subscription?.dispose()
        relaySubscription.dispose()
    }

    func testDriveReplayRelays_EachRelayReplaysTheElementsItTook() {
        let scheduler = TestScheduler(initialClock: 0)
        let driver = makeDriver(scheduler)
        let first = ReplayRelay<Int>.create(bufferSize: 1)
        let second = ReplayRelay<Int>.createUnbound()
        let firstObserver = scheduler.createObserver(Int.self)
        let secondObserver = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(driver.drive(first, second)) }
        scheduler.scheduleAt(300) {
            subscriptions.append(first.subscribe(firstObserver))
            subscriptions.append(second.subscribe(secondObserver))
        }
        scheduler.start()

        XCTAssertEqual(firstObserver.events, [.next(300, 2)])
        XCTAssertEqual(secondObserver.events, [.next(300, 1), .next(300, 2)])
        subscriptions.forEach { $0.dispose() }
    }

    func testDriveOptionalReplayRelay_ReplaysTheWrappedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let driver = makeDriver(scheduler)
        let relay = ReplayRelay<Int?>.create(bufferSize: 2)
        let observer = scheduler.createObserver(Int?.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(driver.drive(relay)) }
        scheduler.scheduleAt(300) { subscriptions.append(relay.subscribe(observer)) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(300, 1), .next(300, 2)])
        subscriptions.forEach { $0.dispose() }
    }

    func testDriveBehaviorRelay_DisposingStopsTheRelayTakingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let driver = makeDriver(scheduler)
        let relay = BehaviorRelay(value: 0)
        var subscription: Disposable?

        scheduler.scheduleAt(200) { subscription = driver.drive(relay) }
        scheduler.scheduleAt(215) { subscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(relay.value, 1)
    }
}
