import RxCore
import RxTesting
import XCTest

final class AsyncSubjectTests: RxCoreTestCase {
    /// Runs the RxTest scenario RxSwift's AsyncSubject tests share: `xs` feeds a subject from
    /// 200 to 1000; three observers subscribe at 300, 400 and 900 and unsubscribe at 600, 700
    /// and 950.
    private func runScenario(
        _ events: [Recorded<Event<Int>>]
    ) -> (TestableObserver<Int>, TestableObserver<Int>, TestableObserver<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        var subject: AsyncSubject<Int>!
        var subscription: Disposable!
        let results1 = scheduler.createObserver(Int.self)
        let results2 = scheduler.createObserver(Int.self)
        let results3 = scheduler.createObserver(Int.self)
        var subscription1: Disposable!
        var subscription2: Disposable!
        var subscription3: Disposable!

        scheduler.scheduleAt(100) { subject = AsyncSubject() }
        scheduler.scheduleAt(200) { subscription = xs.subscribe(subject) }
        scheduler.scheduleAt(1000) { subscription.dispose() }
        scheduler.scheduleAt(300) { subscription1 = subject.subscribe(results1) }
        scheduler.scheduleAt(400) { subscription2 = subject.subscribe(results2) }
        scheduler.scheduleAt(900) { subscription3 = subject.subscribe(results3) }
        scheduler.scheduleAt(600) { subscription1.dispose() }
        scheduler.scheduleAt(700) { subscription2.dispose() }
        scheduler.scheduleAt(950) { subscription3.dispose() }
        scheduler.start()

        return (results1, results2, results3)
    }

    func testAsyncSubject_SendsNothingBeforeItStops() {
        let (results1, results2, results3) = runScenario([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .next(630, 8), .next(710, 9), .next(870, 10), .next(940, 11), .next(1020, 12),
        ])

        XCTAssertEqual(results1.events, [])
        XCTAssertEqual(results2.events, [])
        XCTAssertEqual(results3.events, [])
    }

    func testAsyncSubject_CompletionSendsTheLastElementThenCompleted() {
        let (results1, results2, results3) = runScenario([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .completed(630), .next(640, 9), .completed(650), .error(660, TestError.boom),
        ])

        XCTAssertEqual(results1.events, [], "unsubscribed before completion")
        XCTAssertEqual(results2.events, [.next(630, 7), .completed(630)])
        XCTAssertEqual(results3.events, [.next(900, 7), .completed(900)], "a late subscriber gets the same result")
    }

    func testAsyncSubject_ErrorSendsOnlyTheError() {
        let (results1, results2, results3) = runScenario([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .error(630, TestError.boom), .next(640, 9), .completed(650),
            .error(660, TestError.other),
        ])

        XCTAssertEqual(results1.events, [])
        XCTAssertEqual(results2.events, [.error(630, TestError.boom)])
        XCTAssertEqual(results3.events, [.error(900, TestError.boom)])
    }

    func testAsyncSubject_CompletionWithoutElementsSendsOnlyCompleted() {
        let (results1, results2, results3) = runScenario([
            .completed(630), .next(640, 9), .completed(650), .error(660, TestError.boom),
        ])

        XCTAssertEqual(results1.events, [])
        XCTAssertEqual(results2.events, [.completed(630)])
        XCTAssertEqual(results3.events, [.completed(900)])
    }

    func testAsyncSubject_HasObserversFollowsSubscriptions() {
        let subject = AsyncSubject<Int>()
        XCTAssertFalse(subject.hasObservers)

        let first = subject.subscribe(EventRecorder<Int>())
        let second = subject.subscribe(EventRecorder<Int>())
        XCTAssertTrue(subject.hasObservers)
        first.dispose()
        XCTAssertTrue(subject.hasObservers)
        second.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testAsyncSubject_StopReleasesSubscribersAndLateSubscriberGetsNoOpDisposable() {
        let subject = AsyncSubject<Int>()
        let early = EventRecorder<Int>()
        _ = subject.subscribe(early)

        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        let late = EventRecorder<Int>()
        let lateSubscription = subject.subscribe(late)

        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(early.events, [.next(2), .completed])
        XCTAssertEqual(late.events, [.next(2), .completed])
        XCTAssertFalse(lateSubscription is Cancelable, "the no-op disposable, not a subscription")
    }

    func testAsyncSubject_EventsAfterTheFirstStopAreIgnored() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)

        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        subject.onError(TestError.boom)
        subject.onCompleted()
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)

        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertEqual(late.events, [.next(1), .completed], "the result is fixed by the first stop")
    }

    func testAsyncSubject_ObserverSubscribingWhileResultIsDeliveredGetsTheResultOnce() {
        let subject = AsyncSubject<Int>()
        let inner = EventRecorder<Int>()
        var outer: [Int] = []
        var innerSubscriptions = 0

        _ = subject.subscribe(onNext: { element in
            outer.append(element)
            innerSubscriptions += 1
            _ = subject.subscribe(inner)
        })
        subject.onNext(5)
        subject.onCompleted()

        XCTAssertEqual(outer, [5])
        XCTAssertEqual(innerSubscriptions, 1)
        XCTAssertEqual(inner.events, [.next(5), .completed], "subscribed after the stop: gets the result at once")
    }

    func testAsyncSubject_DisposedSubscriptionGetsNothing() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)

        subject.onNext(1)
        subscription.dispose()
        subject.onCompleted()

        XCTAssertEqual(recorder.events, [])
    }

    func testAsyncSubject_SubscriptionDoesNotKeepSubjectAlive() {
        var subject: AsyncSubject<Int>? = AsyncSubject()
        weak let weakSubject = subject
        let subscription = subject!.subscribe(EventRecorder<Int>())

        subject = nil

        XCTAssertNil(weakSubject)
        subscription.dispose()
    }
}
