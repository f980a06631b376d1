import RxCore
import RxTesting
import XCTest

final class MaybeTests: RxCoreTestCase {
    // MARK: - subscribe

    func testSubscribe_Just_DeliversOneSuccess() {
        var events: [MaybeEvent<Int>] = []

        _ = Maybe.just(1).subscribe { events.append($0) }

        XCTAssertEqual(events, [.success(1)])
    }

    func testSubscribe_Empty_DeliversCompletion() {
        var events: [MaybeEvent<Int>] = []

        _ = Maybe<Int>.empty().subscribe { events.append($0) }

        XCTAssertEqual(events, [.completed])
    }

    func testSubscribe_Error_DeliversTheError() {
        var events: [MaybeEvent<Int>] = []

        _ = Maybe<Int>.error(TestError.boom).subscribe { events.append($0) }

        XCTAssertEqual(events, [.error(TestError.boom)])
    }

    func testSubscribe_Never_DeliversNothing() {
        var events: [MaybeEvent<Int>] = []

        let subscription = Maybe<Int>.never().subscribe { events.append($0) }
        subscription.dispose()

        XCTAssertEqual(events, [])
    }

    func testSubscribeOnSuccess_CallsOnSuccessThenOnDisposed() {
        var log: [String] = []

        _ = Maybe.just(1).subscribe(
            onSuccess: { log.append("success \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["success 1", "disposed"], "completion after the element is not a second event")
    }

    func testSubscribeOnCompleted_CallsOnCompletedThenOnDisposed() {
        var log: [String] = []

        _ = Maybe<Int>.empty().subscribe(
            onSuccess: { log.append("success \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["completed", "disposed"])
    }

    func testSubscribeOnError_CallsOnErrorThenOnDisposed() {
        var log: [String] = []

        _ = Maybe<Int>.error(TestError.boom).subscribe(
            onSuccess: { log.append("success \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["error boom", "disposed"])
    }

    func testSubscribe_DisposedBeforeTheEvent_CallsOnlyOnDisposed() {
        var log: [String] = []
        var observer: Maybe<Int>.MaybeObserver?
        let maybe = Maybe<Int>.create { sent in
            observer = sent
            return Disposables.create()
        }

        let subscription = maybe.subscribe(
            onSuccess: { log.append("success \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        observer?(.success(1))
        observer = nil

        XCTAssertEqual(log, ["disposed"])
    }

    func testSubscribeWith_PassesTheObject() {
        final class Target {
            var log: [String] = []
        }
        let target = Target()

        _ = Maybe<Int>.empty().subscribe(
            with: target,
            onSuccess: { target, element in target.log.append("success \(element)") },
            onError: { target, error in target.log.append("error \(error)") },
            onCompleted: { target in target.log.append("completed") },
            onDisposed: { target in target.log.append("disposed") }
        )

        XCTAssertEqual(target.log, ["completed", "disposed"])
    }

    // MARK: - create

    func testCreate_Success_IgnoresEverythingAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Maybe<Int>.MaybeObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(201) { observer?(.success(1)) }
        scheduler.scheduleAt(202) { observer?(.success(2)) }
        scheduler.scheduleAt(203) { observer?(.completed) }
        scheduler.scheduleAt(204) { observer?(.error(TestError.boom)) }

        let res = scheduler.start {
            Maybe<Int>.create { sent in
                observer = sent
                return Disposables.create { disposedTimes.append(scheduler.clock) }
            }
        }
        observer = nil

        XCTAssertEqual(res.events, [.next(201, 1), .completed(201)])
        XCTAssertEqual(disposedTimes, [201])
    }

    func testCreate_Completed_IgnoresEverythingAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Maybe<Int>.MaybeObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(201) { observer?(.completed) }
        scheduler.scheduleAt(202) { observer?(.success(1)) }
        scheduler.scheduleAt(203) { observer?(.error(TestError.boom)) }

        let res = scheduler.start {
            Maybe<Int>.create { sent in
                observer = sent
                return Disposables.create { disposedTimes.append(scheduler.clock) }
            }
        }
        observer = nil

        XCTAssertEqual(res.events, [.completed(201)])
        XCTAssertEqual(disposedTimes, [201])
    }

    func testCreate_Error_IgnoresEverythingAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Maybe<Int>.MaybeObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(201) { observer?(.error(TestError.boom)) }
        scheduler.scheduleAt(202) { observer?(.success(1)) }
        scheduler.scheduleAt(203) { observer?(.completed) }

        let res = scheduler.start {
            Maybe<Int>.create { sent in
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
        var observer: Maybe<Int>.MaybeObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(203) { observer?(.success(1)) }
        scheduler.scheduleAt(204) { observer?(.completed) }

        let res = scheduler.start(disposed: 202) {
            Maybe<Int>.create { sent in
                observer = sent
                return Disposables.create { disposedTimes.append(scheduler.clock) }
            }
        }
        observer = nil

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(disposedTimes, [202])
    }

    // MARK: - factories and operators

    func testJust_Blocking() throws {
        XCTAssertEqual(try Maybe.just(1).toBlocking(timeout: 5).toArray(), [1])
    }

    func testEmpty_Blocking() throws {
        XCTAssertEqual(try Maybe<Int>.empty().toBlocking(timeout: 5).toArray(), [])
    }

    func testDeferred_CallsTheFactoryPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var factoryCalls = 0

        let res = scheduler.start {
            Maybe<Int>.deferred {
                factoryCalls += 1
                return Maybe.empty()
            }
        }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(factoryCalls, 1)
    }

    func testDo_CallsEachClosureOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        let res = scheduler.start {
            Maybe<Int>.empty().do(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                afterCompleted: { log.append("after completed") },
                onSubscribe: { log.append("subscribe") },
                onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") }
            )
        }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(log, ["subscribe", "completed", "after completed", "subscribed", "dispose"])
    }

    func testFilter_CallsThePredicateOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var predicateCalls = 0

        let res = scheduler.start {
            Maybe.just(1).filter {
                predicateCalls += 1
                return $0 == 1
            }
        }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(predicateCalls, 1)
    }

    func testMap_TransformsOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var transformCalls = 0

        let res = scheduler.start {
            Maybe.just(1).map { element -> Int in
                transformCalls += 1
                return element * 2
            }
        }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
        XCTAssertEqual(transformCalls, 1)
    }

    func testMap_Empty_NeverCallsTheTransform() {
        let scheduler = TestScheduler(initialClock: 0)
        var transformCalls = 0

        let res = scheduler.start {
            Maybe<Int>.empty().map { element -> Int in
                transformCalls += 1
                return element
            }
        }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(transformCalls, 0)
    }

    func testCompactMap_Nil_CompletesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe.just(1).compactMap { _ -> Int? in nil } }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testFlatMap_SubscribesTheSelectorsMaybe() {
        let scheduler = TestScheduler(initialClock: 0)
        var selectorCalls = 0

        let res = scheduler.start {
            Maybe.just(1).flatMap { element -> Maybe<Int> in
                selectorCalls += 1
                return Maybe.just(element + 1)
            }
        }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
        XCTAssertEqual(selectorCalls, 1)
    }

    func testIfEmptyDefault_Empty_SendsTheDefault() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe<Int>.empty().ifEmpty(default: 7) }

        XCTAssertEqual(res.events, [.next(200, 7), .completed(200)])
    }

    func testIfEmptyDefault_Element_KeepsIt() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe.just(1).ifEmpty(default: 7) }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
    }

    func testIfEmptySwitchToMaybe_Empty_SubscribesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let other = scheduler.createColdObservable([.next(10, 5), .completed(10)])

        let res = scheduler.start { Maybe<Int>.empty().ifEmpty(switchTo: other.asMaybe()) }

        XCTAssertEqual(res.events, [.next(210, 5), .completed(210)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 210)])
    }

    func testIfEmptySwitchToSingle_Element_NeverSubscribesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let other = scheduler.createColdObservable([.next(10, 5), .completed(10)])

        let res = scheduler.start { Maybe.just(1).ifEmpty(switchTo: other.asSingle()) }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testCatchAndReturn_ReplacesTheError() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe<Int>.error(TestError.boom).catchAndReturn(2) }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }

    func testCatch_EmptyFallback() {
        let scheduler = TestScheduler(initialClock: 0)
        var handlerCalls = 0

        let res = scheduler.start {
            Maybe<Int>.error(TestError.boom).catch { _ in
                handlerCalls += 1
                return Maybe.empty()
            }
        }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(handlerCalls, 1)
    }

    func testZip_Tuple() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe.zip(Maybe.just(1), Maybe.just(2)).map { $0.0 + $0.1 } }

        XCTAssertEqual(res.events, [.next(200, 3), .completed(200)])
    }

    // MARK: - asMaybe on observables

    func testAsMaybe_OneElement_SendsItAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])

        let res = scheduler.start { xs.asMaybe() }

        XCTAssertEqual(res.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAsMaybe_Empty_Completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(250)])

        let res = scheduler.start { xs.asMaybe() }

        XCTAssertEqual(res.events, [.completed(250)])
    }

    func testAsMaybe_TwoElements_FailsWithMoreThanOneElementAtTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.asMaybe() }

        XCTAssertEqual(res.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAsMaybe_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .error(210, TestError.boom)])

        let res = scheduler.start { xs.asMaybe() }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
    }
}
