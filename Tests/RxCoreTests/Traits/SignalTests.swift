import Dispatch
import Foundation
import RxCore
import RxTesting
import XCTest

/// An object a `emit(with:)` or `withUnretained` subscription holds weakly.
private final class Owner {}

final class SignalTests: RxCoreTestCase {
    /// As the Driver sharing test, but a Signal replays nothing to a late subscriber.
    func testSignal_NeverErrorsAndReplaysNothingToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .error(50, TestError.boom),
        ])
        var signal: Signal<Int>!
        SharingScheduler.mock(scheduler: scheduler) { signal = xs.asSignal(onErrorJustReturn: -1) }
        let observer1 = scheduler.createObserver(Int.self)
        let observer2 = scheduler.createObserver(Int.self)
        let observer3 = scheduler.createObserver(Int.self)
        var disposables: [Disposable] = []

        scheduler.scheduleAt(200) { disposables.append(signal.asObservable().subscribe(observer1)) }
        scheduler.scheduleAt(225) { disposables.append(signal.asObservable().subscribe(observer2)) }
        scheduler.scheduleAt(235) { disposables[0].dispose() }
        scheduler.scheduleAt(260) {
            disposables[1].dispose()
            disposables.append(signal.asObservable().subscribe(observer3))
        }
        scheduler.scheduleAt(285) { disposables[2].dispose() }
        scheduler.start()

        XCTAssertEqual(observer1.events, [.next(211, 0), .next(221, 1), .next(231, 2)])
        XCTAssertEqual(observer2.events, [.next(231, 2), .next(241, 3), .next(251, -1), .completed(251)])
        XCTAssertEqual(observer3.events, [.next(271, 0), .next(281, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(260, 285)])
    }

    func testSignal_DeliversOnTheMainQueueByDefault() {
        let subject = PublishSubject<Int>()
        let signal = subject.asSignal(onErrorJustReturn: -1)
        let done = expectation(description: "completed")
        var received: [String] = []

        let subscription = signal.emit(
            onNext: { received.append("\($0) on main: \(Thread.isMainThread)") },
            onCompleted: { done.fulfill() }
        )
        DispatchQueue.global().async {
            subject.onNext(1)
            subject.onCompleted()
        }

        wait(for: [done], timeout: 5)
        XCTAssertEqual(received, ["1 on main: true"])
        subscription.dispose()
    }

    func testAsSignal_OnErrorSignalWith() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])

        let res = SharingScheduler.mockStart(scheduler) { xs.asSignal(onErrorSignalWith: Signal.just(-1)) }

        XCTAssertEqual(res.events, [.next(211, 1), .next(232, -1), .completed(232)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testAsSignal_OnErrorRecoverIsCalledOncePerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        var recoveries = 0

        let res = SharingScheduler.mockStart(scheduler) { () -> Signal<Int> in
            let recovery = Signal<Int>.empty()
            return xs.asSignal(onErrorRecover: { _ in
                recoveries += 1
                return recovery
            })
        }

        XCTAssertEqual(res.events, [.next(211, 1), .completed(232)])
        XCTAssertEqual(recoveries, 1)
    }

    func testAsSharedSequence_WithTheSignalStrategyGoesOnWithTheGivenSequenceOrRecovery() {
        func run(_ make: @escaping (TestableObservable<Int>) -> Signal<Int>) -> [Recorded<Event<Int>>] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
            return SharingScheduler.mockStart(scheduler) { make(xs) }.events
        }
        var recoveries = 0

        let driveWith = run { xs in
            xs.asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorDriveWith: Signal.just(-1)).asSignal()
        }
        let recover = run { xs in
            let recovery = Signal.just(-2)
            return xs.asSharedSequence(onErrorRecover: { _ in
                recoveries += 1
                return recovery
            })
        }

        XCTAssertEqual(driveWith, [.next(211, 1), .next(232, -1), .completed(232)])
        XCTAssertEqual(recover, [.next(211, 1), .next(232, -2), .completed(232)])
        XCTAssertEqual(recoveries, 1)
    }

    func testEmit_SeveralObserversGetEveryEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var signal: Signal<Int>!
        SharingScheduler.mock(scheduler: scheduler) { signal = xs.asSignal(onErrorJustReturn: -1) }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let optional = scheduler.createObserver(Int?.self)

        scheduler.scheduleAt(200) {
            _ = signal.emit(to: first, second)
            _ = signal.emit(to: optional)
        }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(second.events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(optional.events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testEmit_ClosuresAreCalledOncePerEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        var signal: Signal<Int>!
        SharingScheduler.mock(scheduler: scheduler) { signal = xs.asSignal(onErrorJustReturn: -1) }
        var log: [String] = []

        scheduler.scheduleAt(200) {
            _ = signal.emit(
                onNext: { log.append("next \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            _ = signal.emit()
        }
        scheduler.start()

        XCTAssertEqual(log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testEmitWith_StopsCallingOnceTheObjectIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        var signal: Signal<Int>!
        SharingScheduler.mock(scheduler: scheduler) { signal = xs.asSignal(onErrorJustReturn: -1) }
        var owner: Owner? = Owner()
        var log: [String] = []

        scheduler.scheduleAt(200) {
            _ = signal.emit(with: owner!, onNext: { _, element in log.append("next \(element)") })
        }
        scheduler.scheduleAt(220) { owner = nil }
        scheduler.start()

        XCTAssertEqual(log, ["next 1"])
    }

    func testWithUnretained_CompletesOnceTheObjectIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        var owner: Owner? = Owner()
        var signal: Signal<Int>!
        SharingScheduler.mock(scheduler: scheduler) {
            signal = xs.asSignal(onErrorJustReturn: -1).withUnretained(owner!).map { $0.1 }
        }
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = signal.emit(to: res) }
        scheduler.scheduleAt(220) { owner = nil }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(211, 1), .completed(231)])
    }
}
