import RxCore
import RxTesting
import XCTest

final class BehaviorSubjectTests: RxCoreTestCase {
    func testBehaviorSubject_ReplaysCurrentValueOnSubscribe() {
        let subject = BehaviorSubject(value: 1)
        subject.onNext(2)
        let recorder = EventRecorder<Int>()

        _ = subject.subscribe(recorder)
        subject.onNext(3)
        subject.onCompleted()

        XCTAssertEqual(recorder.events, [.next(2), .next(3), .completed])
    }

    func testBehaviorSubject_ValueIsTheLatestElement() throws {
        let subject = BehaviorSubject(value: "initial")
        XCTAssertEqual(try subject.value(), "initial")

        subject.onNext("latest")

        XCTAssertEqual(try subject.value(), "latest")
    }

    func testBehaviorSubject_ValueAfterCompletedIsTheLastElement() throws {
        let subject = BehaviorSubject(value: 1)

        subject.onCompleted()
        subject.onNext(2)

        XCTAssertEqual(try subject.value(), 1)
    }

    func testBehaviorSubject_ValueThrowsTheErrorAfterError() {
        let subject = BehaviorSubject(value: 1)

        subject.onError(TestError.boom)

        XCTAssertThrowsError(try subject.value()) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testBehaviorSubject_ValueThrowsDisposedAfterDispose() {
        let subject = BehaviorSubject(value: 1)

        subject.dispose()

        XCTAssertTrue(subject.isDisposed)
        XCTAssertThrowsError(try subject.value()) { error in
            guard case RxError.disposed = error else {
                return XCTFail("expected RxError.disposed, got \(error)")
            }
        }
    }

    func testBehaviorSubject_SubscribeAfterStopGetsOnlyStopEvent() {
        let subject = BehaviorSubject(value: 1)
        subject.onCompleted()
        let recorder = EventRecorder<Int>()

        _ = subject.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.completed])
    }

    func testBehaviorSubject_SubscribeAfterErrorGetsOnlyTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = BehaviorSubject(value: 1)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(subject.subscribe(early)) }
        scheduler.scheduleAt(210) { subject.onNext(2) }
        scheduler.scheduleAt(220) { subject.onError(TestError.boom) }
        scheduler.scheduleAt(300) { subscriptions.append(subject.subscribe(late)) }
        scheduler.scheduleAt(400) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(200, 1), .next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(late.events, [.error(300, TestError.boom)])
        XCTAssertFalse(subject.hasObservers)
    }

    func testBehaviorSubject_SubscribeAfterDisposeGetsDisposedError() {
        let subject = BehaviorSubject(value: 1)
        subject.dispose()
        var lateError: Error?

        _ = subject.subscribe(onError: { lateError = $0 })

        guard case RxError.disposed? = lateError else {
            return XCTFail("expected RxError.disposed, got \(String(describing: lateError))")
        }
    }

    func testBehaviorSubject_DisposeSubscriptionStopsDelivery() {
        let subject = BehaviorSubject(value: 0)
        var received: [Int] = []

        let subscription = subject.subscribe(onNext: { received.append($0) })
        XCTAssertTrue(subject.hasObservers)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)

        XCTAssertEqual(received, [0, 1])
        XCTAssertFalse(subject.hasObservers)
    }
}
