import RxCore
import RxTesting
import XCTest

final class InfallibleTests: RxCoreTestCase {
    // MARK: - create

    func testCreate_ForwardsElementsAndCompletion_IgnoresWhatFollows() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Infallible<Int>.InfallibleObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(210) { observer?(.next(1)) }
        scheduler.scheduleAt(220) { observer?(.next(2)) }
        scheduler.scheduleAt(230) { observer?(.completed) }
        scheduler.scheduleAt(240) { observer?(.next(3)) }

        let res = scheduler.start {
            Infallible<Int>.create { sent in
                observer = sent
                return Disposables.create { disposedTimes.append(scheduler.clock) }
            }
        }
        observer = nil

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(disposedTimes, [230])
    }

    func testCreate_Disposed_SendsNothingAfterwards() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Infallible<Int>.InfallibleObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(210) { observer?(.next(1)) }
        scheduler.scheduleAt(230) { observer?(.next(2)) }

        let res = scheduler.start(disposed: 220) {
            Infallible<Int>.create { sent in
                observer = sent
                return Disposables.create { disposedTimes.append(scheduler.clock) }
            }
        }
        observer = nil

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(disposedTimes, [220])
    }

    // MARK: - subscribe

    func testSubscribe_CallsOnNextOnCompletedThenOnDisposed() {
        var log: [String] = []

        _ = Infallible.of(1, 2).subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testSubscribe_EventClosure_ReceivesInfallibleEvents() {
        var log: [String] = []

        _ = Infallible.just(1).subscribe { event in
            switch event {
            case .next(let element): log.append("next \(element)")
            case .completed: log.append("completed")
            }
        }

        XCTAssertEqual(log, ["next 1", "completed"])
    }

    func testSubscribeWith_PassesTheObject() {
        final class Target {
            var log: [String] = []
        }
        let target = Target()

        _ = Infallible.just(1).subscribe(
            with: target,
            onNext: { target, element in target.log.append("next \(element)") },
            onCompleted: { target in target.log.append("completed") },
            onDisposed: { target in target.log.append("disposed") }
        )

        XCTAssertEqual(target.log, ["next 1", "completed", "disposed"])
    }

    func testSubscribe_Disposed_ReceivesNothingMore() {
        var log: [String] = []
        var observer: Infallible<Int>.InfallibleObserver?
        let infallible = Infallible<Int>.create { sent in
            observer = sent
            return Disposables.create()
        }

        let subscription = infallible.subscribe(onNext: { log.append("next \($0)") }, onDisposed: { log.append("disposed") })
        observer?(.next(1))
        subscription.dispose()
        observer?(.next(2))
        observer = nil

        XCTAssertEqual(log, ["next 1", "disposed"])
    }

    func testInfallibleEvent_AsEvent() {
        XCTAssertEqual(InfallibleEvent.next(1).event, .next(1))
        XCTAssertEqual(InfallibleEvent<Int>.completed.event, .completed)
    }

    // MARK: - asInfallible

    func testAsInfallibleOnErrorJustReturn_ReplacesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 0), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAsInfallibleOnErrorFallbackTo_SwitchesToTheFallback() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let fallback = scheduler.createColdObservable([.next(10, 9), .completed(20)])

        let res = scheduler.start { xs.asInfallible(onErrorFallbackTo: fallback.asInfallible(onErrorJustReturn: -1)) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 9), .completed(240)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(220, 240)])
    }

    func testAsInfallibleOnErrorRecover_CallsTheRecoveryOncePerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        var recoverCalls = 0

        let res = scheduler.start {
            xs.asInfallible(onErrorRecover: { _ in
                recoverCalls += 1
                return Infallible.just(7)
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 7), .completed(220)])
        XCTAssertEqual(recoverCalls, 1)
    }

    func testAsInfallible_NoError_KeepsTheEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        var recoverCalls = 0

        let res = scheduler.start {
            xs.asInfallible(onErrorRecover: { _ in
                recoverCalls += 1
                return Infallible.empty()
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
        XCTAssertEqual(recoverCalls, 0)
    }

    // MARK: - factories

    /// The events `make`'s infallible sends under a fresh `TestScheduler` started at 200.
    private func events<Element>(_ make: @escaping () -> Infallible<Element>) -> [Recorded<Event<Element>>] {
        TestScheduler(initialClock: 0).start(make).events
    }

    func testFactories() {
        var factoryCalls = 0

        XCTAssertEqual(events { Infallible.just(1) }, [.next(200, 1), .completed(200)])
        XCTAssertEqual(events { Infallible<Int>.empty() }, [.completed(200)])
        XCTAssertEqual(events { Infallible<Int>.never() }, [])
        XCTAssertEqual(events { Infallible.from([1, 2]) }, [.next(200, 1), .next(200, 2), .completed(200)])
        XCTAssertEqual(events { Infallible.from(1...2) }, [.next(200, 1), .next(200, 2), .completed(200)])
        XCTAssertEqual(
            events {
                Infallible<Int>.deferred {
                    factoryCalls += 1
                    return Infallible.just(factoryCalls)
                }
            },
            [.next(200, 1), .completed(200)]
        )
        XCTAssertEqual(factoryCalls, 1)
    }

    // MARK: - operators

    private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 2), .next(240, 3), .completed(250)])
    }

    func testMap_CallsTheTransformOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        var transformCalls = 0

        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).map { element -> Int in
                transformCalls += 1
                return element * 10
            }
        }

        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .next(230, 20), .next(240, 30), .completed(250)])
        XCTAssertEqual(transformCalls, 4)
    }

    func testFilterAndCompactMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0)
                .filter { $0 > 1 }
                .compactMap { $0 == 3 ? nil : $0 }
        }

        XCTAssertEqual(res.events, [.next(220, 2), .next(230, 2), .completed(250)])
    }

    func testDistinctUntilChanged_DropsRepeats() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
    }

    func testScanAndStartWith() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).scan(0, accumulator: +).startWith(-1) }

        XCTAssertEqual(res.events, [
            .next(200, -1), .next(210, 1), .next(220, 3), .next(230, 5), .next(240, 8), .completed(250),
        ])
    }

    func testTake_StopsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).take(2) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testFlatMapLatest_SwitchesToTheLatestInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var selectorCalls = 0

        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).flatMapLatest { element -> Infallible<Int> in
                selectorCalls += 1
                return Infallible.just(element * 10)
            }
        }

        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(300)])
        XCTAssertEqual(selectorCalls, 2)
    }

    func testConcat_AppendsTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Infallible.of(1, 2).concat(Infallible.just(3)) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }

    func testMergeArray_SubscribesEveryOneAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(20, 1), .completed(30)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start {
            Infallible.merge([first.asInfallible(onErrorJustReturn: 0), second.asInfallible(onErrorJustReturn: 0)])
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 1), .completed(230)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 220)])
    }

    func testMergeCollection_ConcatenatesAsRxSwiftDoes() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(20, 1), .completed(30)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let sources = ContiguousArray([
            first.asInfallible(onErrorJustReturn: 0), second.asInfallible(onErrorJustReturn: 0),
        ])

        let res = scheduler.start { Infallible.merge(sources) }

        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 250)])
    }

    func testWithLatestFrom_PairsWithTheLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(260)])

        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0)
                .withLatestFrom(ys.asInfallible(onErrorJustReturn: "")) { "\($0)\($1)" }
        }

        XCTAssertEqual(res.events, [.next(230, "2a"), .completed(250)])
    }

    func testWithUnretained_CompletesOnceTheObjectIsGone() {
        final class Target {}
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        var target: Target? = Target()
        scheduler.scheduleAt(220) { target = nil }

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).withUnretained(target!) { _, element in element } }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
    }

    func testDo_CallsEachClosure() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        let res = scheduler.start {
            Infallible.just(1).do(
                onNext: { log.append("next \($0)") },
                onCompleted: { log.append("completed") },
                onSubscribe: { log.append("subscribe") },
                onDispose: { log.append("dispose") }
            )
        }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(log, ["subscribe", "next 1", "completed", "dispose"])
    }

    func testCombineLatestCollection_ResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])
        let second = scheduler.createHotObservable([.next(220, 2), .completed(260)])
        var selectorCalls = 0

        let res = scheduler.start {
            Infallible.combineLatest([first.asInfallible(onErrorJustReturn: 0), second.asInfallible(onErrorJustReturn: 0)]) {
                elements -> Int in
                selectorCalls += 1
                return elements.reduce(0, +)
            }
        }

        XCTAssertEqual(res.events, [.next(220, 3), .next(230, 5), .completed(260)])
        XCTAssertEqual(selectorCalls, 2)
    }

    func testCombineLatestCollection_Arrays() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Infallible.combineLatest([Infallible.just(1), Infallible.just(2)]) }

        XCTAssertEqual(res.events, [.next(200, [1, 2]), .completed(200)])
    }

    func testToBlocking() throws {
        XCTAssertEqual(try Infallible.of(1, 2, 3).toBlocking(timeout: 5).toArray(), [1, 2, 3])
    }
}
