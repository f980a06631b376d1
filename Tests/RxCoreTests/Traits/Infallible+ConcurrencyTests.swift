import Foundation
import RxCore
import RxTesting
import XCTest

/// `values` on `Infallible`: an `AsyncStream` that cannot throw. Every wait has a timeout;
/// nothing asserts on time.
final class InfallibleConcurrencyTests: RxCoreTestCase {
    func testValues_YieldsEveryElementThenEnds_AndTheSubscriptionEnds() async {
        let lifecycle = SynchronizedLog<String>()
        let infallible = Infallible.from([1, 2, 3])
            .do(onSubscribe: { lifecycle.append("subscribe") }, onDispose: { lifecycle.append("dispose") })

        var received: [Int] = []
        for await element in infallible.values {
            received.append(element)
        }

        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(lifecycle.values, ["subscribe", "dispose"])
    }

    func testValues_EachReadSubscribesOnce() async {
        let subscribeCount = SynchronizedLog<Int>()
        let infallible = Infallible.just(7).do(onSubscribe: { subscribeCount.append(1) })

        let stream = infallible.values
        XCTAssertEqual(subscribeCount.count, 1, "reading values subscribes")
        var received: [Int] = []
        for await element in stream {
            received.append(element)
        }

        XCTAssertEqual(received, [7])
        XCTAssertEqual(subscribeCount.count, 1)
    }

    func testValues_ElementsFromAnotherThread_ArriveInOrder() async {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.infallible-values")
        let infallible = Observable.from([1, 2, 3, 4]).observe(on: scheduler).asInfallible(onErrorJustReturn: -1)

        var received: [Int] = []
        for await element in infallible.values {
            received.append(element)
        }

        XCTAssertEqual(received, [1, 2, 3, 4])
    }

    func testValues_ErrorReplacedByAsInfallible_EndsTheStreamAfterTheReplacement() async {
        let infallible = Observable<Int>.error(TestError.boom).asInfallible(onErrorJustReturn: 9)

        var received: [Int] = []
        for await element in infallible.values {
            received.append(element)
        }

        XCTAssertEqual(received, [9])
    }

    func testValues_CancellingTheTask_DisposesTheSubscription_AndTheLoopEnds() async {
        let disposeCount = SynchronizedLog<Int>()
        let outcome = SynchronizedLog<String>()
        let subscribed = expectation(description: "the infallible was subscribed")
        let ended = expectation(description: "the loop ended")

        let task = Task {
            let infallible = Infallible<Int>.never()
                .do(onSubscribed: { subscribed.fulfill() }, onDispose: { disposeCount.append(1) })
            for await element in infallible.values {
                outcome.append("next(\(element))")
            }
            outcome.append("ended")
            ended.fulfill()
        }
        await fulfillment(of: [subscribed], timeout: 5)
        task.cancel()
        await fulfillment(of: [ended], timeout: 5)

        XCTAssertEqual(disposeCount.count, 1)
        XCTAssertEqual(outcome.values, ["ended"])
    }

    func testValues_BreakingOutOfTheLoop_DisposesTheSubscription() async {
        let disposeCount = SynchronizedLog<Int>()
        let disposed = expectation(description: "the subscription was disposed")
        let infallible = Infallible.from([1, 2, 3]).concat(Infallible.never())
            .do(onDispose: { disposeCount.append(1); disposed.fulfill() })

        var received: [Int] = []
        for await element in infallible.values {
            received.append(element)
            if element == 2 {
                break
            }
        }
        await fulfillment(of: [disposed], timeout: 5)

        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(disposeCount.count, 1)
    }

    // MARK: - create(detached:priority:work:)

    func testCreateAsync_SendsEachElement_ThenCompletesWhenTheWorkReturns() {
        let workCalls = SynchronizedLog<Int>()
        let infallible = Infallible<Int>.create { observer in
            workCalls.append(1)
            observer(1)
            observer(2)
        }

        let result = infallible.asObservable().toBlocking(timeout: 5).materialize()

        guard case .completed(let elements) = result else {
            return XCTFail("expected completion, got \(result)")
        }
        XCTAssertEqual(elements, [1, 2])
        XCTAssertEqual(workCalls.count, 1)
    }

    func testCreateAsync_IsAnInfallible_AndEachSubscriptionRunsTheWorkOnce() async {
        let workCalls = SynchronizedLog<Int>()
        let infallible: Infallible<String> = Infallible.create(detached: true, priority: .low) { observer in
            workCalls.append(1)
            observer("a")
        }

        var received: [String] = []
        for await element in infallible.values {
            received.append(element)
        }
        for await element in infallible.values {
            received.append(element)
        }

        XCTAssertEqual(received, ["a", "a"])
        XCTAssertEqual(workCalls.count, 2)
    }

    func testCreateAsync_Disposing_CancelsTheTask_AndLaterElementsAreDropped() {
        let started = expectation(description: "the work started")
        let finished = expectation(description: "the work saw the cancellation")
        let events = SynchronizedLog<String>()

        let subscription = Infallible<Int>.create { observer in
            observer(1)
            started.fulfill()
            // Stands for work that runs until cancelled: the sleep ends early when the task is
            // cancelled.
            try? await Task.sleep(for: .seconds(3_600))
            observer(2)
            finished.fulfill()
        }
        .subscribe(
            onNext: { events.append("next(\($0))") },
            onCompleted: { events.append("completed") },
            onDisposed: { events.append("disposed") }
        )
        wait(for: [started], timeout: 5)
        subscription.dispose()
        wait(for: [finished], timeout: 5)

        XCTAssertEqual(events.values, ["next(1)", "disposed"])
    }
}
