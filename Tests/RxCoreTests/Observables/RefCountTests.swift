import RxCore
import RxTesting
import XCTest

final class RefCountTests: RxCoreTestCase {
    func testRefCount_ConnectsOnFirstSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        let subject = PublishSubject<Int>()

        let res = scheduler.start { xs.multicast(subject).refCount() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertFalse(subject.hasObservers)
    }

    func testRefCount_DoesNotConnectWhenTheSubjectCompletesOnSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let subject = PublishSubject<Int>()
        subject.on(.completed)

        let res = scheduler.start { xs.multicast(subject).refCount() }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testRefCount_DoesNotConnectWhenTheSubjectFailsOnSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let subject = PublishSubject<Int>()
        subject.on(.error(TestError.boom))

        let res = scheduler.start { xs.multicast(subject).refCount() }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testRefCount_DisconnectsAtZeroAndReconnectsOnTheNextSubscriber() {
        var subscribeCount = 0
        var disconnectCount = 0
        let xs = Observable<Int>.deferred {
            subscribeCount += 1
            return Observable.create { _ in
                Disposables.create { disconnectCount += 1 }
            }
        }
        let shared = xs.publish().refCount()

        let first = shared.subscribe { _ in }
        XCTAssertEqual(subscribeCount, 1)
        let second = shared.subscribe { _ in }
        XCTAssertEqual(subscribeCount, 1)

        first.dispose()
        XCTAssertEqual(disconnectCount, 0)
        second.dispose()
        XCTAssertEqual(disconnectCount, 1)

        let third = shared.subscribe { _ in }
        XCTAssertEqual(subscribeCount, 2)
        XCTAssertEqual(disconnectCount, 1)
        third.dispose()
        XCTAssertEqual(disconnectCount, 2)
    }

    func testRefCount_DisposingTwiceDoesNotDisconnectOtherSubscribers() {
        var disconnectCount = 0
        let xs = Observable<Int>.create { _ in Disposables.create { disconnectCount += 1 } }
        let shared = xs.publish().refCount()

        let first = shared.subscribe { _ in }
        let second = shared.subscribe { _ in }
        first.dispose()
        first.dispose()
        XCTAssertEqual(disconnectCount, 0)

        second.dispose()
        XCTAssertEqual(disconnectCount, 1)
    }

    func testRefCount_ErrorReachesEverySubscriberAndEachReconnects() {
        var subscribeCount = 0
        var errors = 0
        let shared = Observable<Int>.deferred {
            subscribeCount += 1
            return Observable.error(TestError.boom)
        }.publish().refCount()

        _ = shared.subscribe(onNext: { _ in XCTFail("no element expected") }, onError: { _ in errors += 1 })
        _ = shared.subscribe(onNext: { _ in XCTFail("no element expected") }, onError: { _ in errors += 1 })

        XCTAssertEqual(errors, 2)
        XCTAssertEqual(subscribeCount, 2)
    }

    func testRefCount_SynchronousSourceOnConnect() {
        var received: [Int] = []
        var completions = 0
        let shared = Observable.of(0, 1, 2).publish().refCount()

        let subscription = shared.subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
        subscription.dispose()

        XCTAssertEqual(received, [0, 1, 2])
        XCTAssertEqual(completions, 1)
    }

    func testRefCount_Publish() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6),
            .next(270, 7), .next(280, 8), .next(290, 9), .completed(300),
        ])
        var res: Observable<Int>!
        let observers = (0..<4).map { _ in scheduler.createObserver(Int.self) }
        var subscriptions: [Disposable?] = Array(repeating: nil, count: 4)
        let times = [(215, 235), (225, 275), (255, 265), (285, 320)]

        scheduler.scheduleAt(TestScheduler.Defaults.created) { res = xs.publish().refCount() }
        for (index, (subscribe, dispose)) in times.enumerated() {
            scheduler.scheduleAt(subscribe) { subscriptions[index] = res.subscribe(observers[index]) }
            scheduler.scheduleAt(dispose) { subscriptions[index]?.dispose() }
        }
        scheduler.start()

        XCTAssertEqual(observers[0].events, [.next(220, 2), .next(230, 3)])
        XCTAssertEqual(observers[1].events, [.next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .next(270, 7)])
        XCTAssertEqual(observers[2].events, [.next(260, 6)])
        XCTAssertEqual(observers[3].events, [.next(290, 9), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(215, 275), Subscription(285, 300)])
    }

    func testRefCount_SubscriberAfterCompletionReconnects() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        var res: Observable<Int>!
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { res = xs.publish().refCount() }
        scheduler.scheduleAt(200) { _ = res.subscribe(first) }
        scheduler.scheduleAt(300) { _ = res.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.next(310, 1), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
    }

    func testRefCount_NothingArrivesAfterDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])

        let res = scheduler.start(disposed: 220) { xs.publish().refCount() }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    /// Three cold sources, one per connection: the first fails (or completes) at 235, the
    /// second at 265. Subscribers at 215 and 220 subscribe again from inside the stop event;
    /// a third subscriber comes at 400.
    private func runResubscribingFromTheStopEvent(
        ends: [Recorded<Event<Int>>]
    ) -> (observers: [TestableObserver<Int>], sources: [TestableObservable<Int>]) {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<3).map { index in
            scheduler.createColdObservable([.next(10, index + 1), ends[index]])
        }
        var attempts = 0
        let xs = Observable.deferred { () -> Observable<Int> in
            defer { attempts += 1 }
            return sources[min(attempts, 2)].asObservable()
        }
        let res = xs.multicast { PublishSubject() }.refCount()
        let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }

        for (index, time) in [215, 220].enumerated() {
            scheduler.scheduleAt(time) {
                _ = res.subscribe { event in
                    observers[index].on(event)
                    if event.isStopEvent {
                        _ = res.subscribe(observers[index])
                    }
                }
            }
        }
        scheduler.scheduleAt(400) { _ = res.subscribe(observers[2]) }
        scheduler.start()
        return (observers, sources)
    }

    func testRefCount_SubscribingAgainFromInsideAnErrorConnectsAnew() {
        let (observers, sources) = runResubscribingFromTheStopEvent(
            ends: [.error(20, TestError.boom), .error(30, TestError.other), .error(40, TestError.boom)]
        )

        let expected: [Recorded<Event<Int>>] = [
            .next(225, 1), .error(235, TestError.boom), .next(245, 2), .error(265, TestError.other),
        ]
        XCTAssertEqual(observers[0].events, expected)
        XCTAssertEqual(observers[1].events, expected)
        XCTAssertEqual(observers[2].events, [.next(410, 3), .error(440, TestError.boom)])
        XCTAssertEqual(sources[0].subscriptions, [Subscription(215, 235)])
        XCTAssertEqual(sources[1].subscriptions, [Subscription(235, 265)])
        XCTAssertEqual(sources[2].subscriptions, [Subscription(400, 440)])
    }

    func testRefCount_SubscribingAgainFromInsideACompletionConnectsAnew() {
        let (observers, sources) = runResubscribingFromTheStopEvent(ends: [.completed(20), .completed(30), .completed(40)])

        let expected: [Recorded<Event<Int>>] = [.next(225, 1), .completed(235), .next(245, 2), .completed(265)]
        XCTAssertEqual(observers[0].events, expected)
        XCTAssertEqual(observers[1].events, expected)
        XCTAssertEqual(observers[2].events, [.next(410, 3), .completed(440)])
        XCTAssertEqual(sources[0].subscriptions, [Subscription(215, 235)])
        XCTAssertEqual(sources[1].subscriptions, [Subscription(235, 265)])
        XCTAssertEqual(sources[2].subscriptions, [Subscription(400, 440)])
    }
}
