import RxCore
import RxTesting
import XCTest

final class GroupByTests: RxCoreTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 3), .next(210, 1), .next(220, 4), .next(230, 2), .next(240, 6), .next(250, 5), end,
            .next(320, 7),
        ])
    }

    func testGroupBy_OuterSendsEachKeyOnceInTheOrderKeysAppear() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))
        var keySelectorCalls = 0

        let res = scheduler.start { () -> Observable<Int> in
            xs.groupBy { element -> Int in
                keySelectorCalls += 1
                return element % 3
            }
            .map { $0.key }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(240, 0), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(keySelectorCalls, 5)
    }

    func testGroupBy_EachGroupGetsTheElementsOfItsKey() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))

        let res = scheduler.start {
            xs.groupBy { $0 % 3 }.flatMap { group in group.map { "\(group.key): \($0)" } }
        }

        XCTAssertEqual(res.events, [
            .next(210, "1: 1"), .next(220, "1: 4"), .next(230, "2: 2"), .next(240, "0: 6"), .next(250, "2: 5"),
            .completed(300),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testGroupBy_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.groupBy { $0 % 3 }.map { $0.key } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testGroupBy_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.groupBy { $0 % 3 }.map { $0.key } }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testGroupBy_Error_EndsEveryGroupAndTheOuterSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(300, TestError.boom))
        let groups = xs.groupBy { $0 % 3 }
        let outer = scheduler.createObserver(Int.self)
        let inner = scheduler.createObserver(String.self)

        scheduler.scheduleAt(200) {
            _ = groups.subscribe(onNext: { group in
                outer.on(.next(group.key))
                _ = group.map { "\(group.key): \($0)" }.subscribe(inner)
            }, onError: { outer.on(.error($0)) })
        }
        scheduler.start()

        XCTAssertEqual(outer.events, [.next(210, 1), .next(230, 2), .next(240, 0), .error(300, TestError.boom)])
        XCTAssertEqual(inner.events.count, 5 + 3)
        XCTAssertEqual(inner.events.filter { $0.value.isStopEvent }, Array(repeating: .error(300, TestError.boom), count: 3))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testGroupBy_KeySelectorThrows_EndsEverythingAndStopsCalling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))
        var keySelectorCalls = 0

        let res = scheduler.start { () -> Observable<String> in
            xs.groupBy { element -> Int in
                keySelectorCalls += 1
                if element == 6 { throw TestError.boom }
                return element % 3
            }
            .flatMap { group in group.map { "\(group.key): \($0)" } }
        }

        XCTAssertEqual(res.events, [
            .next(210, "1: 1"), .next(220, "1: 4"), .next(230, "2: 2"), .error(240, TestError.boom),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(keySelectorCalls, 4)
    }

    func testGroupBy_Dispose_NothingArrivesAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))

        let res = scheduler.start(disposed: 235) {
            xs.groupBy { $0 % 3 }.flatMap { group in group.map { "\(group.key): \($0)" } }
        }

        XCTAssertEqual(res.events, [.next(210, "1: 1"), .next(220, "1: 4"), .next(230, "2: 2")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }

    func testGroupBy_ASubscribedGroupKeepsTheSourceAfterTheOuterSubscriptionIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))
        let groups = xs.groupBy { $0 % 3 }
        let inner = scheduler.createObserver(Int.self)
        var outerSubscription: Disposable?
        var innerSubscription: Disposable?

        scheduler.scheduleAt(200) {
            outerSubscription = groups.subscribe(onNext: { group in
                if group.key == 1 {
                    innerSubscription = group.subscribe(inner)
                }
            })
        }
        scheduler.scheduleAt(215) { outerSubscription?.dispose() }
        scheduler.scheduleAt(225) { innerSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(inner.events, [.next(210, 1), .next(220, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testGroupBy_AGroupSubscribedLateSeesOnlyLaterElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))
        let groups = xs.groupBy { $0 % 3 }
        let inner = scheduler.createObserver(Int.self)
        var groupOfOne: GroupedObservable<Int, Int>?

        scheduler.scheduleAt(200) {
            _ = groups.subscribe(onNext: { group in
                if group.key == 1 { groupOfOne = group }
            })
        }
        scheduler.scheduleAt(215) { _ = groupOfOne?.subscribe(inner) }
        scheduler.start()
        groupOfOne = nil

        XCTAssertEqual(inner.events, [.next(220, 4), .completed(300)])
    }

    func testGroupBy_DisposingOneGroupLeavesTheOthersAndTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))
        let groups = xs.groupBy { $0 % 3 }
        var results: [Int: TestableObserver<Int>] = [:]
        var innerSubscriptions: [Int: Disposable] = [:]
        var outerSubscription: Disposable?

        scheduler.scheduleAt(200) {
            outerSubscription = groups.subscribe(onNext: { group in
                let result = scheduler.createObserver(Int.self)
                results[group.key] = result
                innerSubscriptions[group.key] = group.subscribe(result)
            })
        }
        scheduler.scheduleAt(215) { innerSubscriptions[1]?.dispose() }
        scheduler.scheduleAt(1000) {
            outerSubscription?.dispose()
            innerSubscriptions.values.forEach { $0.dispose() }
        }
        scheduler.start()

        XCTAssertEqual(results[1]?.events, [.next(210, 1)])
        XCTAssertEqual(results[2]?.events, [.next(230, 2), .next(250, 5), .completed(300)])
        XCTAssertEqual(results[0]?.events, [.next(240, 6), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testGroupBy_AGroupSubscribedAfterCompletion_CompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))
        let groups = xs.groupBy { $0 % 3 }
        let inner = scheduler.createObserver(Int.self)
        var firstGroup: GroupedObservable<Int, Int>?

        scheduler.scheduleAt(200) {
            _ = groups.subscribe(onNext: { group in
                if firstGroup == nil { firstGroup = group }
            })
        }
        scheduler.scheduleAt(400) { _ = firstGroup?.subscribe(inner) }
        scheduler.start()
        firstGroup = nil

        XCTAssertEqual(inner.events, [.completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testGroupBy_AGroupSubscribedAfterTheError_FailsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(300, TestError.boom))
        let groups = xs.groupBy { $0 % 3 }
        let inner = scheduler.createObserver(Int.self)
        var firstGroup: GroupedObservable<Int, Int>?

        scheduler.scheduleAt(200) {
            _ = groups.subscribe(onNext: { group in
                if firstGroup == nil { firstGroup = group }
            }, onError: { _ in })
        }
        scheduler.scheduleAt(400) { _ = firstGroup?.subscribe(inner) }
        scheduler.start()
        firstGroup = nil

        XCTAssertEqual(inner.events, [.error(400, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testGroupBy_AGroupSubscribedAfterTheOuterWasDisposed_GetsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(300))
        let groups = xs.groupBy { $0 % 3 }
        let inner = scheduler.createObserver(Int.self)
        var firstGroup: GroupedObservable<Int, Int>?
        var outerSubscription: Disposable?
        var innerSubscription: Disposable?

        scheduler.scheduleAt(200) {
            outerSubscription = groups.subscribe(onNext: { group in
                if firstGroup == nil { firstGroup = group }
            })
        }
        scheduler.scheduleAt(235) { outerSubscription?.dispose() }
        scheduler.scheduleAt(245) { innerSubscription = firstGroup?.subscribe(inner) }
        scheduler.scheduleAt(1000) { innerSubscription?.dispose() }
        scheduler.start()
        firstGroup = nil

        XCTAssertEqual(inner.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }

    func testGroupBy_ReleasesEverythingWhenTheKeySelectorThrowsOnAFailingSource() {
        let recorder = EventRecorder<Int>()

        _ = Observable<Int>.error(TestError.boom).groupBy { _ -> Int in throw TestError.other }.map { $0.key }
            .subscribe(recorder)
        _ = Observable.just(1).groupBy { _ -> Int in throw TestError.other }.map { $0.key }.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.error(TestError.boom), .error(TestError.other)])
    }

    func testGroupedObservable_HasItsKeyAndSubscribesToItsSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let group = GroupedObservable(key: "numbers", source: xs.asObservable())

        let res = scheduler.start { group.asObservable() }
        let direct = scheduler.createObserver(Int.self)
        _ = group.subscribe(direct)
        scheduler.start()

        XCTAssertEqual(group.key, "numbers")
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(direct.events, [.next(1010, 1), .next(1020, 2), .completed(1030)])
    }
}
