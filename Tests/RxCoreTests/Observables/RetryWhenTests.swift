import RxCore
import RxTesting
import XCTest

/// An error of another type than the one a `retry(when:)` handler asks for.
private struct OtherError: Error {}

final class RetryWhenTests: RxCoreTestCase {
    func testRetryWhen_SourceCompletes_CompletesWithoutCallingTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let trigger = scheduler.createHotObservable([.next(150, 1), .next(220, 9)])
        var handlerCalls = 0

        let res = scheduler.start(disposed: 300) {
            xs.retry { (errors: Observable<TestError>) -> TestableObservable<Int> in
                handlerCalls += 1
                return trigger
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(handlerCalls, 1)
    }

    func testRetryWhen_TriggerNeverEmits_WaitsAfterTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .error(250, TestError.boom),
        ])
        let never = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.retry { (_: Observable<TestError>) in never } }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
    }

    func testRetryWhen_TriggerCompletedEarlier_CompletesAtTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError.boom), .completed(40)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(230)])

        let res = scheduler.start { xs.retry { (_: Observable<TestError>) in empty.asObservable() } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testRetryWhen_TriggerElements_ResubscribeUntilTheTriggerFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError.boom), .completed(40)])
        var errorsSeen = 0

        let res = scheduler.start(disposed: 300) {
            xs.retry { (errors: Observable<TestError>) in
                errors.map { _ -> Int in
                    errorsSeen += 1
                    if errorsSeen == 2 {
                        throw TestError.other
                    }
                    return errorsSeen
                }
            }
        }

        XCTAssertEqual(res.events, [
            .next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, TestError.other),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
        XCTAssertEqual(errorsSeen, 2)
    }

    func testRetryWhen_TriggerCompletesAfterAnError_Completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError.boom), .completed(40)])
        var errorsSeen = 0

        let res = scheduler.start(disposed: 300) {
            xs.retry { (errors: Observable<TestError>) in
                errors.map { _ -> Int in
                    errorsSeen += 1
                    return errorsSeen
                }
                .take(while: { $0 < 2 })
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
    }

    func testRetryWhen_IncrementalBackOff() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.boom)])
        let delays = (1...3).map { attempt in
            scheduler.createColdObservable([.next(attempt * 50, attempt), .completed(attempt * 50)])
        }
        var attempts = 0

        let res = scheduler.start(disposed: 800) {
            xs.retry { (errors: Observable<Swift.Error>) in
                errors.flatMap { error -> Observable<Int> in
                    attempts += 1
                    if attempts >= 4 {
                        return Observable.error(error)
                    }
                    return delays[attempts - 1].asObservable()
                }
            }
        }

        XCTAssertEqual(res.events, [
            .next(205, 1), .next(265, 1), .next(375, 1), .next(535, 1), .error(540, TestError.boom),
        ])
        XCTAssertEqual(xs.subscriptions, [
            Subscription(200, 210), Subscription(260, 270), Subscription(370, 380), Subscription(530, 540),
        ])
        XCTAssertEqual(delays.map(\.subscriptions), [
            [Subscription(210, 260)], [Subscription(270, 370)], [Subscription(380, 530)],
        ])
        XCTAssertEqual(attempts, 4)
    }

    func testRetryWhen_ErrorOfAnotherType_EndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.boom)])
        var errorsSeen = 0

        let res = scheduler.start(disposed: 800) {
            xs.retry { (errors: Observable<OtherError>) in
                errors.map { _ in errorsSeen += 1 }
            }
        }

        XCTAssertEqual(res.events, [.next(205, 1), .error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(errorsSeen, 0)
    }

    func testRetryWhen_Dispose_WhileWaitingForTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.boom)])
        let delay = scheduler.createColdObservable([.next(50, 0), .completed(50)])

        let res = scheduler.start(disposed: 240) {
            xs.retry { (errors: Observable<Swift.Error>) in
                errors.flatMap { _ in delay.asObservable() }
            }
        }

        XCTAssertEqual(res.events, [.next(205, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(delay.subscriptions, [Subscription(210, 240)])
    }

    func testRetryWhen_Dispose_DuringAnAttempt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(20, 2), .error(30, TestError.boom)])

        let res = scheduler.start(disposed: 245) {
            xs.retry(when: { errors in errors })
        }

        XCTAssertEqual(res.events, [.next(205, 1), .next(220, 2), .next(235, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 245)])
    }

    func testRetryWhen_SourceFailingWhileSubscribed_RetriesAfterThatAttemptReturns() {
        var subscribeCount = 0
        let source = Observable<Int>.create { observer in
            subscribeCount += 1
            observer.on(.next(0))
            observer.on(.next(1))
            if subscribeCount < 2 {
                observer.on(.error(TestError.boom))
            }
            observer.on(.next(2))
            observer.on(.completed)
            return Disposables.create()
        }
        let recorder = EventRecorder<Int>()

        let subscription = source.retry { (errors: Observable<Swift.Error>) in errors }.subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events, [.next(0), .next(1), .next(0), .next(1), .next(2), .completed])
        XCTAssertEqual(subscribeCount, 2)
    }
}
