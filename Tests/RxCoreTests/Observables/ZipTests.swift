import RxCore
import RxTesting
import XCTest

final class ZipTests: RxCoreTestCase {
    func testZip_NeverNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1)])
        let e1 = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 1000)])
    }

    func testZip_EmptyEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.completed(210)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 210)])
    }

    func testZip_PairsElementsByIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(400)])
        let e1 = scheduler.createHotObservable([.next(215, "a"), .next(250, "b"), .completed(400)])

        let res = scheduler.start { Observable.zip(e0, e1) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(215, "1a"), .next(250, "2b"), .completed(400)])
    }

    func testZip_TupleForm() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b")).map { "\($0)\($1)" }
        }

        XCTAssertEqual(res.events, [.next(200, "1a"), .next(200, "2b"), .completed(200)])
    }

    func testZip_CompletesOnlyWhenEverySourceCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let e1 = scheduler.createHotObservable([.next(230, 2), .completed(260)])

        let res = scheduler.start { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(230, 3), .completed(260)], "as in RxSwift 6, zip waits for every source")
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 260)])
    }

    func testZip_ErrorFromEitherSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let e1 = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])

        let res = scheduler.start { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
    }

    func testZip_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .completed(300)])

        let res = scheduler.start {
            Observable.zip(e0, e1) { (_: Int, _: Int) throws -> Int in throw TestError.other }
        }

        XCTAssertEqual(res.events, [.error(220, TestError.other)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
    }

    func testZip_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let e1 = scheduler.createHotObservable([.next(220, 10), .next(250, 20)])

        let res = scheduler.start(disposed: 240) { Observable.zip(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(220, 11)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 240)])
    }

    // MARK: - Collection

    func testZipCollection_EmptyCollectionCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.zip([Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testZipCollection_ArraysOfTheSameIndexInCollectionOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(211, 4), .next(212, 7), .completed(400)])
        let e2 = scheduler.createHotObservable([.next(220, 2), .next(250, 5), .completed(410)])
        let e3 = scheduler.createHotObservable([.next(230, 3), .next(240, 6), .completed(420)])

        let res = scheduler.start { Observable.zip([e1, e2, e3]) }

        XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .next(250, [4, 5, 6]), .completed(420)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 410)])
        XCTAssertEqual(e3.subscriptions, [Subscription(200, 420)])
    }

    func testZipCollection_ResultSelectorIsCalledOncePerResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(240, 3)])
        let e2 = scheduler.createHotObservable([.next(220, 2), .next(230, 4)])
        var selectorCalls = 0

        let res = scheduler.start {
            Observable.zip([e1, e2]) { (values: [Int]) -> String in
                selectorCalls += 1
                return values.map(String.init).joined(separator: " ")
            }
        }

        XCTAssertEqual(res.events, [.next(220, "1 2"), .next(240, "3 4")])
        XCTAssertEqual(selectorCalls, 2)
    }

    func testZipCollection_CompletesWhenASourceSendsAfterEveryOtherCompletedAndOneHasNothingQueued() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let e2 = scheduler.createHotObservable([.next(230, 2), .next(240, 3), .completed(300)])

        let res = scheduler.start { Observable.zip([e1, e2]) }

        XCTAssertEqual(res.events, [.next(230, [1, 2]), .completed(240)], "unlike the fixed arities")
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 240)])
    }

    func testZipCollection_ErrorFromASourceEndsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(260, 5)])
        let e2 = scheduler.createHotObservable([.next(220, 2), .error(250, TestError.boom)])

        let res = scheduler.start { Observable.zip([e1, e2]) }

        XCTAssertEqual(res.events, [.next(220, [1, 2]), .error(250, TestError.boom)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 250)])
    }

    func testZipCollection_SelectorThrowingEndsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(260, 5)])
        let e2 = scheduler.createHotObservable([.next(220, 2), .next(270, 6)])
        var selectorCalls = 0

        let res = scheduler.start {
            Observable.zip([e1, e2]) { (_: [Int]) throws -> Int in
                selectorCalls += 1
                throw TestError.other
            }
        }

        XCTAssertEqual(res.events, [.error(220, TestError.other)])
        XCTAssertEqual(selectorCalls, 1)
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 220)])
    }

    func testZipCollection_DisposeStopsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(260, 5)])
        let e2 = scheduler.createHotObservable([.next(220, 2), .next(270, 7)])

        let res = scheduler.start(disposed: 250) { Observable.zip([e1, e2]) }

        XCTAssertEqual(res.events, [.next(220, [1, 2])])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 250)])
    }
}

// MARK: - Lock discipline

extension ZipTests {
    func testZipCollection_AnErrorDisposesTheOtherSourcesAfterUnlocking() {
        let inversion = LockInversion()
        let failing = PublishSubject<Int>()
        let sender = ObserverBox<Int>()
        let events = SynchronizedLog<TestEvent<[Int]>>()
        let subscription = Observable.zip([
            failing.asObservable(), ObserverBox<Int>().source(onDispose: { inversion.calloutNeedsForeignLock() }),
            sender.source(),
        ]).subscribe { events.append(TestEvent($0)) }
        let sendable = UncheckedSendable(value: failing)

        inversion.run(
            "zip of a collection, failing",
            callOut: { sendable.value.onError(TestError.boom) },
            reachIn: { sender.observer?.onNext(1) }
        )

        XCTAssertEqual(events.values, [.error(TestError.boom)])
        subscription.dispose()
    }

    func testZipCollection_ACompletedSourceIsDisposedAfterUnlocking() {
        let inversion = LockInversion()
        let completing = ObserverBox<Int>()
        let other = ObserverBox<Int>()
        let events = SynchronizedLog<TestEvent<[Int]>>()
        let subscription = Observable.zip([
            completing.source(onDispose: { inversion.calloutNeedsForeignLock() }), other.source(),
        ]).subscribe { events.append(TestEvent($0)) }

        inversion.run(
            "zip of a collection, one source completing",
            callOut: { completing.observer?.onCompleted() },
            reachIn: { other.observer?.onNext(1) }
        )

        XCTAssertEqual(events.values, [.completed])
        subscription.dispose()
    }
}
