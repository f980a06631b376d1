import RxCore
import XCTest

final class CombineLatestTests: RxCoreTestCase {
    func testCombineLatest_WaitsForBothThenCombinesOnEveryElement() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = Observable.combineLatest(first, second) { $0 * 10 + $1 }.subscribe(recorder)
        first.onNext(1)
        first.onNext(2)
        XCTAssertEqual(recorder.events, [], "nothing until both have sent")
        second.onNext(5)
        first.onNext(3)
        second.onNext(6)

        XCTAssertEqual(recorder.events, [.next(25), .next(35), .next(36)])
        first.onCompleted()
        second.onCompleted()
    }

    func testCombineLatest_TupleForm() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<String>()
        var received: [String] = []

        _ = Observable.combineLatest(first, second).subscribe(onNext: { number, text in
            received.append("\(number)\(text)")
        })
        first.onNext(1)
        second.onNext("a")
        second.onNext("b")
        first.onCompleted()
        second.onCompleted()

        XCTAssertEqual(received, ["1a", "1b"])
    }

    func testCombineLatest_CompletesWhenBothComplete() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = Observable.combineLatest(first, second, resultSelector: +).subscribe(recorder)
        first.onNext(1)
        second.onNext(2)
        first.onCompleted()
        XCTAssertEqual(recorder.events, [.next(3)])
        second.onNext(3)
        second.onCompleted()

        XCTAssertEqual(recorder.events, [.next(3), .next(4), .completed])
    }

    func testCombineLatest_EmptySourceCompletesWhenOtherSends() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = Observable.combineLatest(first, second, resultSelector: +).subscribe(recorder)
        first.onCompleted()
        XCTAssertEqual(recorder.events, [], "combineLatest waits for the other source to send or complete")
        second.onNext(1)

        XCTAssertEqual(recorder.events, [.completed])
        XCTAssertFalse(second.hasObservers)
    }

    func testCombineLatest_ErrorFromEitherSource() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = Observable.combineLatest(first, second, resultSelector: +).subscribe(recorder)
        first.onNext(1)
        second.onError(TestError.boom)
        first.onNext(2)

        XCTAssertEqual(recorder.events, [.error(.boom)])
        XCTAssertFalse(first.hasObservers)
    }

    func testCombineLatest_SelectorThrows() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = Observable.combineLatest(first, second) { (_: Int, _: Int) throws -> Int in throw TestError.other }
            .subscribe(recorder)
        first.onNext(1)
        second.onNext(2)

        XCTAssertEqual(recorder.events, [.error(.other)])
        XCTAssertFalse(first.hasObservers)
        XCTAssertFalse(second.hasObservers)
    }

    func testCombineLatest_Dispose() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        let subscription = Observable.combineLatest(first, second, resultSelector: +).subscribe(recorder)
        first.onNext(1)
        second.onNext(1)
        subscription.dispose()
        first.onNext(2)

        XCTAssertEqual(recorder.events, [.next(2)])
        XCTAssertFalse(first.hasObservers)
        XCTAssertFalse(second.hasObservers)
    }
}
