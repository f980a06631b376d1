import Dispatch
import Foundation
import RxCore
import RxTesting
import XCTest

/// RxCocoa's `ControlEvent`, which RxCore carries: an observable that subscribes on the main
/// scheduler and forwards its events as they come.
final class ControlEventTests: RxCoreTestCase {
    func testControlEvent_ForwardsTheEventsAndCompletion_SendingNothingOnSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { ControlEvent(events: xs) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testControlEvent_SubscribesOnTheMainThread() {
        let subscribedOnMain = LockedState<Bool?>(nil)
        let events = Observable<Int>.create { observer in
            subscribedOnMain.withLock { $0 = Thread.isMainThread }
            observer.onCompleted()
            return Disposables.create()
        }
        let controlEvent = UncheckedSendable(value: ControlEvent(events: events))
        let done = expectation(description: "completed")

        DispatchQueue.global().async {
            _ = controlEvent.value.subscribe(onCompleted: { done.fulfill() })
        }

        wait(for: [done], timeout: 5)
        XCTAssertEqual(subscribedOnMain.withLock { $0 }, true)
    }

    func testAsControlEvent_IsTheSameEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { ControlEvent(events: xs).asControlEvent().asObservable() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
    }
}
