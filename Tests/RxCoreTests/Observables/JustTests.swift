import RxCore
import RxTesting
import XCTest

final class JustTests: RxCoreTestCase {
    func testJust_SendsTheElementAndCompletesOnSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.just(42) }

        XCTAssertEqual(res.events, [.next(200, 42), .completed(200)])
    }

    func testJust_EachSubscriberGetsTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = Observable.just("a")
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)

        scheduler.scheduleAt(210) { _ = source.subscribe(first) }
        scheduler.scheduleAt(220) { _ = source.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, "a"), .completed(210)])
        XCTAssertEqual(second.events, [.next(220, "a"), .completed(220)])
    }

    // MARK: - just(_:scheduler:)

    func testJustScheduled_SendsTheElementAndTheCompletionAsTwoSteps() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.just(42, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 42), .completed(202)])
    }

    func testJustScheduled_DisposeBeforeTheElementSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            let subscription = Observable.just(42, scheduler: scheduler).subscribe(observer)
            subscription.dispose()
        }
        scheduler.start()

        XCTAssertEqual(observer.events, [])
    }

    func testJustScheduled_DisposeAtTheElementsTimeWinsWhenScheduledFirst() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 201) { Observable.just(42, scheduler: scheduler) }

        // The dispose at 201 was scheduled before the element's step, so it runs first.
        XCTAssertEqual(res.events, [])
    }

    func testJustScheduled_ObserverDisposingOnTheElementGetsNoCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [String] = []
        var subscription: Disposable?

        scheduler.scheduleAt(200) {
            subscription = Observable.just(7, scheduler: scheduler).subscribe(
                onNext: { element in
                    events.append("next \(element)@\(scheduler.clock)")
                    subscription?.dispose()
                },
                onCompleted: { events.append("completed") }
            )
        }
        scheduler.start()

        XCTAssertEqual(events, ["next 7@201"])
        XCTAssertEqual(scheduler.clock, 201, "the completion's step was cancelled")
    }

    func testJustScheduled_OnTheCurrentThreadSchedulerRunsSynchronously() {
        let recorder = EventRecorder<String>()

        _ = Observable.just("a", scheduler: CurrentThreadScheduler.instance).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next("a"), .completed])
    }

    func testJustScheduled_EachSubscriberGetsItsOwnSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = Observable.just("a", scheduler: scheduler)
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)

        scheduler.scheduleAt(210) { _ = source.subscribe(first) }
        scheduler.scheduleAt(220) { _ = source.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(211, "a"), .completed(212)])
        XCTAssertEqual(second.events, [.next(221, "a"), .completed(222)])
    }
}
