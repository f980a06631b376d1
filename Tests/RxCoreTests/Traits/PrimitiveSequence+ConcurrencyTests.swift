import Foundation
@testable import RxCore
import RxTesting
import XCTest

/// `value` on `Single`, `Maybe` and `Completable`, and the async `Single.create`. Every wait
/// has a timeout; nothing asserts on time.
final class PrimitiveSequenceConcurrencyTests: RxCoreTestCase {
    // MARK: - Single.value

    func testSingleValue_ReturnsTheElement_AndTheSubscriptionEnds() async throws {
        let lifecycle = SynchronizedLog<String>()
        let single = Single.just(1)
            .do(onSubscribe: { lifecycle.append("subscribe") }, onDispose: { lifecycle.append("dispose") })

        let value = try await single.value

        XCTAssertEqual(value, 1)
        XCTAssertEqual(lifecycle.values, ["subscribe", "dispose"])
    }

    func testSingleValue_Failure_ThrowsTheError() async {
        do {
            _ = try await Single<Int>.error(TestError.boom).value
            XCTFail("value returned instead of throwing")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testSingleValue_SuccessFromAnotherThread_IsReturned() async throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.single-value")

        let value = try await Single.just(5).observe(on: scheduler).value

        XCTAssertEqual(value, 5)
    }

    func testSingleValue_NilElement_IsReturned_NotTakenForAMissingElement() async throws {
        let messages = SynchronizedLog<String>()
        FatalErrorInDebug.intercept = { messages.append($0) }
        defer { FatalErrorInDebug.intercept = nil }

        let value: Int? = try await Single<Int?>.just(nil).value

        XCTAssertNil(value)
        XCTAssertEqual(messages.values, [])
    }

    func testSingleValue_CompletionWithoutAnElement_IsAFatalErrorInDebug_AndThrowsCancellation() async {
        let messages = SynchronizedLog<String>()
        FatalErrorInDebug.intercept = { messages.append($0) }
        defer { FatalErrorInDebug.intercept = nil }
        let broken = Single<Int>(raw: Observable.empty())

        do {
            _ = try await broken.value
            XCTFail("value returned instead of throwing")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(messages.values, ["Singles can't emit a completion event"])
    }

    func testSingleValue_CancellingTheTask_DisposesTheSubscription_AndThrowsCancellationError() async {
        let disposeCount = SynchronizedLog<Int>()
        let outcome = SynchronizedLog<String>()
        let subscribed = expectation(description: "the single was subscribed")
        let ended = expectation(description: "the await ended")

        let task = Task {
            let single = Single<Int>.never()
                .do(onSubscribed: { subscribed.fulfill() }, onDispose: { disposeCount.append(1) })
            do {
                let value = try await single.value
                outcome.append("value \(value)")
            } catch {
                outcome.append(error is CancellationError ? "CancellationError" : "\(error)")
            }
            ended.fulfill()
        }
        await fulfillment(of: [subscribed], timeout: 5)
        task.cancel()
        await fulfillment(of: [ended], timeout: 5)

        XCTAssertEqual(disposeCount.count, 1)
        XCTAssertEqual(outcome.values, ["CancellationError"])
    }

    func testSingleValue_TaskCancelledBeforeTheAwait_DisposesTheSubscription_AndThrowsCancellationError() async {
        let disposeCount = SynchronizedLog<Int>()
        let outcome = SynchronizedLog<String>()
        let ended = expectation(description: "the await ended")

        let task = Task {
            while !Task.isCancelled {
                await Task.yield()
            }
            let single = Single<Int>.never().do(onDispose: { disposeCount.append(1) })
            do {
                let value = try await single.value
                outcome.append("value \(value)")
            } catch {
                outcome.append(error is CancellationError ? "CancellationError" : "\(error)")
            }
            ended.fulfill()
        }
        task.cancel()
        await fulfillment(of: [ended], timeout: 5)

        XCTAssertEqual(disposeCount.count, 1)
        XCTAssertEqual(outcome.values, ["CancellationError"])
    }

    func testSingleValue_SuccessAfterTheAwaitStarted_ResumesOnce() async throws {
        let subject = PublishSubject<Int>()
        let subscribed = expectation(description: "the single was subscribed")

        let task = Task {
            try await subject.take(1).asSingle().do(onSubscribed: { subscribed.fulfill() }).value
        }
        await fulfillment(of: [subscribed], timeout: 5)
        subject.onNext(3)
        subject.onNext(4)

        let result = try await task.value
        XCTAssertEqual(result, 3)
    }

    // MARK: - Maybe.value

    func testMaybeValue_Element_IsReturned() async throws {
        let value = try await Maybe.just(2).value

        XCTAssertEqual(value, 2)
    }

    func testMaybeValue_CompletionWithoutAnElement_ReturnsNil() async throws {
        let lifecycle = SynchronizedLog<String>()
        let maybe = Maybe<Int>.empty()
            .do(onSubscribe: { lifecycle.append("subscribe") }, onDispose: { lifecycle.append("dispose") })

        let value = try await maybe.value

        XCTAssertNil(value)
        XCTAssertEqual(lifecycle.values, ["subscribe", "dispose"])
    }

    func testMaybeValue_Failure_ThrowsTheError() async {
        do {
            _ = try await Maybe<Int>.error(TestError.boom).value
            XCTFail("value returned instead of throwing")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testMaybeValue_CancellingTheTask_DisposesTheSubscription_AndThrowsCancellationError() async {
        let disposeCount = SynchronizedLog<Int>()
        let outcome = SynchronizedLog<String>()
        let subscribed = expectation(description: "the maybe was subscribed")
        let ended = expectation(description: "the await ended")

        let task = Task {
            let maybe = Maybe<Int>.never()
                .do(onSubscribed: { subscribed.fulfill() }, onDispose: { disposeCount.append(1) })
            do {
                let value = try await maybe.value
                outcome.append("value \(String(describing: value))")
            } catch {
                outcome.append(error is CancellationError ? "CancellationError" : "\(error)")
            }
            ended.fulfill()
        }
        await fulfillment(of: [subscribed], timeout: 5)
        task.cancel()
        await fulfillment(of: [ended], timeout: 5)

        XCTAssertEqual(disposeCount.count, 1)
        XCTAssertEqual(outcome.values, ["CancellationError"], "a cancelled maybe throws, it does not return nil")
    }

    // MARK: - Completable.value

    func testCompletableValue_Completion_Returns() async throws {
        let lifecycle = SynchronizedLog<String>()
        let completable = Completable.empty()
            .do(onSubscribe: { lifecycle.append("subscribe") }, onDispose: { lifecycle.append("dispose") })

        try await completable.value

        XCTAssertEqual(lifecycle.values, ["subscribe", "dispose"])
    }

    func testCompletableValue_Failure_ThrowsTheError() async {
        do {
            try await Completable.error(TestError.boom).value
            XCTFail("value returned instead of throwing")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testCompletableValue_CancellingTheTask_DisposesTheSubscription_AndThrowsCancellationError() async {
        let disposeCount = SynchronizedLog<Int>()
        let outcome = SynchronizedLog<String>()
        let subscribed = expectation(description: "the completable was subscribed")
        let ended = expectation(description: "the await ended")

        let task = Task {
            let completable = Completable.never()
                .do(onSubscribed: { subscribed.fulfill() }, onDispose: { disposeCount.append(1) })
            do {
                try await completable.value
                outcome.append("completed")
            } catch {
                outcome.append(error is CancellationError ? "CancellationError" : "\(error)")
            }
            ended.fulfill()
        }
        await fulfillment(of: [subscribed], timeout: 5)
        task.cancel()
        await fulfillment(of: [ended], timeout: 5)

        XCTAssertEqual(disposeCount.count, 1)
        XCTAssertEqual(outcome.values, ["CancellationError"])
    }

    // MARK: - Single.create(detached:priority:work:)

    func testCreateAsync_SendsWhatTheWorkReturns_ThenCompletes() {
        let workCalls = SynchronizedLog<Int>()
        let single = Single<Int>.create {
            workCalls.append(1)
            return 42
        }

        let result = single.asObservable().toBlocking(timeout: 5).materialize()

        guard case .completed(let elements) = result else {
            return XCTFail("expected completion, got \(result)")
        }
        XCTAssertEqual(elements, [42])
        XCTAssertEqual(workCalls.count, 1)
    }

    func testCreateAsync_EachSubscriptionRunsTheWorkOnce() {
        let workCalls = SynchronizedLog<Int>()
        let single = Single<Int>.create(detached: true) {
            workCalls.append(1)
            return workCalls.count
        }

        XCTAssertEqual(try single.asObservable().toBlocking(timeout: 5).toArray().count, 1)
        XCTAssertEqual(try single.asObservable().toBlocking(timeout: 5).toArray().count, 1)
        XCTAssertEqual(workCalls.count, 2)
    }

    func testCreateAsync_WorkThrows_FailsWithTheError() {
        let single = Single<Int>.create(priority: .low) {
            throw TestError.boom
        }

        let result = single.asObservable().toBlocking(timeout: 5).materialize()

        guard case .failed(let elements, let error) = result else {
            return XCTFail("expected an error, got \(result)")
        }
        XCTAssertEqual(elements, [])
        XCTAssertEqual(error as? TestError, .boom)
    }

    func testCreateAsync_Disposing_CancelsTheTask_AndItsResultIsDropped() {
        let started = expectation(description: "the work started")
        let finished = expectation(description: "the work saw the cancellation")
        let events = SynchronizedLog<String>()

        let subscription = Single<Int>.create {
            started.fulfill()
            // Stands for work that runs until cancelled: the sleep ends early when the task is
            // cancelled.
            try? await Task.sleep(for: .seconds(3_600))
            finished.fulfill()
            return 1
        }
        .subscribe(
            onSuccess: { events.append("success(\($0))") },
            onFailure: { events.append("failure(\($0))") },
            onDisposed: { events.append("disposed") }
        )
        wait(for: [started], timeout: 5)
        subscription.dispose()
        wait(for: [finished], timeout: 5)

        XCTAssertEqual(events.values, ["disposed"])
    }

    func testCreateAsync_ValueOfTheCreatedSingle_ReturnsWhatTheWorkReturns() async throws {
        let value = try await Single<String>.create { "done" }.value

        XCTAssertEqual(value, "done")
    }
}
