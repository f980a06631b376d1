import Foundation
import RxCore
import RxTesting
import XCTest

/// The bridge between observables and Swift concurrency: `values`, `AsyncSequence.asObservable()`
/// and the async `create`. Every wait has a timeout; nothing asserts on time.
final class ObservableConcurrencyTests: RxCoreTestCase {
    // MARK: - values

    func testValues_FiniteObservable_YieldsEveryElementThenEnds_AndTheSubscriptionEnds() async throws {
        let lifecycle = SynchronizedLog<String>()
        let observable = Observable.from([1, 2, 3])
            .do(onSubscribe: { lifecycle.append("subscribe") }, onDispose: { lifecycle.append("dispose") })

        var received: [Int] = []
        for try await element in observable.values {
            received.append(element)
        }

        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(lifecycle.values, ["subscribe", "dispose"])
    }

    func testValues_EachReadSubscribesOnce() async throws {
        let subscribeCount = SynchronizedLog<Int>()
        let observable = Observable.just(7).do(onSubscribe: { subscribeCount.append(1) })

        let stream = observable.values
        XCTAssertEqual(subscribeCount.count, 1, "reading values subscribes")
        var received: [Int] = []
        for try await element in stream {
            received.append(element)
        }

        XCTAssertEqual(received, [7])
        XCTAssertEqual(subscribeCount.count, 1)
    }

    func testValues_ErroringObservable_ThrowsTheErrorAfterTheElements() async {
        let observable = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onError(TestError.boom)
            return Disposables.create()
        }

        var received: [Int] = []
        do {
            for try await element in observable.values {
                received.append(element)
            }
            XCTFail("the loop ended without throwing")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
        XCTAssertEqual(received, [1, 2])
    }

    func testValues_ElementsSentFromAnotherThread_ArriveInOrder() async throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.values")
        let observable = Observable.from([1, 2, 3, 4]).observe(on: scheduler)

        var received: [Int] = []
        for try await element in observable.values {
            received.append(element)
        }

        XCTAssertEqual(received, [1, 2, 3, 4])
    }

    func testValues_NeverEnding_CancellingTheTask_DisposesTheSubscription_AndTheLoopThrowsCancellationError() async {
        let disposeCount = SynchronizedLog<Int>()
        let outcome = SynchronizedLog<String>()
        let subscribed = expectation(description: "the stream subscribed")
        let disposed = expectation(description: "the subscription was disposed")
        let ended = expectation(description: "the loop ended")

        let task = Task {
            let observable = Observable<Int>.never()
                .do(onSubscribed: { subscribed.fulfill() }, onDispose: { disposeCount.append(1); disposed.fulfill() })
            do {
                for try await element in observable.values {
                    outcome.append("next(\(element))")
                }
                outcome.append("ended")
            } catch {
                outcome.append(error is CancellationError ? "CancellationError" : "\(error)")
            }
            ended.fulfill()
        }
        await fulfillment(of: [subscribed], timeout: 5)
        task.cancel()
        await fulfillment(of: [disposed, ended], timeout: 5)

        XCTAssertEqual(disposeCount.count, 1)
        XCTAssertEqual(outcome.values, ["CancellationError"])
    }

    func testValues_TaskCancelledBeforeItIterates_DisposesTheSubscription() async {
        let disposeCount = SynchronizedLog<Int>()
        let disposed = expectation(description: "the subscription was disposed")
        let ended = expectation(description: "the loop ended")
        let outcome = SynchronizedLog<String>()

        let task = Task {
            // Wait until the test cancelled this task; only then subscribe and iterate.
            while !Task.isCancelled {
                await Task.yield()
            }
            let observable = Observable<Int>.never().do(onDispose: { disposeCount.append(1); disposed.fulfill() })
            do {
                for try await _ in observable.values {
                    outcome.append("next")
                }
                outcome.append("ended")
            } catch {
                outcome.append(error is CancellationError ? "CancellationError" : "\(error)")
            }
            ended.fulfill()
        }
        task.cancel()
        await fulfillment(of: [disposed, ended], timeout: 5)

        XCTAssertEqual(disposeCount.count, 1)
        XCTAssertEqual(outcome.values, ["CancellationError"])
    }

    func testValues_BreakingOutOfTheLoop_DisposesTheSubscription() async throws {
        let disposeCount = SynchronizedLog<Int>()
        let disposed = expectation(description: "the subscription was disposed")
        let observable = Observable.from([1, 2, 3]).concat(Observable.never())
            .do(onDispose: { disposeCount.append(1); disposed.fulfill() })

        var received: [Int] = []
        for try await element in observable.values {
            received.append(element)
            if element == 2 {
                break
            }
        }
        await fulfillment(of: [disposed], timeout: 5)

        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(disposeCount.count, 1)
    }

    func testValues_DroppingTheStreamUnread_DisposesTheSubscription() async {
        let disposeCount = SynchronizedLog<Int>()
        let disposed = expectation(description: "the subscription was disposed")
        let observable = Observable<Int>.never().do(onDispose: { disposeCount.append(1); disposed.fulfill() })

        do {
            let stream = observable.values
            _ = stream
        }
        await fulfillment(of: [disposed], timeout: 5)

        XCTAssertEqual(disposeCount.count, 1)
    }

    // MARK: - subscribeValues into an AsyncStream (for sequences that cannot fail)

    func testSubscribeValues_IntoAnAsyncStream_YieldsEveryElementThenEnds() async {
        let lifecycle = SynchronizedLog<String>()
        let observable = Observable.from([1, 2])
            .do(onSubscribe: { lifecycle.append("subscribe") }, onDispose: { lifecycle.append("dispose") })
        var received: [Int] = []
        for await element in nonThrowingValues(of: observable) {
            received.append(element)
        }

        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(lifecycle.values, ["subscribe", "dispose"])
    }

    func testSubscribeValues_IntoAnAsyncStream_BreakingOutOfTheLoop_DisposesTheSubscription() async {
        let disposeCount = SynchronizedLog<Int>()
        let disposed = expectation(description: "the subscription was disposed")
        let observable = Observable.from([1, 2, 3]).concat(Observable.never())
            .do(onDispose: { disposeCount.append(1); disposed.fulfill() })

        // The stream and its iterator share the state whose release cancels the stream: the
        // stream is built in the loop's header, so both go when the loop is left.
        var received: [Int] = []
        for await element in nonThrowingValues(of: observable) {
            received.append(element)
            break
        }
        await fulfillment(of: [disposed], timeout: 5)

        XCTAssertEqual(received, [1])
        XCTAssertEqual(disposeCount.count, 1)
    }

    // MARK: - AsyncSequence.asObservable()

    func testAsObservable_AsyncStream_ForwardsEveryElementThenCompletes() {
        let stream = AsyncStream<Int> { continuation in
            continuation.yield(1)
            continuation.yield(2)
            continuation.yield(3)
            continuation.finish()
        }

        let result = stream.asObservable().toBlocking(timeout: 5).materialize()

        guard case .completed(let elements) = result else {
            return XCTFail("expected completion, got \(result)")
        }
        XCTAssertEqual(elements, [1, 2, 3])
    }

    func testAsObservable_Detached_ForwardsEveryElementThenCompletes() {
        let stream = AsyncThrowingStream<Int, Error> { continuation in
            continuation.yield(1)
            continuation.yield(2)
            continuation.finish()
        }

        let result = stream.asObservable(detached: true).toBlocking(timeout: 5).materialize()

        guard case .completed(let elements) = result else {
            return XCTFail("expected completion, got \(result)")
        }
        XCTAssertEqual(elements, [1, 2])
    }

    func testAsObservable_EmptyStream_Completes() {
        let stream = AsyncStream<Int> { $0.finish() }

        let result = stream.asObservable().toBlocking(timeout: 5).materialize()

        guard case .completed(let elements) = result else {
            return XCTFail("expected completion, got \(result)")
        }
        XCTAssertEqual(elements, [])
    }

    func testAsObservable_ThrowingStream_ForwardsTheElementsThenTheError() {
        let stream = AsyncThrowingStream<Int, Error> { continuation in
            continuation.yield(1)
            continuation.yield(2)
            continuation.finish(throwing: TestError.boom)
        }

        let result = stream.asObservable().toBlocking(timeout: 5).materialize()

        guard case .failed(let elements, let error) = result else {
            return XCTFail("expected an error, got \(result)")
        }
        XCTAssertEqual(elements, [1, 2])
        XCTAssertEqual(error as? TestError, .boom)
    }

    func testAsObservable_CancellationErrorFromTheSequence_Completes() {
        let stream = AsyncThrowingStream<Int, Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: CancellationError())
        }

        let result = stream.asObservable().toBlocking(timeout: 5).materialize()

        guard case .completed(let elements) = result else {
            return XCTFail("expected completion, got \(result)")
        }
        XCTAssertEqual(elements, [1])
    }

    func testAsObservable_ElementsYieldedLater_ArriveWhileSubscribed() {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let events = SynchronizedLog<String>()
        let first = expectation(description: "the first element arrived")
        let completed = expectation(description: "the sequence completed")

        let subscription = stream.asObservable().subscribe(
            onNext: { element in
                events.append("next(\(element))")
                if element == 1 { first.fulfill() }
            },
            onCompleted: {
                events.append("completed")
                completed.fulfill()
            }
        )
        continuation.yield(1)
        wait(for: [first], timeout: 5)
        continuation.yield(2)
        continuation.finish()
        wait(for: [completed], timeout: 5)
        subscription.dispose()

        XCTAssertEqual(events.values, ["next(1)", "next(2)", "completed"])
    }

    func testAsObservable_Disposing_CancelsTheIteratingTask_AndNothingArrivesAfter() {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let cancelled = expectation(description: "the iteration was cancelled")
        continuation.onTermination = { termination in
            if case .cancelled = termination {
                cancelled.fulfill()
            }
        }
        let events = SynchronizedLog<String>()
        let first = expectation(description: "the first element arrived")

        let subscription = stream.asObservable().subscribe(
            onNext: { element in
                events.append("next(\(element))")
                first.fulfill()
            },
            onError: { events.append("error(\($0))") },
            onCompleted: { events.append("completed") }
        )
        continuation.yield(1)
        wait(for: [first], timeout: 5)
        subscription.dispose()
        wait(for: [cancelled], timeout: 5)
        continuation.yield(2)

        XCTAssertEqual(events.values, ["next(1)"])
    }

    func testAsObservable_EachSubscription_IteratesInATaskOfItsOwn() {
        let counter = IterationCounter()
        let observable = CountingSequence(limit: 2, counter: counter).asObservable()

        XCTAssertEqual(try observable.toBlocking(timeout: 5).toArray(), [1, 2])
        XCTAssertEqual(try observable.toBlocking(timeout: 5).toArray(), [1, 2])
        XCTAssertEqual(counter.iteratorCount, 2)
    }

    // MARK: - create(detached:priority:work:)

    func testCreateAsync_SendsEachElement_ThenCompletesWhenTheWorkReturns() {
        let workCalls = SynchronizedLog<Int>()
        let observable = Observable<Int>.create { observer in
            workCalls.append(1)
            observer(1)
            observer(2)
        }

        let result = observable.toBlocking(timeout: 5).materialize()

        guard case .completed(let elements) = result else {
            return XCTFail("expected completion, got \(result)")
        }
        XCTAssertEqual(elements, [1, 2])
        XCTAssertEqual(workCalls.count, 1)
    }

    func testCreateAsync_WorkThrows_EndsWithTheError() {
        let observable = Observable<Int>.create(detached: true) { observer in
            observer(1)
            throw TestError.boom
        }

        let result = observable.toBlocking(timeout: 5).materialize()

        guard case .failed(let elements, let error) = result else {
            return XCTFail("expected an error, got \(result)")
        }
        XCTAssertEqual(elements, [1])
        XCTAssertEqual(error as? TestError, .boom)
    }

    func testCreateAsync_Disposing_CancelsTheTask_AndLaterElementsAreDropped() {
        let started = expectation(description: "the work started")
        let cancelled = expectation(description: "the work saw the cancellation")
        let events = SynchronizedLog<String>()

        let subscription = Observable<Int>.create { observer in
            observer(1)
            started.fulfill()
            // Stands for work that runs until cancelled: the sleep ends early, throwing, when the
            // task is cancelled.
            try? await Task.sleep(for: .seconds(3_600))
            observer(2)
            cancelled.fulfill()
        }
        .subscribe(
            onNext: { events.append("next(\($0))") },
            onError: { events.append("error(\($0))") },
            onCompleted: { events.append("completed") }
        )
        wait(for: [started], timeout: 5)
        subscription.dispose()
        wait(for: [cancelled], timeout: 5)

        XCTAssertEqual(events.values, ["next(1)"])
    }
}

// MARK: - Helpers

/// `observable`'s elements as an `AsyncStream`, as a sequence that cannot fail feeds one.
private func nonThrowingValues(of observable: Observable<Int>) -> AsyncStream<Int> {
    AsyncStream { continuation in
        observable.subscribeValues(feeding: NonThrowingValuesContinuation(continuation))
    }
}

/// Counts the iterators made from a ``CountingSequence``.
private final class IterationCounter: Sendable {
    private let iterators = SynchronizedLog<Int>()

    func iteratorMade() {
        iterators.append(1)
    }

    var iteratorCount: Int { iterators.count }
}

/// An async sequence of `1...limit` that counts how many iterators it made.
private struct CountingSequence: AsyncSequence, Sendable {
    let limit: Int
    let counter: IterationCounter

    struct AsyncIterator: AsyncIteratorProtocol {
        let limit: Int
        var current = 0

        mutating func next() async -> Int? {
            guard current < limit else { return nil }
            current += 1
            return current
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        counter.iteratorMade()
        return AsyncIterator(limit: limit)
    }
}
