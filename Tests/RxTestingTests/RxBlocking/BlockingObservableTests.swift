import Dispatch
import Foundation
import RxCore
import RxTesting
import XCTest

final class BlockingObservableTests: RxTestingTestCase {
    /// A sequence that sends `elements` from a background queue, then `end` (nothing when
    /// `nil`), while the test thread waits.
    private func background(_ elements: [Int], then end: Event<Int>? = .completed) -> Observable<Int> {
        // Event and AnyObserver are not Sendable; each is handed to the one queue below and
        // used only there.
        nonisolated(unsafe) let end = end
        return Observable.create { observer in
            nonisolated(unsafe) let observer = observer
            DispatchQueue.global().async {
                for element in elements {
                    observer.onNext(element)
                }
                if let end {
                    observer.on(end)
                }
            }
            return Disposables.create()
        }
    }

    /// A sequence that counts up from 0 on a background queue, one element per millisecond,
    /// until it is disposed.
    private func endlessBackgroundCounter() -> Observable<Int> {
        Observable.create { observer in
            nonisolated(unsafe) let observer = observer
            let disposable = BooleanDisposable()
            DispatchQueue.global().async {
                var next = 0
                while !disposable.isDisposed {
                    observer.onNext(next)
                    next += 1
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
            return disposable
        }
    }

    // MARK: - toArray

    func testToArray_SynchronousSequence() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking(timeout: 5).toArray(), [1, 2, 3])
    }

    func testToArray_WaitsForABackgroundSequence() throws {
        XCTAssertEqual(try background([1, 2, 3]).toBlocking(timeout: 5).toArray(), [1, 2, 3])
    }

    func testToArray_Empty() throws {
        XCTAssertEqual(try Observable<Int>.empty().toBlocking(timeout: 5).toArray(), [])
    }

    func testToArray_ThrowsTheSequencesError() {
        XCTAssertThrowsError(try background([1], then: .error(TestError.boom)).toBlocking(timeout: 5).toArray()) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testToArray_TimesOut() {
        let start = Date()

        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.1).toArray()) { error in
            guard case RxError.timeout = error else { return XCTFail("expected RxError.timeout, got \(error)") }
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.1)
    }

    func testToArray_NoTimeoutWhenTheSequenceEndsInTime() throws {
        XCTAssertEqual(try background([1, 2]).toBlocking(timeout: 5).toArray(), [1, 2])
    }

    // MARK: - first and last

    func testFirst_ReturnsTheFirstElementAndDisposes() throws {
        let subject = BehaviorSubject(value: 7)

        XCTAssertEqual(try subject.toBlocking(timeout: 5).first(), 7)
        XCTAssertFalse(subject.hasObservers, "first() disposes its subscription")
    }

    func testFirst_EndlessBackgroundSequence() throws {
        XCTAssertEqual(try endlessBackgroundCounter().toBlocking(timeout: 5).first(), 0)
    }

    func testFirst_EmptyIsNil() throws {
        XCTAssertNil(try Observable<Int>.empty().toBlocking(timeout: 5).first())
    }

    func testFirst_Error() {
        XCTAssertThrowsError(try Observable<Int>.error(TestError.boom).toBlocking(timeout: 5).first()) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testFirst_TimesOut() {
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.05).first()) { error in
            guard case RxError.timeout = error else { return XCTFail("expected RxError.timeout, got \(error)") }
        }
    }

    func testLast_ReturnsTheLastElement() throws {
        XCTAssertEqual(try background([1, 2, 3]).toBlocking(timeout: 5).last(), 3)
        XCTAssertNil(try Observable<Int>.empty().toBlocking(timeout: 5).last())
    }

    func testLast_Error() {
        XCTAssertThrowsError(try background([1], then: .error(TestError.other)).toBlocking(timeout: 5).last()) { error in
            XCTAssertEqual(error as? TestError, .other)
        }
    }

    // MARK: - single

    func testSingle_ReturnsTheOnlyElement() throws {
        XCTAssertEqual(try background([5]).toBlocking(timeout: 5).single(), 5)
    }

    func testSingle_EmptyThrowsNoElements() {
        XCTAssertThrowsError(try Observable<Int>.empty().toBlocking(timeout: 5).single()) { error in
            guard case RxError.noElements = error else { return XCTFail("expected RxError.noElements, got \(error)") }
        }
    }

    func testSingle_TwoElementsThrowMoreThanOneElementWithoutWaitingForTheEnd() {
        let source = PublishSubject<Int>()
        let endless = Observable.concatLike(Observable.of(1, 2), then: source)

        XCTAssertThrowsError(try endless.toBlocking(timeout: 5).single()) { error in
            guard case RxError.moreThanOneElement = error else {
                return XCTFail("expected RxError.moreThanOneElement, got \(error)")
            }
        }
        XCTAssertFalse(source.hasObservers)
    }

    func testSinglePredicate_ReturnsTheOnlyMatchingElement() throws {
        XCTAssertEqual(try background([1, 2, 3]).toBlocking(timeout: 5).single { $0 == 2 }, 2)
    }

    func testSinglePredicate_NoMatchThrowsNoElements() {
        XCTAssertThrowsError(try background([1, 3]).toBlocking(timeout: 5).single { $0 == 2 }) { error in
            guard case RxError.noElements = error else { return XCTFail("expected RxError.noElements, got \(error)") }
        }
    }

    func testSinglePredicate_TwoMatchesThrowMoreThanOneElement() {
        XCTAssertThrowsError(try background([2, 1, 2]).toBlocking(timeout: 5).single { $0 == 2 }) { error in
            guard case RxError.moreThanOneElement = error else {
                return XCTFail("expected RxError.moreThanOneElement, got \(error)")
            }
        }
    }

    func testSinglePredicate_PredicateErrorIsThrown() {
        XCTAssertThrowsError(try background([1]).toBlocking(timeout: 5).single { _ in throw TestError.boom }) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testSingle_TimesOut() {
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.05).single()) { error in
            guard case RxError.timeout = error else { return XCTFail("expected RxError.timeout, got \(error)") }
        }
    }

    // MARK: - materialize

    func testMaterialize_Completed() {
        guard case .completed(let elements) = background([1, 2]).toBlocking(timeout: 5).materialize() else {
            return XCTFail("expected .completed")
        }
        XCTAssertEqual(elements, [1, 2])
    }

    func testMaterialize_FailedKeepsTheElementsBeforeTheError() {
        let result = background([1, 2], then: .error(TestError.boom)).toBlocking(timeout: 5).materialize()

        guard case .failed(let elements, let error) = result else { return XCTFail("expected .failed") }
        XCTAssertEqual(elements, [1, 2])
        XCTAssertEqual(error as? TestError, .boom)
    }

    func testMaterialize_TimeoutKeepsTheElementsReceivedSoFar() {
        let source = PublishSubject<Int>()
        let result = Observable.concatLike(Observable.of(1, 2), then: source).toBlocking(timeout: 0.1).materialize()

        guard case .failed(let elements, let error) = result else { return XCTFail("expected .failed") }
        XCTAssertEqual(elements, [1, 2])
        guard case RxError.timeout = error else { return XCTFail("expected RxError.timeout, got \(error)") }
        XCTAssertFalse(source.hasObservers, "the timed-out subscription is disposed")
    }

    // MARK: - traits

    func testSingle_First() throws {
        XCTAssertEqual(try Single.just(1).toBlocking(timeout: 5).first(), 1)
    }

    func testSingle_WaitsForABackgroundSequence() throws {
        XCTAssertEqual(try background([7]).asSingle().toBlocking(timeout: 5).single(), 7)
    }

    func testSingle_ThrowsItsError() {
        XCTAssertThrowsError(try background([1, 2]).asSingle().toBlocking(timeout: 5).first()) { error in
            guard case RxError.moreThanOneElement = error else { return XCTFail("expected moreThanOneElement, got \(error)") }
        }
    }

    func testMaybe_Empty_FirstIsNil() throws {
        XCTAssertNil(try Maybe<Int>.empty().toBlocking(timeout: 5).first())
    }

    func testCompletable_Materialize_Completes() {
        guard case .completed(let elements) = Completable.empty().toBlocking(timeout: 5).materialize() else {
            return XCTFail("expected .completed")
        }
        XCTAssertEqual(elements.count, 0)
    }

    func testCompletable_ThrowsItsError() {
        XCTAssertThrowsError(try Completable.error(TestError.boom).toBlocking(timeout: 5).toArray()) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testCompletable_TimesOut() {
        XCTAssertThrowsError(try Completable.never().toBlocking(timeout: 0.1).toArray()) { error in
            guard case RxError.timeout = error else { return XCTFail("expected RxError.timeout, got \(error)") }
        }
    }

    func testInfallible_ToArray() throws {
        XCTAssertEqual(try background([1, 2]).asInfallible(onErrorJustReturn: 0).toBlocking(timeout: 5).toArray(), [1, 2])
    }

    // MARK: - On the main thread

    /// XCTest runs test methods on the main thread; RxBlocking keeps its run loop turning
    /// while it waits, so work sent to the main queue runs.
    func testToArray_OnTheMainThread_MainScheduler() throws {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs test methods on the main thread")

        let elements = try Observable.just(1)
            .delay(.milliseconds(1), scheduler: MainScheduler.instance)
            .toBlocking(timeout: 1)
            .toArray()

        XCTAssertEqual(elements, [1])
    }

    func testToArray_OnTheMainThread_MainQueue() throws {
        let sequence = Observable<Int>.create { observer in
            nonisolated(unsafe) let observer = observer
            DispatchQueue.main.async {
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
            }
            return Disposables.create()
        }

        XCTAssertEqual(try sequence.toBlocking(timeout: 1).toArray(), [1, 2])
    }

    func testToArray_OnTheMainThread_WithoutTimeout() throws {
        // The timeout operator, on a background queue, ends the sequence should the main
        // queue never run, so that the test fails instead of hanging.
        let sequence = Observable.just(1)
            .delay(.milliseconds(1), scheduler: MainScheduler.instance)
            .timeout(.seconds(5), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))

        XCTAssertEqual(try sequence.toBlocking().toArray(), [1])  // bounded by the timeout operator
    }

    func testFirst_OnTheMainThread_MainScheduler() throws {
        let element = try Observable<Int>.interval(.milliseconds(1), scheduler: MainScheduler.instance)
            .toBlocking(timeout: 1)
            .first()

        XCTAssertEqual(element, 0)
    }

    func testTimeout_DebugDescription() {
        XCTAssertEqual(RxError.timeout.debugDescription, "Sequence timeout.")
    }
}

extension Observable {
    /// `first`'s elements, then everything `second` sends, without completing in between:
    /// RxCore has no `concat` yet, so tests build the sequence with `create`.
    fileprivate static func concatLike(_ first: Observable<Element>, then second: Observable<Element>) -> Observable<Element> {
        Observable.create { observer in
            let firstSubscription = first.subscribe(onNext: { observer.onNext($0) })
            let secondSubscription = second.subscribe(observer)
            return Disposables.create(firstSubscription, secondSubscription)
        }
    }
}
