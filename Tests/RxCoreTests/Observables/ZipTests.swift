import RxCore
import XCTest

final class ZipTests: RxCoreTestCase {
    func testZip_PairsElementsByIndex() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<String>()
        let recorder = EventRecorder<String>()

        _ = Observable.zip(first, second) { "\($0)\($1)" }.subscribe(recorder)
        first.onNext(1)
        first.onNext(2)
        first.onNext(3)
        second.onNext("a")
        second.onNext("b")

        XCTAssertEqual(recorder.events, [.next("1a"), .next("2b")])
        first.onCompleted()
        second.onCompleted()
    }

    func testZip_TupleForm() {
        var received: [String] = []

        _ = Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b")).subscribe(onNext: { number, text in
            received.append("\(number)\(text)")
        })

        XCTAssertEqual(received, ["1a", "2b"])
    }

    func testZip_CompletesWhenBothSourcesComplete() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = Observable.zip(first, second, resultSelector: +).subscribe(recorder)
        first.onNext(1)
        first.onCompleted()
        second.onNext(2)
        XCTAssertEqual(recorder.events, [.next(3)], "as in RxSwift 6, zip waits for every source to complete")
        second.onCompleted()

        XCTAssertEqual(recorder.events, [.next(3), .completed])
    }

    func testZip_CompletedEmptySourceDoesNotCompleteWhileOtherRuns() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = Observable.zip(first, second, resultSelector: +).subscribe(recorder)
        first.onCompleted()
        second.onNext(1)
        XCTAssertEqual(recorder.events, [])
        XCTAssertFalse(first.hasObservers, "the completed source's subscription is disposed")
        second.onCompleted()

        XCTAssertEqual(recorder.events, [.completed])
    }

    func testZip_ErrorFromEitherSource() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = Observable.zip(first, second, resultSelector: +).subscribe(recorder)
        first.onNext(1)
        second.onError(TestError.boom)
        first.onNext(2)

        XCTAssertEqual(recorder.events, [.error(.boom)])
        XCTAssertFalse(first.hasObservers)
    }

    func testZip_SelectorThrows() {
        let recorder = EventRecorder<Int>()

        _ = Observable.zip(Observable.just(1), Observable.just(2)) { (_: Int, _: Int) throws -> Int in
            throw TestError.other
        }
        .subscribe(recorder)

        XCTAssertEqual(recorder.events, [.error(.other)])
    }

    func testZip_Dispose() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        let subscription = Observable.zip(first, second, resultSelector: +).subscribe(recorder)
        first.onNext(1)
        subscription.dispose()
        second.onNext(1)

        XCTAssertEqual(recorder.events, [])
        XCTAssertFalse(first.hasObservers)
        XCTAssertFalse(second.hasObservers)
    }
}
