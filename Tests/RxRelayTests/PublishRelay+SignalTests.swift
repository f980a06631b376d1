import RxCore
import RxRelay
import RxTesting
import XCTest

/// RxCocoa's `PublishRelay.asSignal()`, which RxRelay carries.
final class PublishRelaySignalTests: RxRelayTestCase {
    func testAsSignal_SendsEachAcceptedElement_AndReplaysNothingToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        var signal: Signal<Int>!
        SharingScheduler.mock(scheduler: scheduler) { signal = relay.asSignal() }
        let observer1 = scheduler.createObserver(Int.self)
        let observer2 = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(signal.emit(to: observer1)) }
        scheduler.scheduleAt(210) { relay.accept(1) }
        scheduler.scheduleAt(215) { subscriptions.append(signal.emit(to: observer2)) }
        scheduler.scheduleAt(220) { relay.accept(2) }
        scheduler.scheduleAt(230) { subscriptions.forEach { $0.dispose() } }
        scheduler.scheduleAt(240) { relay.accept(3) }
        scheduler.start()

        XCTAssertEqual(observer1.events, [.next(211, 1), .next(221, 2)])
        XCTAssertEqual(observer2.events, [.next(221, 2)])
    }
}
