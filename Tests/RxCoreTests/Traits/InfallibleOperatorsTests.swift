import Foundation
@testable import RxCore
import RxTesting
import Synchronization
import XCTest

/// The `Infallible` operators that forward to an observable operator: each sends what that
/// operator sends, and calls the user's closure as often.
final class InfallibleOperatorsTests: RxCoreTestCase {
    private func source(_ scheduler: TestScheduler) -> Infallible<Int> {
        scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 2), .next(240, 3), .completed(250)])
            .asInfallible(onErrorJustReturn: 0)
    }

    func testShare_ReplayOne_SubscribesOnce_AndHandsTheLatestToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        let shared = xs.asInfallible(onErrorJustReturn: 0).share(replay: 1)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(shared.asObservable().subscribe(early)) }
        scheduler.scheduleAt(230) { subscriptions.append(shared.asObservable().subscribe(late)) }
        scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(late.events, [.next(230, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDistinctUntilChanged_KeySelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        var keyCalls = 0

        let res = scheduler.start {
            xs.distinctUntilChanged { element -> Bool in
                keyCalls += 1
                return element > 1
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(keyCalls, 4)
    }

    func testDistinctUntilChanged_Comparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.distinctUntilChanged { $1 - $0 < 1 } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
    }

    func testDistinctUntilChanged_KeySelectorAndComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.distinctUntilChanged({ $0 % 2 }, comparer: ==) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
    }

    func testDistinctUntilChanged_KeyPath() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.map { "\($0)" }.distinctUntilChanged(at: \.count) }

        XCTAssertEqual(res.events, [.next(210, "1"), .completed(250)])
    }

    func testDebounce_SendsTheLastOfABurst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.debounce(.seconds(15), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(250, 3), .completed(250)])
    }

    func testThrottle_SendsTheFirstOfEachWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.throttle(.seconds(100), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
    }

    func testFlatMap_MergesTheInnerSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        var selectorCalls = 0

        let res = scheduler.start {
            xs.flatMap { element -> Infallible<Int> in
                selectorCalls += 1
                return Infallible.just(element * 10)
            }
        }

        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .next(230, 20), .next(240, 30), .completed(250)])
        XCTAssertEqual(selectorCalls, 4)
    }

    func testFlatMapFirst_DropsElementsWhileAnInnerRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let inner = scheduler.createColdObservable([.next(5, 100), .completed(15)])
        var selectorCalls = 0

        let res = scheduler.start {
            xs.flatMapFirst { _ -> Observable<Int> in
                selectorCalls += 1
                return inner.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(215, 100), .next(235, 100), .completed(250)])
        XCTAssertEqual(selectorCalls, 2)
    }

    func testConcatMap_RunsTheInnerSequencesOneAfterTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(212, 2), .completed(300)]).asInfallible(onErrorJustReturn: 0)

        let res = scheduler.start {
            xs.concatMap { element in
                scheduler.createColdObservable([.next(10, element), .completed(10)]).asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 2), .completed(300)])
    }

    func testConcat_StaticForms() {
        let arrays = [
            TestScheduler(initialClock: 0).start { Infallible.concat(Infallible.just(1), Infallible.just(2)) }.events,
            TestScheduler(initialClock: 0).start { Infallible.concat([Infallible.just(1), Infallible.just(2)]) }.events,
            TestScheduler(initialClock: 0).start {
                Infallible.concat(AnySequence([Infallible.just(1), Infallible.just(2)]))
            }.events,
        ]

        for events in arrays {
            XCTAssertEqual(events, [.next(200, 1), .next(200, 2), .completed(200)])
        }
    }

    func testMergeVariadic_SubscribesEveryOneAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(20, 1), .completed(30)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start {
            Infallible.merge(first.asInfallible(onErrorJustReturn: 0), second.asInfallible(onErrorJustReturn: 0))
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 1), .completed(230)])
    }

    func testScanInto_UpdatesTheSeedInPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        var accumulatorCalls = 0

        let res = scheduler.start {
            xs.scan(into: [Int]()) { all, element in
                accumulatorCalls += 1
                all.append(element)
            }.map(\.count)
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        XCTAssertEqual(accumulatorCalls, 4)
    }

    func testTakeUntilOther_StopsAtTheOthersElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let other = scheduler.createHotObservable([.next(225, "stop")])

        let infallibleOther = scheduler.start { xs.take(until: other.asInfallible(onErrorJustReturn: "")) }
        let observableOther = TestScheduler(initialClock: 0).start { Infallible.of(1, 2).take(until: Observable<Int>.just(0)) }

        XCTAssertEqual(infallibleOther.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(observableOther.events, [.completed(200)])
    }

    func testTakeUntilPredicate_Inclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(until: { $0 == 2 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
    }

    func testTakeWhile_StopsAtTheFirstRefused() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(while: { $0 < 3 }) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 2), .completed(240)])
    }

    func testTakeFor_StopsAfterTheDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)

        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(225)])
    }

    func testSkipWhile_SendsFromTheFirstRefused() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        var predicateCalls = 0

        let res = scheduler.start {
            xs.skip(while: { element in
                predicateCalls += 1
                return element < 2
            })
        }

        XCTAssertEqual(res.events, [.next(220, 2), .next(230, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(predicateCalls, 2)
    }

    func testSkipUntil_SendsAfterTheOthersElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let other = scheduler.createHotObservable([.next(235, "go")])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.next(240, 3), .completed(250)])
    }

    func testWithUnretained_Tuple() {
        final class Target {}
        let target = Target()
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Infallible.just(1).withUnretained(target).map { $0.0 === target ? $0.1 : -1 } }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
    }

    func testWithLatestFrom_WithoutSelector_SendsTheOthersLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler)
        let ys = scheduler.createHotObservable([.next(215, "a"), .next(235, "b")]).asInfallible(onErrorJustReturn: "")

        let res = scheduler.start { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.next(220, "a"), .next(230, "a"), .next(240, "b"), .completed(250)])
    }

    func testDebug_PrintsForSinglesAndInfallibles() {
        let previousWrite = DebugOutput.write
        defer { DebugOutput.write = previousWrite }
        let lines = LockedState<[String]>([])
        DebugOutput.write = { line in lines.withLock { $0.append(line) } }

        let single = TestScheduler(initialClock: 0).start { Single.just(1).debug("single") }
        let infallible = TestScheduler(initialClock: 0).start { Infallible.just(2).debug("infallible") }

        XCTAssertEqual(single.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(infallible.events, [.next(200, 2), .completed(200)])
        let printed = lines.withLock { $0 }.map { $0.components(separatedBy: ": ").dropFirst().joined(separator: ": ") }
        XCTAssertEqual(printed, [
            "single -> subscribed", "single -> Event next(1)", "single -> Event completed", "single -> isDisposed",
            "infallible -> subscribed", "infallible -> Event next(2)", "infallible -> Event completed",
            "infallible -> isDisposed",
        ])
    }
}
