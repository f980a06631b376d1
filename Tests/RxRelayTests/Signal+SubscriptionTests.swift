import RxCore
import RxRelay
import RxTesting
import XCTest

/// The relay forms of RxCocoa's `emit(to:)`, which RxRelay carries.
final class SignalSubscriptionTests: RxRelayTestCase {
    /// A signal on `scheduler` over a hot source that sends 1 at 210, 2 at 220 and completes at
    /// 230; the signal delivers each event one tick later, on the mocked main scheduler.
    private func makeSignal(_ scheduler: TestScheduler) -> Signal<Int> {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        var signal: Signal<Int>!
        SharingScheduler.mock(scheduler: scheduler) { signal = xs.asSignal(onErrorJustReturn: -1) }
        return signal
    }

    func testEmitToPublishRelays_EachRelayAcceptsEachElementOnce_AndCompletionIsIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let signal = makeSignal(scheduler)
        let first = PublishRelay<Int>()
        let second = PublishRelay<Int>()
        let firstObserver = scheduler.createObserver(Int.self)
        let secondObserver = scheduler.createObserver(Int.self)
        let relaySubscriptions = [first.subscribe(firstObserver), second.subscribe(secondObserver)]
        var subscription: Disposable?

        scheduler.scheduleAt(200) { subscription = signal.emit(to: first, second) }
        scheduler.start()

        XCTAssertEqual(firstObserver.events, [.next(211, 1), .next(221, 2)])
        XCTAssertEqual(secondObserver.events, [.next(211, 1), .next(221, 2)])
        subscription?.dispose()
        relaySubscriptions.forEach { $0.dispose() }
    }

    func testEmitToOptionalPublishRelay_AcceptsTheWrappedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let signal = makeSignal(scheduler)
        let relay = PublishRelay<Int?>()
        let observer = scheduler.createObserver(Int?.self)
        let relaySubscription = relay.subscribe(observer)
        var subscription: Disposable?

        scheduler.scheduleAt(200) { subscription = signal.emit(to: relay) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(211, 1), .next(221, 2)])
        subscription?.dispose()
        relaySubscription.dispose()
    }

    func testEmitToBehaviorRelays_EachRelayTakesEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let signal = makeSignal(scheduler)
        let first = BehaviorRelay(value: 0)
        let second = BehaviorRelay(value: 0)
        let observer = scheduler.createObserver(Int.self)
        let relaySubscription = first.subscribe(observer)
        var subscription: Disposable?

        scheduler.scheduleAt(200) { subscription = signal.emit(to: first, second) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(0, 0), .next(211, 1), .next(221, 2)])
        XCTAssertEqual(second.value, 2)
        subscription?.dispose()
        relaySubscription.dispose()
    }

    func testEmitToOptionalBehaviorRelay_TakesTheWrappedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let signal = makeSignal(scheduler)
        let relay = BehaviorRelay<Int?>(value: nil)
        let observer = scheduler.createObserver(Int?.self)
        let relaySubscription = relay.subscribe(observer)
        var subscription: Disposable?

        scheduler.scheduleAt(200) { subscription = signal.emit(to: relay) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(0, nil), .next(211, 1), .next(221, 2)])
        subscription?.dispose()
        relaySubscription.dispose()
    }

    func testEmitToReplayRelays_EachRelayReplaysTheElementsItTook() {
        let scheduler = TestScheduler(initialClock: 0)
        let signal = makeSignal(scheduler)
        let first = ReplayRelay<Int>.create(bufferSize: 1)
        let second = ReplayRelay<Int>.createUnbound()
        let firstObserver = scheduler.createObserver(Int.self)
        let secondObserver = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(signal.emit(to: first, second)) }
        scheduler.scheduleAt(300) {
            subscriptions.append(first.subscribe(firstObserver))
            subscriptions.append(second.subscribe(secondObserver))
        }
        scheduler.start()

        XCTAssertEqual(firstObserver.events, [.next(300, 2)])
        XCTAssertEqual(secondObserver.events, [.next(300, 1), .next(300, 2)])
        subscriptions.forEach { $0.dispose() }
    }

    func testEmitToOptionalReplayRelay_ReplaysTheWrappedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let signal = makeSignal(scheduler)
        let relay = ReplayRelay<Int?>.create(bufferSize: 2)
        let observer = scheduler.createObserver(Int?.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(signal.emit(to: relay)) }
        scheduler.scheduleAt(300) { subscriptions.append(relay.subscribe(observer)) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(300, 1), .next(300, 2)])
        subscriptions.forEach { $0.dispose() }
    }
}
