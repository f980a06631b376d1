import RxCore
import RxTesting
import XCTest

final class CompletableTests: RxCoreTestCase {
    // MARK: - subscribe

    func testSubscribe_Empty_DeliversCompletion() {
        var events: [CompletableEvent] = []

        _ = Completable.empty().subscribe { events.append($0) }

        XCTAssertEqual(events, [.completed])
    }

    func testSubscribe_Error_DeliversTheError() {
        var events: [CompletableEvent] = []

        _ = Completable.error(TestError.boom).subscribe { events.append($0) }

        XCTAssertEqual(events, [.error(TestError.boom)])
    }

    func testSubscribe_Never_DeliversNothing() {
        var events: [CompletableEvent] = []

        let subscription = Completable.never().subscribe { events.append($0) }
        subscription.dispose()

        XCTAssertEqual(events, [])
    }

    func testSubscribeOnCompleted_CallsOnCompletedThenOnDisposed() {
        var log: [String] = []

        _ = Completable.empty().subscribe(
            onCompleted: { log.append("completed") },
            onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["completed", "disposed"])
    }

    func testSubscribeOnError_CallsOnErrorThenOnDisposed() {
        var log: [String] = []

        _ = Completable.error(TestError.boom).subscribe(
            onCompleted: { log.append("completed") },
            onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") }
        )

        XCTAssertEqual(log, ["error boom", "disposed"])
    }

    func testSubscribe_DisposedBeforeTheEvent_CallsOnlyOnDisposed() {
        var log: [String] = []
        var observer: Completable.CompletableObserver?
        let completable = Completable.create { sent in
            observer = sent
            return Disposables.create()
        }

        let subscription = completable.subscribe(
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        observer?(.completed)
        observer = nil

        XCTAssertEqual(log, ["disposed"])
    }

    func testSubscribeWith_PassesTheObject() {
        final class Target {
            var log: [String] = []
        }
        let target = Target()

        _ = Completable.error(TestError.boom).subscribe(
            with: target,
            onCompleted: { target in target.log.append("completed") },
            onError: { target, error in target.log.append("error \(error)") },
            onDisposed: { target in target.log.append("disposed") }
        )

        XCTAssertEqual(target.log, ["error boom", "disposed"])
    }

    // MARK: - create

    func testCreate_Completed_IgnoresEverythingAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Completable.CompletableObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(201) { observer?(.completed) }
        scheduler.scheduleAt(202) { observer?(.completed) }
        scheduler.scheduleAt(203) { observer?(.error(TestError.boom)) }

        let res = scheduler.start {
            Completable.create { sent in
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
        var observer: Completable.CompletableObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(201) { observer?(.error(TestError.boom)) }
        scheduler.scheduleAt(202) { observer?(.completed) }
        scheduler.scheduleAt(203) { observer?(.error(TestError.other)) }

        let res = scheduler.start {
            Completable.create { sent in
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
        var observer: Completable.CompletableObserver?
        var disposedTimes: [Int] = []
        scheduler.scheduleAt(203) { observer?(.completed) }

        let res = scheduler.start(disposed: 202) {
            Completable.create { sent in
                observer = sent
                return Disposables.create { disposedTimes.append(scheduler.clock) }
            }
        }
        observer = nil

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(disposedTimes, [202])
    }

    // MARK: - operators

    func testDo_CallsEachClosureOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        let res = scheduler.start {
            Completable.empty().do(
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

    func testConcat_SubscribesTheSecondOnlyAfterTheFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])

        let res = scheduler.start { first.asCompletable().concat(second.asCompletable()) }

        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testConcat_FirstFails_NeverSubscribesTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, TestError.boom)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])

        let res = scheduler.start { Completable.concat(first.asCompletable(), second.asCompletable()) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testConcat_Collection() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (1...3).map { index in
            scheduler.createColdObservable([Recorded<Event<Never>>.completed(TestTime(10 * index))])
        }

        let res = scheduler.start { Completable.concat(sources.map { $0.asCompletable() }) }

        XCTAssertEqual(res.events, [.completed(260)])
        XCTAssertEqual(sources.map(\.subscriptions), [
            [Subscription(200, 210)], [Subscription(210, 230)], [Subscription(230, 260)],
        ])
    }

    func testConcat_Sequence() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Completable.concat(AnySequence([Completable.empty(), Completable.empty()])) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testZip_SubscribesEveryOneAtOnceAndCompletesWhenAllDid() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])

        let res = scheduler.start { Completable.zip(first.asCompletable(), second.asCompletable()) }

        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 210)])
    }

    func testZip_Error_DisposesTheOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, TestError.boom)])

        let res = scheduler.start { Completable.zip([first.asCompletable(), second.asCompletable()]) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
    }

    func testZip_EmptyCollection_CompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Completable.zip(ContiguousArray<Completable>()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    @available(*, deprecated, message: "tests RxSwift's deprecated merge forms")
    func testMerge_DeprecatedForms_AreZip() {
        let res = TestScheduler(initialClock: 0).start { Completable.merge(Completable.empty(), Completable.empty()) }
        let array = TestScheduler(initialClock: 0).start { Completable.merge([Completable.error(TestError.boom)]) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(array.events, [.error(200, TestError.boom)])
    }

    // MARK: - conversions

    func testAsCompletable_FromAnObservableOfNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.completed(250)])

        let res = scheduler.start { xs.asCompletable() }

        XCTAssertEqual(res.events, [.completed(250)])
    }

    func testIgnoreElementsThenAsCompletable_DropsElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.ignoreElements().asCompletable() }

        XCTAssertEqual(res.events, [.completed(250)])
    }
}
