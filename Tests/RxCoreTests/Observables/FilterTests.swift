import RxCore
import XCTest

final class FilterTests: RxCoreTestCase {
    func testFilter_Complete() {
        let recorder = EventRecorder<Int>()

        _ = Observable.from([1, 2, 3, 4, 5]).filter { $0 % 2 == 1 }.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .next(3), .next(5), .completed])
    }

    func testFilter_Error() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = subject.filter { $0 > 1 }.subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        subject.onError(TestError.boom)
        subject.onNext(3)

        XCTAssertEqual(recorder.events, [.next(2), .error(.boom)])
    }

    func testFilter_PredicateThrows() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = subject.filter { element in
            if element == 2 { throw TestError.other }
            return true
        }
        .subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)

        XCTAssertEqual(recorder.events, [.next(1), .error(.other)])
        XCTAssertFalse(subject.hasObservers)
    }

    func testFilter_Dispose() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        let subscription = subject.filter { _ in true }.subscribe(recorder)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)

        XCTAssertEqual(recorder.events, [.next(1)])
        XCTAssertFalse(subject.hasObservers)
    }
}
