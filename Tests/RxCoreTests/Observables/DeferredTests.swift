import RxCore
import XCTest

final class DeferredTests: RxCoreTestCase {
    func testDeferred_CallsFactoryPerSubscription() {
        var factoryCalls = 0
        let source = Observable<Int>.deferred {
            factoryCalls += 1
            return Observable.just(factoryCalls)
        }
        var received: [Int] = []

        XCTAssertEqual(factoryCalls, 0)
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(factoryCalls, 2)
        XCTAssertEqual(received, [1, 2])
    }

    func testDeferred_ForwardsEventsOfTheMadeSequence() {
        let recorder = EventRecorder<Int>()

        _ = Observable<Int>.deferred { Observable.from([1, 2]) }.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testDeferred_FactoryThrowsSendsError() {
        let recorder = EventRecorder<Int>()

        _ = Observable<Int>.deferred { throw TestError.boom }.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.error(.boom)])
    }

    func testDeferred_DisposeEndsInnerSubscription() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        let subscription = Observable<Int>.deferred { subject.asObservable() }.subscribe(recorder)
        subject.onNext(1)
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        subject.onNext(2)

        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(recorder.events, [.next(1)])
    }
}
