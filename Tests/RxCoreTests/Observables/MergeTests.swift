import RxCore
import XCTest

final class MergeTests: RxCoreTestCase {
    func testFlatMap_MergesInnerSequences() {
        let recorder = EventRecorder<Int>()

        _ = Observable.of(1, 2).flatMap { Observable.of($0 * 10, $0 * 10 + 1) }.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(10), .next(11), .next(20), .next(21), .completed])
    }

    func testFlatMap_InterleavesInnersInArrivalOrder() {
        let outer = PublishSubject<Int>()
        let innerA = PublishSubject<String>()
        let innerB = PublishSubject<String>()
        let recorder = EventRecorder<String>()

        _ = outer.flatMap { $0 == 1 ? innerA : innerB }.subscribe(recorder)
        outer.onNext(1)
        innerA.onNext("a1")
        outer.onNext(2)
        innerB.onNext("b1")
        innerA.onNext("a2")

        XCTAssertEqual(recorder.events, [.next("a1"), .next("b1"), .next("a2")])
        innerA.onCompleted()
        innerB.onCompleted()
        outer.onCompleted()
    }

    func testFlatMap_CompletesOnlyWhenOuterAndAllInnersComplete() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = outer.flatMap { _ in inner }.subscribe(recorder)
        outer.onNext(1)
        outer.onCompleted()
        XCTAssertEqual(recorder.events, [], "the inner sequence is still running")
        inner.onNext(5)
        inner.onCompleted()

        XCTAssertEqual(recorder.events, [.next(5), .completed])
    }

    func testFlatMap_InnerCompletingDoesNotCompleteWhileOuterRuns() {
        let outer = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = outer.flatMap { Observable.just($0) }.subscribe(recorder)
        outer.onNext(1)
        outer.onNext(2)
        XCTAssertEqual(recorder.events, [.next(1), .next(2)])
        outer.onCompleted()

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testFlatMap_InnerErrorEndsEverything() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = outer.flatMap { _ in inner }.subscribe(recorder)
        outer.onNext(1)
        inner.onError(TestError.boom)
        outer.onNext(2)

        XCTAssertEqual(recorder.events, [.error(.boom)])
        XCTAssertFalse(outer.hasObservers)
        XCTAssertFalse(inner.hasObservers)
    }

    func testFlatMap_OuterErrorEndsEverything() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = outer.flatMap { _ in inner }.subscribe(recorder)
        outer.onNext(1)
        outer.onError(TestError.other)
        inner.onNext(1)

        XCTAssertEqual(recorder.events, [.error(.other)])
        XCTAssertFalse(inner.hasObservers)
    }

    func testFlatMap_SelectorThrowsSendsError() {
        let outer = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = outer.flatMap { element -> Observable<Int> in
            if element == 2 { throw TestError.boom }
            return Observable.just(element)
        }
        .subscribe(recorder)
        outer.onNext(1)
        outer.onNext(2)
        outer.onNext(3)

        XCTAssertEqual(recorder.events, [.next(1), .error(.boom)])
        XCTAssertFalse(outer.hasObservers)
    }

    func testFlatMap_DisposeEndsOuterAndInners() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        let subscription = outer.flatMap { _ in inner }.subscribe(recorder)
        outer.onNext(1)
        inner.onNext(1)
        subscription.dispose()
        inner.onNext(2)

        XCTAssertEqual(recorder.events, [.next(1)])
        XCTAssertFalse(outer.hasObservers)
        XCTAssertFalse(inner.hasObservers)
    }
}
