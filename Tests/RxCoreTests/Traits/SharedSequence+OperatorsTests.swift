import RxCore
import RxTesting
import XCTest

/// Each test builds its drivers while `SharingScheduler` is mocked with the TestScheduler, so
/// every event passes through that scheduler: it reaches the observer one tick after the hot
/// source sent it (the TestScheduler's simulated processing delay).
final class SharedSequenceOperatorsTests: RxCoreTestCase {
    /// Subscribes two observers at 200 to what `create` builds (at 100, with the scheduler
    /// mocked) and disposes them at 1000.
    private func startTwo<Element>(
        _ scheduler: TestScheduler, _ create: @escaping () -> Driver<Element>
    ) -> (TestableObserver<Element>, TestableObserver<Element>) {
        var driver: Driver<Element>!
        var subscriptions: [Disposable] = []
        let first = scheduler.createObserver(Element.self)
        let second = scheduler.createObserver(Element.self)
        scheduler.scheduleAt(100) { SharingScheduler.mock(scheduler: scheduler) { driver = create() } }
        scheduler.scheduleAt(200) {
            subscriptions.append(driver.drive(first))
            subscriptions.append(driver.drive(second))
        }
        scheduler.scheduleAt(1000) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()
        return (first, second)
    }

    // MARK: - map, compactMap, filter

    func testMap_TransformsEachElementOnceForAllObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        var transformCalls = 0

        let (first, second) = startTwo(scheduler) {
            xs.asDriver(onErrorJustReturn: -1).map { element -> Int in
                transformCalls += 1
                return element * 10
            }
        }

        XCTAssertEqual(first.events, [.next(211, 10), .next(221, 20), .next(231, -10), .completed(231)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(transformCalls, 3)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testCompactMap_SendsTheResultsThatAreNotNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(240)])
        var transformCalls = 0

        let (first, _) = startTwo(scheduler) {
            xs.asDriver(onErrorJustReturn: "").compactMap { text -> Int? in
                transformCalls += 1
                return Int(text)
            }
        }

        XCTAssertEqual(first.events, [.next(211, 1), .next(231, 3), .completed(241)])
        XCTAssertEqual(transformCalls, 3)
    }

    func testFilter_SendsTheElementsThePredicateAccepts() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 4), .completed(240)])
        var predicateCalls = 0

        let (first, second) = startTwo(scheduler) {
            xs.asDriver(onErrorJustReturn: -1).filter { element in
                predicateCalls += 1
                return element.isMultiple(of: 2)
            }
        }

        XCTAssertEqual(first.events, [.next(221, 2), .next(231, 4), .completed(241)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(predicateCalls, 3)
    }

    // MARK: - Higher order

    func testSwitchLatest_FollowsTheLatestInnerDriver() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createHotObservable([.next(215, 1), .next(235, 2), .error(236, TestError.boom)])
        let ys2 = scheduler.createHotObservable([.next(225, 10), .next(245, 11)])
        var inners: [Driver<Int>] = []
        let xs = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .completed(250)])

        let (first, _) = startTwo(scheduler) { () -> Driver<Int> in
            inners = [ys1.asDriver(onErrorJustReturn: -2), ys2.asDriver(onErrorJustReturn: -3)]
            return xs.asDriver(onErrorJustReturn: -1).map { inners[$0] }.switchLatest()
        }

        XCTAssertEqual(first.events, [.next(216, 1), .next(246, 11)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(211, 231)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(231, 1000)])
    }

    func testFlatMapLatest_FollowsTheLatestDriverTheSelectorReturns() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createHotObservable([.next(215, 1), .next(235, 2)])
        let ys2 = scheduler.createHotObservable([.next(225, 10), .next(245, 11), .error(255, TestError.boom)])
        var inners: [Driver<Int>] = []
        let xs = scheduler.createHotObservable([.next(210, 0), .next(230, 1)])
        var selectorCalls = 0

        let (first, _) = startTwo(scheduler) { () -> Driver<Int> in
            inners = [ys1.asDriver(onErrorJustReturn: -2), ys2.asDriver(onErrorJustReturn: -3)]
            return xs.asDriver(onErrorJustReturn: -1).flatMapLatest { index -> Driver<Int> in
                selectorCalls += 1
                return inners[index]
            }
        }

        XCTAssertEqual(first.events, [.next(216, 1), .next(246, 11), .next(256, -3)])
        XCTAssertEqual(selectorCalls, 2)
    }

    func testFlatMapFirst_IgnoresElementsWhileAnInnerDriverRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createHotObservable([.next(215, 1), .completed(235)])
        let ys2 = scheduler.createHotObservable([.next(225, 10), .next(245, 11)])
        var inners: [Driver<Int>] = []
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .next(240, 1)])
        var selectorCalls = 0

        let (first, _) = startTwo(scheduler) { () -> Driver<Int> in
            inners = [ys1.asDriver(onErrorJustReturn: -2), ys2.asDriver(onErrorJustReturn: -3)]
            return xs.asDriver(onErrorJustReturn: -1).flatMapFirst { index -> Driver<Int> in
                selectorCalls += 1
                return inners[index]
            }
        }

        XCTAssertEqual(first.events, [.next(216, 1), .next(246, 11)])
        XCTAssertEqual(selectorCalls, 2, "the element at 221 arrives while the first inner runs")
    }

    func testFlatMap_MergesEveryInnerDriver() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createHotObservable([.next(215, 1), .next(235, 2)])
        let ys2 = scheduler.createHotObservable([.next(225, 10), .next(245, 11)])
        var inners: [Driver<Int>] = []
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1)])

        let (first, _) = startTwo(scheduler) { () -> Driver<Int> in
            inners = [ys1.asDriver(onErrorJustReturn: -2), ys2.asDriver(onErrorJustReturn: -3)]
            return xs.asDriver(onErrorJustReturn: -1).flatMap { inners[$0] }
        }

        XCTAssertEqual(first.events, [.next(216, 1), .next(226, 10), .next(236, 2), .next(246, 11)])
    }

    func testMerge_InstanceAndStaticForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(250)])
        var results: [[Recorded<Event<Int>>]] = []

        for form in 0..<4 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(xs.recordedEvents)
            let ys = scheduler.createHotObservable(ys.recordedEvents)
            let (first, _) = startTwo(scheduler) { () -> Driver<Int> in
                let drivers = [xs.asDriver(onErrorJustReturn: -1), ys.asDriver(onErrorJustReturn: -2)]
                switch form {
                case 0: return Driver.merge(drivers[0], drivers[1])
                case 1: return Driver.merge(drivers)
                case 2: return Driver.merge(drivers[...])
                default: return Driver.from(drivers).merge()
                }
            }
            results.append(first.events)
        }

        let expected: [Recorded<Event<Int>>] = [.next(211, 1), .next(221, 2), .next(231, 3), .completed(251)]
        XCTAssertEqual(results[0], expected)
        XCTAssertEqual(results[1], expected)
        XCTAssertEqual(results[2], expected)
        XCTAssertEqual(results[3], [.next(211, 1), .next(221, 2), .next(231, 3), .completed(251)])
    }

    func testMergeMaxConcurrent_SubscribesOneInnerAtATime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let (first, _) = startTwo(scheduler) {
            Driver.of(xs.asDriver(onErrorJustReturn: -1), ys.asDriver(onErrorJustReturn: -2)).merge(maxConcurrent: 1)
        }

        XCTAssertEqual(first.events.map(\.value.element), [1, 2, nil])
        XCTAssertEqual(xs.subscriptions.count, 1)
        XCTAssertEqual(ys.subscriptions.count, 1)
        XCTAssertLessThanOrEqual(xs.subscriptions[0].unsubscribe, ys.subscriptions[0].subscribe)
    }

    // MARK: - Side effects and state

    func testDo_RunsTheSideEffectsOncePerEventForAllObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var log: [String] = []

        let (first, second) = startTwo(scheduler) {
            xs.asDriver(onErrorJustReturn: -1).do(
                onNext: { log.append("next \($0)") },
                afterNext: { log.append("after next \($0)") },
                onCompleted: { log.append("completed") },
                afterCompleted: { log.append("after completed") },
                onSubscribe: { log.append("subscribe") },
                onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") }
            )
        }

        XCTAssertEqual(first.events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(second.events, first.events)
        // The driver's shared connection ends its subscription to `do` when the completion
        // passes through it, before `do` runs `afterCompleted` (see ShareReplayScope.swift).
        XCTAssertEqual(
            log, ["subscribe", "subscribed", "next 1", "after next 1", "completed", "dispose", "after completed"]
        )
    }

    func testDistinctUntilChanged_AllForms() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 1), .next(230, 2), .next(240, 12), .completed(250)]
        func run(_ make: @escaping (Driver<Int>) -> Driver<Int>) -> [Int?] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(events)
            let (first, _) = startTwo(scheduler) { make(xs.asDriver(onErrorJustReturn: -1)) }
            return first.events.map(\.value.element)
        }

        XCTAssertEqual(run { $0.distinctUntilChanged() }, [1, 2, 12, nil])
        XCTAssertEqual(run { $0.distinctUntilChanged { $0 % 10 } }, [1, 2, nil])
        XCTAssertEqual(run { $0.distinctUntilChanged { $0 % 10 == $1 % 10 } }, [1, 2, nil])
        XCTAssertEqual(run { $0.distinctUntilChanged({ $0 / 10 }, comparer: { $0 == $1 }) }, [1, 12, nil])
    }

    func testScan_SendsEachIntermediateResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        var accumulatorCalls = 0

        let (first, second) = startTwo(scheduler) {
            xs.asDriver(onErrorJustReturn: -1).scan(10) { sum, element in
                accumulatorCalls += 1
                return sum + element
            }
        }

        XCTAssertEqual(first.events, [.next(211, 11), .next(221, 13), .next(231, 16), .completed(241)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(accumulatorCalls, 3)
    }

    func testSkipAndStartWith() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let (first, _) = startTwo(scheduler) { xs.asDriver(onErrorJustReturn: -1).skip(1).startWith(0) }

        XCTAssertEqual(first.events, [.next(200, 0), .next(221, 2), .completed(231)])
    }

    func testWithLatestFrom_BothForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(270)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(250, 20)])
        var selectorCalls = 0
        var latest: TestableObserver<Int>!

        let (first, _) = startTwo(scheduler) { () -> Driver<String> in
            let other = ys.asDriver(onErrorJustReturn: -1)
            let source = xs.asDriver(onErrorJustReturn: -1)
            let latestOnly = source.withLatestFrom(other)
            latest = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) { _ = latestOnly.drive(latest) }
            return source.withLatestFrom(other) { element, latest in
                selectorCalls += 1
                return "\(element)-\(latest)"
            }
        }

        XCTAssertEqual(first.events, [.next(241, "2-10"), .next(261, "3-20"), .completed(271)])
        XCTAssertEqual(latest.events, [.next(241, 10), .next(261, 20), .completed(271)])
        XCTAssertEqual(selectorCalls, 2)
    }

    // MARK: - Time

    func testThrottle_TimesOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(280, 3), .completed(300)])

        let (first, _) = startTwo(scheduler) { xs.asDriver(onErrorJustReturn: -1).throttle(.seconds(20)) }
        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable(xs.recordedEvents)
        let (notLatest, _) = startTwo(scheduler2) { xs2.asDriver(onErrorJustReturn: -1).throttle(.seconds(20), latest: false) }

        XCTAssertEqual(first.events, [.next(211, 1), .next(231, 2), .next(281, 3), .completed(301)])
        XCTAssertEqual(notLatest.events, [.next(211, 1), .next(281, 3), .completed(301)])
    }

    func testDebounce_TimesOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(250, 3), .completed(300)])

        let (first, _) = startTwo(scheduler) { xs.asDriver(onErrorJustReturn: -1).debounce(.seconds(10)) }

        XCTAssertEqual(first.events, [.next(226, 2), .next(261, 3), .completed(301)])
    }

    func testDelay_TimesOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let (first, _) = startTwo(scheduler) { xs.asDriver(onErrorJustReturn: -1).delay(.seconds(5)) }

        XCTAssertEqual(first.events, [.next(216, 1), .next(226, 2), .completed(236)])
    }

    // MARK: - Combining

    func testConcat_OneDriverAfterTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let (first, _) = startTwo(scheduler) {
            Driver.concat([xs.asDriver(onErrorJustReturn: -1), ys.asDriver(onErrorJustReturn: -2)])
        }
        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createColdObservable(xs.recordedEvents)
        let ys2 = scheduler2.createColdObservable(ys.recordedEvents)
        let (lazy, _) = startTwo(scheduler2) {
            Driver.concat([xs2.asDriver(onErrorJustReturn: -1), ys2.asDriver(onErrorJustReturn: -2)].lazy)
        }

        XCTAssertEqual(first.events, [.next(211, 1), .next(232, 2), .completed(242)])
        XCTAssertEqual(lazy.events, first.events)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(221, 241)])
    }

    func testZipAndCombineLatest_OfACollection() {
        let events1: [Recorded<Event<Int>>] = [.next(210, 1), .next(230, 3), .completed(260)]
        let events2: [Recorded<Event<Int>>] = [.next(220, 10), .next(240, 30), .completed(250)]
        func run<Result>(_ make: @escaping ([Driver<Int>]) -> Driver<Result>) -> [Recorded<Event<Result>>] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(events1)
            let ys = scheduler.createHotObservable(events2)
            let (first, _) = startTwo(scheduler) {
                make([xs.asDriver(onErrorJustReturn: -1), ys.asDriver(onErrorJustReturn: -2)])
            }
            return first.events
        }

        XCTAssertEqual(run { Driver.zip($0) }, [.next(221, [1, 10]), .next(241, [3, 30]), .completed(261)])
        XCTAssertEqual(run { Driver.zip($0) { $0.reduce(0, +) } }, [.next(221, 11), .next(241, 33), .completed(261)])
        XCTAssertEqual(
            run { Driver.combineLatest($0) },
            [.next(221, [1, 10]), .next(231, [3, 10]), .next(241, [3, 30]), .completed(261)]
        )
        XCTAssertEqual(
            run { Driver.combineLatest($0) { $0.reduce(0, +) } },
            [.next(221, 11), .next(231, 13), .next(241, 33), .completed(261)]
        )
    }

    // MARK: - Arity forms (generated)

    func testZipAndCombineLatest_TwoSources() {
        func run<Result>(_ make: @escaping (Driver<Int>, Driver<String>) -> Driver<Result>) -> [Recorded<Event<Result>>] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
            let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(250)])
            let (first, _) = startTwo(scheduler) {
                make(xs.asDriver(onErrorJustReturn: -1), ys.asDriver(onErrorJustReturn: "?"))
            }
            return first.events
        }

        XCTAssertEqual(
            run { Driver.zip($0, $1).map { "\($0)\($1)" } }, [.next(221, "1a"), .next(241, "2b"), .completed(261)]
        )
        XCTAssertEqual(run { Driver.zip($0, $1) { "\($0)\($1)" } }, [.next(221, "1a"), .next(241, "2b"), .completed(261)])
        XCTAssertEqual(
            run { Driver.combineLatest($0, $1).map { "\($0)\($1)" } },
            [.next(221, "1a"), .next(231, "2a"), .next(241, "2b"), .completed(261)]
        )
        XCTAssertEqual(
            run { Driver.combineLatest($0, $1) { "\($0)\($1)" } },
            [.next(221, "1a"), .next(231, "2a"), .next(241, "2b"), .completed(261)]
        )
    }

    func testZipAndCombineLatest_EightSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (1...8).map { index in
            scheduler.createHotObservable([.next(200 + 10 * index, index), .completed(300)])
        }
        var selectorCalls = 0
        var zipped: TestableObserver<Int>!

        let (first, _) = startTwo(scheduler) { () -> Driver<Int> in
            let d = sources.map { $0.asDriver(onErrorJustReturn: -1) }
            let zip = Driver.zip(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
            zipped = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) { _ = zip.drive(zipped) }
            return Driver.combineLatest(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]) {
                selectorCalls += 1
                return $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
        }

        XCTAssertEqual(first.events, [.next(281, 36), .completed(301)])
        XCTAssertEqual(zipped.events, [.next(281, 36), .completed(301)])
        XCTAssertEqual(selectorCalls, 1)
    }
}
