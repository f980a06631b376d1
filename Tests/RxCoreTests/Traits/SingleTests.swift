import RxCore
import RxTesting
import XCTest

final class SingleTests: RxCoreTestCase {
    // MARK: - subscribe

    func testSubscribe_Just_DeliversOneSuccess() {
        var events: [SingleEvent<Int>] = []

        _ = Single.just(1).subscribe { events.append($0) }

        XCTAssertEqual(events, [.success(1)])
    }

    func testSubscribe_Error_DeliversOneFailure() {
        var events: [SingleEvent<Int>] = []

        _ = Single<Int>.error(TestError.boom).subscribe { events.append($0) }

        XCTAssertEqual(events, [.failure(TestError.boom)])
    }

    func testSubscribe_Never_DeliversNothing() {
        var events: [SingleEvent<Int>] = []

        let subscription = Single<Int>.never().subscribe { events.append($0) }
        subscription.dispose()

        XCTAssertEqual(events, [])
    }

    func testSubscribeOnSuccess_CallsOnSuccessThenOnDisposed() {
        var log: [String] = []

        _ = Single.just(1).subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["success 1", "disposed"])
    }

    func testSubscribeOnFailure_CallsOnFailureThenOnDisposed() {
        var log: [String] = []

        _ = Single<Int>.error(TestError.boom).subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["failure boom", "disposed"])
    }

    func testSubscribeOnSuccess_DisposedBeforeTheEvent_CallsOnlyOnDisposedOnce() {
        var log: [String] = []
        var observer: Single<Int>.SingleObserver?
        var disposeCalls = 0
        let single = Single<Int>.create { sent in
            observer = sent
            return Disposables.create { disposeCalls += 1 }
        }

        let subscription = single.subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        observer?(.success(1))
        subscription.dispose()
        observer = nil

        XCTAssertEqual(log, ["disposed"])
        XCTAssertEqual(disposeCalls, 1)
    }

    @available(*, deprecated, message: "tests RxSwift's deprecated onError: form")
    func testSubscribeOnError_DeprecatedForm_ForwardsToOnFailure() {
        var log: [String] = []

        _ = Single<Int>.error(TestError.boom).subscribe(
            onSuccess: { log.append("success \($0)") },
            onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["error boom", "disposed"])
    }

    func testSubscribeWith_PassesTheObject() {
        final class Target {
            var log: [String] = []
        }
        let target = Target()

        _ = Single.just(1).subscribe(
            with: target,
            onSuccess: { target, element in target.log.append("success \(element)") },
            onFailure: { target, error in target.log.append("failure \(error)") },
            onDisposed: { target in target.log.append("disposed") }
        )

        XCTAssertEqual(target.log, ["success 1", "disposed"])
    }

    func testSubscribeWith_ObjectGone_CallsNothing() {
        final class Target {}
        var calls = 0
        var observer: Single<Int>.SingleObserver?
        let single = Single<Int>.create { sent in
            observer = sent
            return Disposables.create()
        }
        var target: Target? = Target()

        _ = single.subscribe(
            with: target!,
            onSuccess: { _, _ in calls += 1 },
            onFailure: { _, _ in calls += 1 },
            onDisposed: { _ in calls += 1 }
        )
        target = nil
        observer?(.success(1))
        observer = nil

        XCTAssertEqual(calls, 0)
    }

    func testSubscribeWithoutOnFailure_SendsTheErrorToTheDefaultHandler() {
        let previous = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = previous }
        var handled: [String] = []
        nonisolated(unsafe) var received: [String] = []
        Hooks.defaultErrorHandler = { _, error in received.append("\(error)") }

        _ = Single<Int>.error(TestError.boom).subscribe(onSuccess: { handled.append("\($0)") })

        XCTAssertEqual(received, ["boom"])
        XCTAssertEqual(handled, [])
    }

    // MARK: - create

    func testCreate_Success_IgnoresEverythingAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Single<Int>.SingleObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(201) { observer?(.success(1)) }
        scheduler.scheduleAt(202) { observer?(.success(2)) }
        scheduler.scheduleAt(203) { observer?(.failure(TestError.boom)) }

        let res = scheduler.start {
            Single<Int>.create { sent in
                observer = sent
                return Disposables.create { disposedTimes.append(scheduler.clock) }
            }
        }
        observer = nil

        XCTAssertEqual(res.events, [.next(201, 1), .completed(201)])
        XCTAssertEqual(disposedTimes, [201])
    }

    func testCreate_Failure_IgnoresEverythingAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Single<Int>.SingleObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(201) { observer?(.failure(TestError.boom)) }
        scheduler.scheduleAt(202) { observer?(.success(1)) }
        scheduler.scheduleAt(203) { observer?(.failure(TestError.other)) }

        let res = scheduler.start {
            Single<Int>.create { sent in
                observer = sent
                return Disposables.create { disposedTimes.append(scheduler.clock) }
            }
        }
        observer = nil

        XCTAssertEqual(res.events, [.error(201, TestError.boom)])
        XCTAssertEqual(disposedTimes, [201])
    }

    func testCreate_Disposed_SendsNothingAfterwards() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Single<Int>.SingleObserver?
        var disposedTimes: [Int] = []
        var subscribeCalls = 0
        scheduler.scheduleAt(203) { observer?(.success(1)) }
        scheduler.scheduleAt(204) { observer?(.failure(TestError.boom)) }

        let res = scheduler.start(disposed: 202) {
            Single<Int>.create { sent in
                subscribeCalls += 1
                observer = sent
                return Disposables.create { disposedTimes.append(scheduler.clock) }
            }
        }
        observer = nil

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(disposedTimes, [202])
        XCTAssertEqual(subscribeCalls, 1)
    }

    // MARK: - factories

    func testJust_Blocking() throws {
        XCTAssertEqual(try Single.just(1).toBlocking(timeout: 5).first(), 1)
    }

    func testError_Blocking() {
        XCTAssertThrowsError(try Single<Int>.error(TestError.boom).toBlocking(timeout: 5).first()) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testDeferred_CallsTheFactoryForEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var factoryCalls = 0
        let single = Single<Int>.deferred {
            factoryCalls += 1
            return Single.just(factoryCalls)
        }

        let first = scheduler.start { single }
        let second = single.subscribe { _ in }
        second.dispose()

        XCTAssertEqual(first.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(factoryCalls, 2)
    }

    // MARK: - scheduling

    func testObserveOn_DeliversOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(1).observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .completed(202)])
    }

    func testSubscribeOn_SubscribesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(1).subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .completed(201)])
    }

    // MARK: - error handling

    func testCatch_ContinuesWithTheHandlersSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        var handlerCalls = 0

        let res = scheduler.start {
            Single<Int>.error(TestError.boom).catch { _ in
                handlerCalls += 1
                return Single.just(2)
            }
        }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
        XCTAssertEqual(handlerCalls, 1)
    }

    func testCatchAndReturn_ReplacesTheError() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single<Int>.error(TestError.boom).catchAndReturn(2) }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }

    func testRetry_SubscribesAgainAfterAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts = 0
        let single = Single<Int>.deferred {
            attempts += 1
            return attempts == 1 ? Single.error(TestError.boom) : Single.just(2)
        }

        let res = scheduler.start { single.retry(2) }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
        XCTAssertEqual(attempts, 2)
    }

    func testRetry_GivesUpAfterTheLastAttempt() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts = 0
        let single = Single<Int>.deferred {
            attempts += 1
            return Single.error(TestError.boom)
        }

        let res = scheduler.start { single.retry(3) }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(attempts, 3)
    }

    func testRetryWhen_AnyError_SubscribesAgainWhenTheTriggerSends() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts = 0
        let single = Single<Int>.deferred {
            attempts += 1
            return attempts == 1 ? Single.error(TestError.boom) : Single.just(2)
        }

        let res = scheduler.start { single.retry(when: { (errors: Observable<Error>) in errors }) }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
        XCTAssertEqual(attempts, 2)
    }

    func testRetryWhen_TypedError_SubscribesAgainWhenTheTriggerSends() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts = 0
        let single = Single<Int>.deferred {
            attempts += 1
            return attempts == 1 ? Single.error(TestError.boom) : Single.just(2)
        }

        let res = scheduler.start { single.retry(when: { (errors: Observable<TestError>) in errors }) }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
        XCTAssertEqual(attempts, 2)
    }

    // MARK: - using

    func testUsing_DisposesTheResourceWhenTheSingleEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        var resourceCalls = 0
        var factoryCalls = 0
        var disposedTimes: [Int] = []
        var xs: TestableObservable<Int>?

        let res = scheduler.start {
            Single.using({ () -> NamedDisposable in
                resourceCalls += 1
                return NamedDisposable("resource") { _ in disposedTimes.append(scheduler.clock) }
            }, primitiveSequenceFactory: { _ -> Single<Int> in
                factoryCalls += 1
                let cold = scheduler.createColdObservable([.next(100, scheduler.clock), .completed(100)])
                xs = cold
                return cold.asSingle()
            })
        }

        XCTAssertEqual(res.events, [.next(300, 200), .completed(300)])
        XCTAssertEqual(resourceCalls, 1)
        XCTAssertEqual(factoryCalls, 1)
        XCTAssertEqual(disposedTimes, [300])
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 300)])
    }

    // MARK: - do

    func testDo_CallsEachClosureOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        let res = scheduler.start {
            Single.just(1).do(
                onSuccess: { log.append("success \($0)") },
                afterSuccess: { log.append("after success \($0)") },
                onError: { log.append("error \($0)") },
                afterError: { log.append("after error \($0)") },
                onSubscribe: { log.append("subscribe") },
                onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") }
            )
        }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(log, ["subscribe", "success 1", "after success 1", "subscribed", "dispose"])
    }

    func testDo_OnError() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        let res = scheduler.start {
            Single<Int>.error(TestError.boom).do(
                onSuccess: { log.append("success \($0)") },
                onError: { log.append("error \($0)") },
                afterError: { log.append("after error \($0)") }
            )
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(log, ["error boom", "after error boom"])
    }

    // MARK: - transforming

    func testFilter_Refused_CompletesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        var predicateCalls = 0

        let res = scheduler.start {
            Single.just(1).filter {
                predicateCalls += 1
                return $0 > 1
            }
        }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(predicateCalls, 1)
    }

    func testFilter_Accepted_SendsTheElement() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(2).filter { $0 > 1 } }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }

    func testMap_TransformsTheElementOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var transformCalls = 0

        let res = scheduler.start {
            Single.just(1).map { element -> Int in
                transformCalls += 1
                return element * 2
            }
        }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
        XCTAssertEqual(transformCalls, 1)
    }

    func testMap_Throwing_Fails() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(1).map { _ -> Int in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    func testCompactMap_Nil_CompletesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        var transformCalls = 0

        let res = scheduler.start {
            Single.just(1).compactMap { _ -> Int? in
                transformCalls += 1
                return nil
            }
        }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(transformCalls, 1)
    }

    func testFlatMap_SubscribesTheSelectorsSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 20), .completed(10)])
        var selectorCalls = 0

        let res = scheduler.start {
            Single.just(1).flatMap { element -> Single<Int> in
                selectorCalls += 1
                return ys.map { $0 + element }.asSingle()
            }
        }

        XCTAssertEqual(res.events, [.next(210, 21), .completed(210)])
        XCTAssertEqual(selectorCalls, 1)
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 210)])
    }

    func testFlatMapMaybe_Empty_CompletesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() } }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testFlatMapMaybe_Element() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(1).flatMapMaybe { Maybe.just($0 * 2) } }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }

    func testFlatMapCompletable_CompletesWhenTheCompletableDoes() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])
        var selectorCalls = 0

        let res = scheduler.start {
            Single.just(1).flatMapCompletable { _ -> Completable in
                selectorCalls += 1
                return ys.asCompletable()
            }
        }

        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(selectorCalls, 1)
    }

    // MARK: - conversions

    func testAsMaybe_KeepsTheEvents() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(1).asMaybe() }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
    }

    func testAsCompletable_DropsTheElement() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(1).asCompletable() }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testAsCompletable_KeepsTheError() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single<Int>.error(TestError.boom).asCompletable() }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    // MARK: - zip

    func testZip_ResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.zip(Single.just(1), Single.just(2)) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(200, 3), .completed(200)])
    }

    func testZip_Tuple() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.zip(Single.just(1), Single.just(2)).map { $0.0 + $0.1 } }

        XCTAssertEqual(res.events, [.next(200, 3), .completed(200)])
    }

    func testZipCollection_ResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        var selectorCalls = 0
        let collection = [Single.just(1), Single.just(2), Single.just(3)]

        let res = scheduler.start {
            Single.zip(collection) { elements -> Int in
                selectorCalls += 1
                return elements.reduce(0, +)
            }
        }

        XCTAssertEqual(res.events, [.next(200, 6), .completed(200)])
        XCTAssertEqual(selectorCalls, 1)
    }

    func testZipCollection_Empty_CallsTheSelectorWithNoElementsPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var selectorCalls = 0
        let single: Single<Int> = Single.zip([Single<Int>]()) { elements in
            selectorCalls += 1
            return elements.count
        }
        XCTAssertEqual(selectorCalls, 0, "nothing is called before a subscription")

        let res = scheduler.start { single }

        XCTAssertEqual(res.events, [.next(200, 0), .completed(200)])
        XCTAssertEqual(selectorCalls, 1)
    }

    func testZipCollection_Array() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.zip([Single.just(1), Single.just(2)]) }

        XCTAssertEqual(res.events, [.next(200, [1, 2]), .completed(200)])
    }

    func testZipCollection_EmptyArray_SendsAnEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.zip([Single<Int>]()) }

        XCTAssertEqual(res.events, [.next(200, []), .completed(200)])
    }

    func testZipCollection_Error_Fails() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.zip([Single.just(1), Single<Int>.error(TestError.boom)]) }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    // MARK: - asSingle, first and toArray on observables

    func testAsSingle_OneElement_SendsItAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAsSingle_Empty_FailsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(250)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.error(250, RxError.noElements)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAsSingle_TwoElements_FailsWithMoreThanOneElementAtTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAsSingle_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .error(210, TestError.boom)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testAsSingle_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testAsSingle_DisposedBeforeCompletion_SendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let res = scheduler.start(disposed: 230) { xs.asSingle() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testFirst_SendsTheFirstElementAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testFirst_Empty_SendsNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(250)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(250, nil), .completed(250)])
    }

    func testFirst_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .error(210, TestError.boom)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
    }

    func testToArray_IsASingle() {
        var events: [SingleEvent<[Int]>] = []

        _ = Observable.of(1, 2, 3).toArray().subscribe { events.append($0) }

        XCTAssertEqual(events, [.success([1, 2, 3])])
    }
}
