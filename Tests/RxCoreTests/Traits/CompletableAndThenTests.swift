import RxCore
import RxTesting
import XCTest

final class CompletableAndThenTests: RxCoreTestCase {
    // MARK: - andThen a completable

    func testAndThenCompletable_SubscribesTheSecondAfterTheFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])

        let res = scheduler.start { first.asCompletable().andThen(second.asCompletable()) }

        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testAndThenCompletable_FirstFails_NeverSubscribesTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, TestError.boom)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])

        let res = scheduler.start { first.asCompletable().andThen(second.asCompletable()) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testAndThenCompletable_SecondFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.error(20, TestError.boom)])

        let res = scheduler.start { first.asCompletable().andThen(second.asCompletable()) }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testAndThenCompletable_DisposedWhileTheFirstRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(100)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])

        let res = scheduler.start(disposed: 250) { first.asCompletable().andThen(second.asCompletable()) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testAndThenCompletable_DisposedWhileTheSecondRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(100)])

        let res = scheduler.start(disposed: 250) { first.asCompletable().andThen(second.asCompletable()) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 250)])
    }

    // MARK: - andThen a single, a maybe, an observable

    func testAndThenSingle_SendsTheSinglesElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([.next(20, 1), .completed(20)])

        let res = scheduler.start { first.asCompletable().andThen(second.asSingle()) }

        XCTAssertEqual(res.events, [.next(230, 1), .completed(230)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testAndThenSingle_FirstFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let second = scheduler.createColdObservable([.next(20, 1), .completed(20)])

        let res = scheduler.start { Completable.error(TestError.boom).andThen(second.asSingle()) }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testAndThenMaybe_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Int>>.completed(20)])

        let res = scheduler.start { first.asCompletable().andThen(second.asMaybe()) }

        XCTAssertEqual(res.events, [.completed(230)])
    }

    func testAndThenMaybe_Element() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Completable.empty().andThen(Maybe.just(1)) }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
    }

    func testAndThenObservable_ForwardsEveryEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .completed(20)])

        let res = scheduler.start { first.asCompletable().andThen(second.asObservable()) }

        XCTAssertEqual(res.events, [.next(215, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    // MARK: - ordering

    func testAndThen_Chain_SubscribesEachAfterThePreviousCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let steps = (1...3).map { _ in scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)]) }

        let res = scheduler.start {
            steps[0].asCompletable().andThen(steps[1].asCompletable()).andThen(steps[2].asCompletable())
        }

        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(steps.map(\.subscriptions), [
            [Subscription(200, 210)], [Subscription(210, 220)], [Subscription(220, 230)],
        ])
    }

    func testAndThen_Chain_SynchronousCompletions_DisposeAsTheCallsUnwind() {
        var log: [String] = []
        func step(_ name: String) -> Completable {
            Completable.create { observer in
                log.append("subscribe \(name)")
                observer(.completed)
                return Disposables.create { log.append("dispose \(name)") }
            }
        }

        var events: [CompletableEvent] = []
        _ = step("a").andThen(step("b")).andThen(step("c")).subscribe { events.append($0) }

        // Each step completes before its closure returns its disposable, so the next step is
        // subscribed first and each disposable is disposed when it is returned, innermost
        // first: the same order as RxSwift's.
        XCTAssertEqual(events, [.completed])
        XCTAssertEqual(log, ["subscribe a", "subscribe b", "subscribe c", "dispose c", "dispose b", "dispose a"])
    }

    func testAndThen_TheSecondIsNotSubscribedBeforeTheFirstCompletes() {
        var secondSubscriptions = 0
        var firstObserver: Completable.CompletableObserver?
        let first = Completable.create { observer in
            firstObserver = observer
            return Disposables.create()
        }
        let second = Completable.create { observer in
            secondSubscriptions += 1
            observer(.completed)
            return Disposables.create()
        }
        var events: [CompletableEvent] = []

        _ = first.andThen(second).subscribe { events.append($0) }
        XCTAssertEqual(secondSubscriptions, 0)
        firstObserver?(.completed)
        firstObserver = nil

        XCTAssertEqual(secondSubscriptions, 1)
        XCTAssertEqual(events, [.completed])
    }
}
