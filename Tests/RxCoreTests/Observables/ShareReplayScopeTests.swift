import Dispatch
import Foundation
import RxCore
import RxTesting
import XCTest

/// Hands a value that is safe to share (an observable guarded by its own lock) to work on
/// other threads.
private struct Shared<Value>: @unchecked Sendable {
    let value: Value
}

/// Whether one subscriber saw its elements in increasing order; written by the sending thread
/// only, read after its subscription ended.
private final class OrderCheck: @unchecked Sendable {
    private var last = -1
    private(set) var isIncreasing = true

    func see(_ element: Int) {
        if element < last { isIncreasing = false }
        last = element
    }
}

final class ShareReplayScopeTests: RxCoreTestCase {
    private let elements: [Recorded<Event<Int>>] = [
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6), .next(550, 7),
    ]

    /// Subscribes res1 at 200, res2 at 300, disposes them at 350 and 400 (the count drops to
    /// zero), subscribes res3 at 500 and disposes it at 600.
    private func runThreeSubscribers(
        _ scheduler: TestScheduler, _ makeShared: @escaping () -> Observable<Int>
    ) -> (TestableObserver<Int>, TestableObserver<Int>, TestableObserver<Int>) {
        var ys: Observable<Int>!
        var subscriptions: [Disposable] = []
        let res1 = scheduler.createObserver(Int.self)
        let res2 = scheduler.createObserver(Int.self)
        let res3 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = makeShared() }
        scheduler.scheduleAt(200) { subscriptions.append(ys.subscribe(res1)) }
        scheduler.scheduleAt(300) { subscriptions.append(ys.subscribe(res2)) }
        scheduler.scheduleAt(350) { subscriptions[0].dispose() }
        scheduler.scheduleAt(400) { subscriptions[1].dispose() }
        scheduler.scheduleAt(500) { subscriptions.append(ys.subscribe(res3)) }
        scheduler.scheduleAt(600) { subscriptions[2].dispose() }
        scheduler.start()
        return (res1, res2, res3)
    }

    /// Subscribes at 200 and 300 with observers that, on a stop event, subscribe `again1` and
    /// `again2` from inside the stop event; disposes at 350, 400; subscribes res3 from 500 to 600.
    private func runResubscribingSubscribers(
        _ scheduler: TestScheduler, _ makeShared: @escaping () -> Observable<Int>
    ) -> (res1: TestableObserver<Int>, res2: TestableObserver<Int>, again1: TestableObserver<Int>,
          again2: TestableObserver<Int>, res3: TestableObserver<Int>) {
        var ys: Observable<Int>!
        var subscription1: Disposable!
        var subscription2: Disposable!
        var subscription3: Disposable!
        let res1 = scheduler.createObserver(Int.self)
        let res2 = scheduler.createObserver(Int.self)
        let again1 = scheduler.createObserver(Int.self)
        let again2 = scheduler.createObserver(Int.self)
        let res3 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = makeShared() }
        scheduler.scheduleAt(200) {
            subscription1 = ys.subscribe { event in
                res1.on(event)
                if event.isStopEvent { subscription1 = ys.subscribe(again1) }
            }
        }
        scheduler.scheduleAt(300) {
            subscription2 = ys.subscribe { event in
                res2.on(event)
                if event.isStopEvent { subscription2 = ys.subscribe(again2) }
            }
        }
        scheduler.scheduleAt(350) { subscription1.dispose() }
        scheduler.scheduleAt(400) { subscription2.dispose() }
        scheduler.scheduleAt(500) { subscription3 = ys.subscribe(res3) }
        scheduler.scheduleAt(600) { subscription3.dispose() }
        scheduler.start()
        return (res1, res2, again1, again2, res3)
    }

    private var firstSix: [Recorded<Event<Int>>] {
        [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)]
    }

    /// The last `count` of 1…`last`, each at `time`.
    private func replayed(_ count: Int, upTo last: Int, at time: TestTime) -> [Recorded<Event<Int>>] {
        (0..<count).map { .next(time, last - count + 1 + $0) }
    }

    // MARK: - Elements

    func testShare_DefaultArgumentsShareWithoutReplayWhileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(elements)

        let (res1, res2, res3) = runThreeSubscribers(scheduler) { xs.share() }

        XCTAssertEqual(res1.events, firstSix)
        XCTAssertEqual(res2.events, [.next(320, 6)])
        XCTAssertEqual(res3.events, [.next(550, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(500, 600)])
    }

    func testShareForever_LateSubscribersGetTheBufferEvenAfterDisconnecting() {
        for replay in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(elements)

            let (res1, res2, res3) = runThreeSubscribers(scheduler) { xs.share(replay: replay, scope: .forever) }

            XCTAssertEqual(res1.events, firstSix, "replay \(replay)")
            XCTAssertEqual(res2.events, replayed(replay, upTo: 5, at: 300) + [.next(320, 6)], "replay \(replay)")
            XCTAssertEqual(res3.events, replayed(replay, upTo: 6, at: 500) + [.next(550, 7)], "replay \(replay)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(500, 600)], "replay \(replay)")
        }
    }

    func testShareWhileConnected_ForgetsTheBufferWhenDisconnected() {
        for replay in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(elements)

            let (res1, res2, res3) = runThreeSubscribers(scheduler) { xs.share(replay: replay, scope: .whileConnected) }

            XCTAssertEqual(res1.events, firstSix, "replay \(replay)")
            XCTAssertEqual(res2.events, replayed(replay, upTo: 5, at: 300) + [.next(320, 6)], "replay \(replay)")
            XCTAssertEqual(res3.events, [.next(550, 7)], "replay \(replay)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(500, 600)], "replay \(replay)")
        }
    }

    // MARK: - Termination

    func testShareForever_ErrorIsReplayedAndTheSourceIsNotSubscribedAgain() {
        for replay in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(
                Array(elements.prefix(6)) + [.error(330, TestError.boom), .next(340, -1), .next(550, 7)]
            )

            let res = runResubscribingSubscribers(scheduler) { xs.share(replay: replay, scope: .forever) }

            XCTAssertEqual(res.res1.events, firstSix + [.error(330, TestError.boom)], "replay \(replay)")
            XCTAssertEqual(
                res.res2.events, replayed(replay, upTo: 5, at: 300) + [.next(320, 6), .error(330, TestError.boom)],
                "replay \(replay)"
            )
            XCTAssertEqual(res.again1.events, replayed(replay, upTo: 6, at: 330) + [.error(330, TestError.boom)])
            XCTAssertEqual(res.again2.events, replayed(replay, upTo: 6, at: 330) + [.error(330, TestError.boom)])
            XCTAssertEqual(res.res3.events, replayed(replay, upTo: 6, at: 500) + [.error(500, TestError.boom)])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 330)], "replay \(replay)")
        }
    }

    func testShareWhileConnected_ErrorIsForgottenAndTheSourceIsSubscribedAgain() {
        for replay in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(
                Array(elements.prefix(6)) + [.error(330, TestError.boom), .next(340, -1), .next(550, 7)]
            )

            let res = runResubscribingSubscribers(scheduler) { xs.share(replay: replay, scope: .whileConnected) }

            XCTAssertEqual(res.res1.events, firstSix + [.error(330, TestError.boom)], "replay \(replay)")
            XCTAssertEqual(
                res.res2.events, replayed(replay, upTo: 5, at: 300) + [.next(320, 6), .error(330, TestError.boom)],
                "replay \(replay)"
            )
            XCTAssertEqual(res.again1.events, [.next(340, -1)], "replay \(replay)")
            XCTAssertEqual(res.again2.events, [.next(340, -1)], "replay \(replay)")
            XCTAssertEqual(res.res3.events, [.next(550, 7)], "replay \(replay)")
            XCTAssertEqual(
                xs.subscriptions, [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)],
                "replay \(replay)"
            )
        }
    }

    func testShareForever_CompletionIsReplayedAndTheSourceIsNotSubscribedAgain() {
        for replay in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(
                Array(elements.prefix(6)) + [.completed(330), .next(340, -1), .next(550, 7)]
            )

            let res = runResubscribingSubscribers(scheduler) { xs.share(replay: replay, scope: .forever) }

            XCTAssertEqual(res.res1.events, firstSix + [.completed(330)], "replay \(replay)")
            XCTAssertEqual(
                res.res2.events, replayed(replay, upTo: 5, at: 300) + [.next(320, 6), .completed(330)], "replay \(replay)"
            )
            XCTAssertEqual(res.again1.events, replayed(replay, upTo: 6, at: 330) + [.completed(330)])
            XCTAssertEqual(res.again2.events, replayed(replay, upTo: 6, at: 330) + [.completed(330)])
            XCTAssertEqual(res.res3.events, replayed(replay, upTo: 6, at: 500) + [.completed(500)])
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 330)], "replay \(replay)")
        }
    }

    func testShareWhileConnected_CompletionIsForgottenAndTheSourceIsSubscribedAgain() {
        for replay in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(
                Array(elements.prefix(6)) + [.completed(330), .next(340, -1), .next(550, 7)]
            )

            let res = runResubscribingSubscribers(scheduler) { xs.share(replay: replay, scope: .whileConnected) }

            XCTAssertEqual(res.res1.events, firstSix + [.completed(330)], "replay \(replay)")
            XCTAssertEqual(
                res.res2.events, replayed(replay, upTo: 5, at: 300) + [.next(320, 6), .completed(330)], "replay \(replay)"
            )
            XCTAssertEqual(res.again1.events, [.next(340, -1)], "replay \(replay)")
            XCTAssertEqual(res.again2.events, [.next(340, -1)], "replay \(replay)")
            XCTAssertEqual(res.res3.events, [.next(550, 7)], "replay \(replay)")
            XCTAssertEqual(
                xs.subscriptions, [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)],
                "replay \(replay)"
            )
        }
    }

    // MARK: - Work done per subscription

    func testShareWhileConnected_ACompletedSourceIsSubscribedAgainByEachLaterSubscriber() {
        for replay in 0..<3 {
            var subscribeCount = 0
            var received: [Int] = []
            let shared = Observable<Int>.deferred {
                subscribeCount += 1
                return Observable.just(subscribeCount)
            }.share(replay: replay, scope: .whileConnected)

            for _ in 0..<3 {
                _ = shared.subscribe(onNext: { received.append($0) })
            }

            XCTAssertEqual(subscribeCount, 3, "replay \(replay)")
            XCTAssertEqual(received, [1, 2, 3], "replay \(replay)")
        }
    }

    func testShareForever_ACompletedSourceIsSubscribedOnceAndReplayed() {
        var subscribeCount = 0
        var received: [Int] = []
        var completions = 0
        let shared = Observable<Int>.deferred {
            subscribeCount += 1
            return Observable.just(subscribeCount)
        }.share(replay: 1, scope: .forever)

        for _ in 0..<3 {
            _ = shared.subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
        }

        XCTAssertEqual(subscribeCount, 1)
        XCTAssertEqual(received, [1, 1, 1])
        XCTAssertEqual(completions, 3)
    }

    func testShareReplay1WhileConnected_TwoSubscribersShareOneSubscriptionAndTheLatestElement() {
        let scheduler = TestScheduler(initialClock: 0)
        var mapCalls = 0
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        var ys: Observable<Int>!
        var subscriptions: [Disposable] = []
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) {
            ys = xs.map { element -> Int in
                mapCalls += 1
                return element * 10
            }.share(replay: 1)
        }
        scheduler.scheduleAt(200) { subscriptions.append(ys.subscribe(first)) }
        scheduler.scheduleAt(230) { subscriptions.append(ys.subscribe(late)) }
        scheduler.scheduleAt(400) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 10), .next(220, 20), .next(240, 30), .completed(300)])
        XCTAssertEqual(late.events, [.next(230, 20), .next(240, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(mapCalls, 3)
    }

    func testShareWhileConnected_NothingArrivesAfterDispose() {
        for replay in 0..<3 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])

            let res = scheduler.start(disposed: 220) { xs.share(replay: replay) }

            XCTAssertEqual(res.events, [.next(210, 1)], "replay \(replay)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)], "replay \(replay)")
        }
    }

    func testShare_ReleasesEverythingWhenTheSourceCompletesOrFails() {
        for replay in 0..<5 {
            for scope in [SubjectLifetimeScope.forever, .whileConnected] {
                var events = 0
                _ = Observable<Int>.just(1).share(replay: replay, scope: scope).subscribe { _ in events += 1 }
                _ = Observable<Int>.error(TestError.boom).share(replay: replay, scope: scope).subscribe { _ in events += 1 }
                XCTAssertEqual(events, 3, "replay \(replay), \(scope)")
            }
        }
    }

    // MARK: - Scope and retry

    /// The first subscription to the source fails at 20 after sending 1; the second sends 2
    /// and completes.
    private func retryAfterShare(scope: SubjectLifetimeScope) -> (TestableObserver<Int>, Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let working = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        var attempts = 0
        let res = scheduler.start {
            Observable.deferred { () -> Observable<Int> in
                attempts += 1
                return attempts == 1 ? failing.asObservable() : working.asObservable()
            }
            .share(replay: 1, scope: scope)
            .retry(2)
        }
        return (res, attempts)
    }

    func testShareWhileConnected_RetrySubscribesToTheSourceAgain() {
        let (res, attempts) = retryAfterShare(scope: .whileConnected)

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(attempts, 2)
    }

    func testShareForever_RetryGetsTheReplayedErrorAgain() {
        let (res, attempts) = retryAfterShare(scope: .forever)

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 1), .error(220, TestError.boom)])
        XCTAssertEqual(attempts, 1)
    }

    // MARK: - Re-entrancy

    func testShareReplay1_SubscribingFromInsideOnNextReplaysTheCurrentElementOnce() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        var inner: [Int] = []
        var innerSubscription: Disposable?

        let outer = shared.subscribe(onNext: { element in
            if innerSubscription == nil {
                innerSubscription = shared.subscribe(onNext: { inner.append($0) })
            }
        })
        subject.onNext(1)
        subject.onNext(2)

        XCTAssertEqual(inner, [1, 2])
        outer.dispose()
        innerSubscription?.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testShareReplay1_AnElementSentFromInsideTheReplayReachesTheNewSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(220) {
            subscriptions.append(shared.subscribe { event in
                late.on(event)
                if case .next(1) = event { subject.onNext(2) }
            })
        }
        scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(late.events, [.next(220, 1), .next(220, 2)])
        XCTAssertFalse(subject.hasObservers)
    }

    // MARK: - Threads

    /// One thread sends 0…1999 while seven others subscribe and unsubscribe 50 times each.
    ///
    /// `replaysUnlocked`: the replay runs on the subscribing thread after the share's lock is
    /// released (as `share(replay: 1)` does since RxSwift 6.10), so an element the sending
    /// thread delivers meanwhile can come before the replayed one; only the elements delivered
    /// by the sending thread are then checked for order.
    private func checkConcurrentSubscribers(
        _ makeShared: (PublishSubject<Int>) -> Observable<Int>, _ scope: String, replaysUnlocked: Bool = false
    ) {
        let subject = PublishSubject<Int>()
        let shared = Shared(value: makeShared(subject))
        let results = SynchronizedLog<Bool>()
        let done = DispatchSemaphore(value: 0)

        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                if worker == 0 {
                    for element in 0..<2_000 { subject.onNext(element) }
                    return
                }
                for _ in 0..<50 {
                    let check = OrderCheck()
                    let subscribingThread = pthread_self()
                    let subscription = shared.value.subscribe(onNext: { element in
                        if replaysUnlocked && pthread_equal(pthread_self(), subscribingThread) != 0 { return }
                        check.see(element)
                    })
                    subscription.dispose()
                    results.append(check.isIncreasing)
                }
            }
            done.signal()
        }

        waitForSignal(of: done, timeout: 20, "the threads to finish (\(scope))")
        XCTAssertEqual(results.count, 350, scope)
        XCTAssertTrue(results.values.allSatisfy { $0 }, "a subscriber saw elements out of order (\(scope))")
        XCTAssertFalse(subject.hasObservers, "the last subscriber left, so the source is disconnected (\(scope))")
    }

    func testShare_ConcurrentSubscribersWhileTheSourceSends() {
        checkConcurrentSubscribers({ $0.share(replay: 1) }, "replay 1, whileConnected", replaysUnlocked: true)
        checkConcurrentSubscribers({ $0.share() }, "replay 0, whileConnected")
        checkConcurrentSubscribers({ $0.share(replay: 2) }, "replay 2, whileConnected")
        checkConcurrentSubscribers({ $0.share(replay: 1, scope: .forever) }, "replay 1, forever")
        checkConcurrentSubscribers({ $0.publish().refCount() }, "publish().refCount()")
    }

    func testShareReplay1_TheReplayedElementCanWaitForAnotherThreadThatUsesTheShare() {
        let subject = PublishSubject<Int>()
        let shared = Shared(value: subject.share(replay: 1))
        let first = shared.value.subscribe { _ in }
        subject.onNext(1)
        let otherThreadDone = DispatchSemaphore(value: 0)
        var waited: DispatchTimeoutResult?

        let late = shared.value.subscribe(onNext: { _ in
            guard waited == nil else { return }
            DispatchQueue.global().async {
                shared.value.subscribe { _ in }.dispose()
                otherThreadDone.signal()
            }
            waited = otherThreadDone.wait(timeout: .now() + 2)
        })

        XCTAssertEqual(
            waited, .success,
            "the other thread could not subscribe while the replay ran: share(replay: 1) replays under its lock"
        )
        late.dispose()
        first.dispose()
        if waited != .success {
            waitForSignal(of: otherThreadDone, timeout: 5, "the other thread's subscription")
        }
    }
}
