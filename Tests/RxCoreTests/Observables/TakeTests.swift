import RxCore
import XCTest

final class TakeTests: RxCoreTestCase {
    func testTake_CompletesRightAfterTheLastElement() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = subject.take(2).subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
        XCTAssertFalse(subject.hasObservers, "take unsubscribes from its source once it completed")
    }

    func testTake_SourceCompletesFirst() {
        let recorder = EventRecorder<Int>()

        _ = Observable.of(1, 2).take(5).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testTake_Error() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = subject.take(3).subscribe(recorder)
        subject.onNext(1)
        subject.onError(TestError.boom)

        XCTAssertEqual(recorder.events, [.next(1), .error(.boom)])
    }

    func testTake_Zero_CompletesWithoutSubscribing() {
        var subscribeCount = 0
        let source = Observable<Int>.create { observer in
            subscribeCount += 1
            observer.onNext(1)
            return Disposables.create()
        }
        let recorder = EventRecorder<Int>()

        _ = source.take(0).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.completed])
        XCTAssertEqual(subscribeCount, 0)
    }

    func testTake_One_TakesTheFirstElementOnly() {
        let subject = BehaviorSubject(value: 10)
        var received: [Int] = []

        _ = subject.take(1).subscribe(onNext: { received.append($0) })
        subject.onNext(11)

        XCTAssertEqual(received, [10])
    }

    func testTake_Dispose() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        let subscription = subject.take(3).subscribe(recorder)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)

        XCTAssertEqual(recorder.events, [.next(1)])
        XCTAssertFalse(subject.hasObservers)
    }
}
