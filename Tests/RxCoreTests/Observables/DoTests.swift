import RxCore
import RxTesting
import XCTest

final class DoTests: RxCoreTestCase {
    func testDo_OnNext_SeesEveryElementOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        var seen: [Int] = []

        let res = scheduler.start { xs.do(onNext: { seen.append($0) }) }

        XCTAssertEqual(seen, [2, 3, 4, 5])
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDo_RunsOnBeforeAndAfterAroundTheObserver() {
        var log: [String] = []
        let subject = PublishSubject<Int>()

        let subscription = subject.do(
            onNext: { log.append("onNext \($0)") },
            afterNext: { log.append("afterNext \($0)") },
            onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") }
        )
        .subscribe(onNext: { log.append("observer \($0)") }, onCompleted: { log.append("observer completed") })
        subject.on(.next(1))
        subject.on(.completed)
        subscription.dispose()

        XCTAssertEqual(log, [
            "onNext 1", "observer 1", "afterNext 1", "onCompleted", "observer completed", "afterCompleted",
        ])
    }

    func testDo_ErrorClosuresRunBeforeAndAfterTheObserver() {
        var log: [String] = []
        let subject = PublishSubject<Int>()

        _ = subject.do(
            onError: { log.append("onError \($0)") },
            afterError: { log.append("afterError \($0)") }
        )
        .subscribe(onError: { log.append("observer \($0)") })
        subject.on(.error(TestError.boom))

        XCTAssertEqual(log, ["onError boom", "observer boom", "afterError boom"])
    }

    func testDo_OnNextThrows_SendsTheErrorInsteadOfTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        var onNextCalls = 0

        let res = scheduler.start {
            xs.do(onNext: { element in
                onNextCalls += 1
                if element == 3 { throw TestError.boom }
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(onNextCalls, 2)
    }

    func testDo_AfterNextThrows_SendsTheErrorAfterTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])

        let res = scheduler.start {
            xs.do(afterNext: { element in
                if element == 3 { throw TestError.boom }
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDo_OnErrorThrows_SendsItsErrorInstead() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, TestError.boom)])

        let res = scheduler.start { xs.do(onError: { _ in throw TestError.other }) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDo_OnCompletedThrows_SendsAnErrorInsteadOfCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])
        var afterCompletedCalls = 0

        let res = scheduler.start {
            xs.do(onCompleted: { throw TestError.boom }, afterCompleted: { afterCompletedCalls += 1 })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(afterCompletedCalls, 0)
    }

    func testDo_AfterCompletedThrows_ForwardsTheErrorAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])

        let res = scheduler.start { xs.do(afterCompleted: { throw TestError.boom }) }

        // As in RxSwift: the sink is not yet disposed when `afterCompleted` runs, so its error
        // reaches an observer that, like RxTest's, records whatever it is sent.
        XCTAssertEqual(res.events, [.next(210, 2), .completed(250), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDo_SubscriptionClosuresRunInOrder() {
        var log: [String] = []
        let subject = PublishSubject<Int>()

        let subscription = subject.do(
            onSubscribe: { log.append("onSubscribe, observers: \(subject.hasObservers)") },
            onSubscribed: { log.append("onSubscribed, observers: \(subject.hasObservers)") },
            onDispose: { log.append("onDispose, observers: \(subject.hasObservers)") }
        )
        .subscribe()
        log.append("subscribed")
        subscription.dispose()
        subscription.dispose()

        XCTAssertEqual(log, [
            "onSubscribe, observers: false", "onSubscribed, observers: true", "subscribed",
            "onDispose, observers: false",
        ])
    }

    func testDo_OnDispose_RunsOnceWhenTheSequenceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])
        var disposedAt: [Int] = []

        let res = scheduler.start { xs.do(onDispose: { disposedAt.append(scheduler.clock) }) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(250)])
        XCTAssertEqual(disposedAt, [250])
    }

    func testDo_OnDispose_RunsOnceWhenTheSequenceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, TestError.boom)])
        var disposedAt: [Int] = []

        let res = scheduler.start { xs.do(onDispose: { disposedAt.append(scheduler.clock) }) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.boom)])
        XCTAssertEqual(disposedAt, [250])
    }

    func testDo_OnDispose_RunsOnceWhenTheSubscriberDisposes_NothingArrivesAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(300)])
        var disposedAt: [Int] = []
        var onNextCalls = 0

        let res = scheduler.start(disposed: 240) {
            xs.do(onNext: { _ in onNextCalls += 1 }, onDispose: { disposedAt.append(scheduler.clock) })
        }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(disposedAt, [240])
        XCTAssertEqual(onNextCalls, 1)
    }

    func testDo_EachSubscriptionRunsTheSubscriptionClosures() {
        var subscribes = 0
        var disposes = 0
        let doubled = Observable.just(1).do(onSubscribe: { subscribes += 1 }, onDispose: { disposes += 1 })

        _ = doubled.subscribe()
        _ = doubled.subscribe()

        XCTAssertEqual(subscribes, 2)
        XCTAssertEqual(disposes, 2)
    }

    /// A source made with `create` that logs its subscription and disposal, and the `do`
    /// closures around it, all into `log`.
    private func loggedSource(
        log: @escaping (String) -> Void, emit: @escaping (AnyObserver<Int>) -> Void
    ) -> Observable<Int> {
        Observable<Int>.create { observer in
            log("sourceSubscribe")
            emit(observer)
            return Disposables.create { log("sourceDispose") }
        }
        .do(
            onNext: { _ in log("doOnNext") },
            onError: { _ in log("doOnError") },
            onCompleted: { log("doOnCompleted") },
            onSubscribe: { log("doOnSubscribe") },
            onSubscribed: { log("doOnSubscribed") },
            onDispose: { log("doOnDispose") }
        )
    }

    func testDoOrder_CompletedLater() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        _ = scheduler.start {
            self.loggedSource(log: { log.append($0) }) { observer in
                scheduler.scheduleAt(300) {
                    observer.on(.next(0))
                    observer.on(.completed)
                }
            }
        }

        XCTAssertEqual(log, [
            "doOnSubscribe", "sourceSubscribe", "doOnSubscribed", "doOnNext", "doOnCompleted", "sourceDispose",
            "doOnDispose",
        ])
    }

    func testDoOrder_CompletedWhileSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        _ = scheduler.start {
            self.loggedSource(log: { log.append($0) }) { observer in
                observer.on(.next(0))
                observer.on(.completed)
            }
        }

        XCTAssertEqual(log, [
            "doOnSubscribe", "sourceSubscribe", "doOnNext", "doOnCompleted", "sourceDispose", "doOnSubscribed",
            "doOnDispose",
        ])
    }

    func testDoOrder_FailedWhileSubscribing() {
        var log: [String] = []

        _ = loggedSource(log: { log.append($0) }) { observer in
            observer.on(.next(0))
            observer.on(.error(TestError.boom))
        }
        .subscribe { _ in }

        XCTAssertEqual(log, [
            "doOnSubscribe", "sourceSubscribe", "doOnNext", "doOnError", "sourceDispose", "doOnSubscribed",
            "doOnDispose",
        ])
    }

    func testDoOrder_Disposed() {
        var log: [String] = []

        loggedSource(log: { log.append($0) }) { observer in observer.on(.next(0)) }
            .subscribe { _ in }
            .dispose()

        XCTAssertEqual(log, [
            "doOnSubscribe", "sourceSubscribe", "doOnNext", "doOnSubscribed", "sourceDispose", "doOnDispose",
        ])
    }
}
