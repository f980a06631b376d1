import RxCore
import RxTesting
import XCTest

final class CatchTests: RxCoreTestCase {
    // MARK: catch(_:)

    func testCatch_NoError_NeverCallsTheHandler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let ys = scheduler.createHotObservable([.next(240, 5), .completed(250)])
        var handlerCalls = 0

        let res = scheduler.start {
            xs.catch { _ in
                handlerCalls += 1
                return ys.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [])
        XCTAssertEqual(handlerCalls, 0)
    }

    func testCatch_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let ys = scheduler.createHotObservable([.next(240, 5), .completed(250)])

        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testCatch_Error_SwitchesToTheHandlersSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .error(230, TestError.boom), .next(235, 9),
        ])
        let ys = scheduler.createHotObservable([.next(220, 8), .next(240, 4), .completed(250)])
        var handledErrors: [TestError] = []
        var handledAt: [Int] = []

        let res = scheduler.start {
            xs.catch { error in
                handledErrors.append(error as! TestError)
                handledAt.append(scheduler.clock)
                return ys.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(handledErrors, [.boom])
        XCTAssertEqual(handledAt, [230])
    }

    func testCatch_HandlersSequenceFails_IsNotCaughtAgain() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(240, 4), .error(250, TestError.other)])
        var handlerCalls = 0

        let res = scheduler.start {
            xs.catch { _ in
                handlerCalls += 1
                return ys.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 4), .error(250, TestError.other)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(handlerCalls, 1)
    }

    func testCatch_HandlerThrows_EndsWithTheThrownError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, TestError.boom)])

        let res = scheduler.start {
            xs.catch { _ -> Observable<Int> in throw TestError.other }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .error(230, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testCatch_Dispose_EndsTheHandlersSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(240, 4), .next(260, 5), .completed(270)])

        let res = scheduler.start(disposed: 250) { xs.catch { _ in ys.asObservable() } }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testCatchAndReturn_Error_SendsTheElementAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])

        let res = scheduler.start { xs.catchAndReturn(100) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 100), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testCatchAndReturn_Completed_SendsNothingMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(230)])

        let res = scheduler.start { xs.catchAndReturn(100) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(230)])
    }

    // MARK: catch(sequence:)

    func testCatchSequence_FirstCompletes_NeverSubscribesTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(240, 4), .completed(250)])

        let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testCatchSequence_ErrorMovesToTheNextSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(220, 9), .next(240, 4), .completed(250)])

        let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testCatchSequence_AllFail_EndsWithTheLastError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(240, 4), .error(250, TestError.other)])

        let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 4), .error(250, TestError.other)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testCatchSequence_NoSources_Completes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.catch(sequence: [Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testCatchSequence_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(240, 4), .next(260, 5), .completed(270)])

        let res = scheduler.start(disposed: 250) { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 4)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    // MARK: retry

    func testRetry_Completes_SubscribesOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])

        let res = scheduler.start { xs.retry() }

        XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
    }

    func testRetry_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3)])

        let res = scheduler.start { xs.retry() }

        XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .next(400, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testRetry_Error_ResubscribesUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(100, 1), .next(150, 2), .next(200, 3), .error(250, TestError.boom),
        ])

        let res = scheduler.start(disposed: 1100) { xs.retry() }

        XCTAssertEqual(res.events, [
            .next(300, 1), .next(350, 2), .next(400, 3), .next(550, 1), .next(600, 2), .next(650, 3),
            .next(800, 1), .next(850, 2), .next(900, 3), .next(1050, 1),
        ])
        XCTAssertEqual(xs.subscriptions, [
            Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100),
        ])
    }

    func testRetry_SynchronousFailures_ResubscribeInFlatStackUntilSuccess() {
        var attempts = 0
        let recorder = EventRecorder<Int>()
        let source = Observable<Int>.deferred {
            attempts += 1
            return attempts < 10_000 ? Observable.error(TestError.boom) : Observable.just(attempts)
        }

        let subscription = source.retry().subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events, [.next(10_000), .completed])
        XCTAssertEqual(attempts, 10_000)
    }

    /// The second attempt sends 1 and then fails, synchronously, while it is being subscribed;
    /// the 1 disposes the retry's subscription, so the failure must not start a third attempt.
    /// Without `TailRecursiveSink`'s disposed guards it would resubscribe without end: from the
    /// 100th attempt on, the source only completes, so that such a regression fails here.
    func testRetry_DisposedInsideOnNextWhileASynchronouslyFailingAttemptIsSubscribed_StopsRetrying() {
        let firstAttempt = PublishSubject<Int>()
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            switch attempts {
            case 1: return firstAttempt.asObservable()
            case ..<100: return Observable.create { observer in
                observer.onNext(attempts)
                observer.onError(TestError.boom)
                return Disposables.create()
            }
            default: return Observable.empty()
            }
        }
        var received: [Int] = []
        var subscription: Disposable?

        subscription = source.retry().subscribe(onNext: { element in
            received.append(element)
            subscription?.dispose()
        })
        firstAttempt.onError(TestError.boom)

        XCTAssertEqual(attempts, 2, "disposed during the second attempt, so there is no third")
        XCTAssertEqual(received, [2])
        XCTAssertFalse(firstAttempt.hasObservers)
    }

    /// As in RxSwift 6.10.2, `take(1)` cannot end the retry here: it completes after the first
    /// element and disposes itself, but its subscription to the retry is only handed over, and
    /// disposed, once the retry's subscribe returns; the error that follows the element inside
    /// that subscribe starts another attempt, which fails the same way, and so on. RxSwift
    /// resubscribes without end; this source stops failing at its 100th subscription, so that
    /// the test ends, and a change in the number fails it.
    func testRetryTake1_SynchronousElementThenError_ResubscribesUntilTheSourceStopsFailing() {
        var subscriptions = 0
        let source = Observable<Int>.deferred {
            subscriptions += 1
            if subscriptions == 100 {
                return Observable.empty()
            }
            return Observable.create { observer in
                observer.onNext(subscriptions)
                observer.onError(TestError.boom)
                return Disposables.create()
            }
        }
        let recorder = EventRecorder<Int>()

        _ = source.retry().take(1).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertEqual(subscriptions, 100, "every failing attempt is followed by another, until the source completes")
    }

    func testRetryCount_EndsWithTheLastAttemptsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(3) }

        XCTAssertEqual(res.events, [
            .next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2), .next(235, 3),
            .next(245, 1), .next(250, 2), .next(255, 3), .error(260, TestError.boom),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryCount_One_IsASingleAttempt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(1) }

        XCTAssertEqual(res.events, [.next(205, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testRetryCount_Zero_CompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testRetryCount_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .error(20, TestError.boom)])

        let res = scheduler.start(disposed: 231) { xs.retry(3) }

        XCTAssertEqual(res.events, [.next(205, 1), .next(210, 2), .next(225, 1), .next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 231)])
    }

    func testRetryCount_SucceedsOnALaterAttempt() {
        var attempts = 0
        let recorder = EventRecorder<Int>()
        let source = Observable<Int>.deferred {
            attempts += 1
            return attempts < 3 ? Observable.error(TestError.boom) : Observable.just(attempts)
        }

        let subscription = source.retry(5).subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events, [.next(3), .completed])
        XCTAssertEqual(attempts, 3)
    }
}
