import RxCore
import XCTest

final class CreateTests: RxCoreTestCase {
    func testCreate_DeliversEventsInOrder() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        let recorder = EventRecorder<Int>()

        _ = source.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testCreate_DropsEventsAfterCompleted() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(TestError.boom)
            observer.onCompleted()
            return Disposables.create()
        }
        let recorder = EventRecorder<Int>()

        _ = source.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }

    func testCreate_DropsEventsAfterError() {
        let source = Observable<Int>.create { observer in
            observer.onError(TestError.boom)
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let recorder = EventRecorder<Int>()

        _ = source.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.error(.boom)])
    }

    func testCreate_DisposesReturnedDisposableOnCompletion() {
        let resource = TestDisposable()
        let source = Observable<Int>.create { observer in
            observer.onCompleted()
            return resource
        }

        _ = source.subscribe(onNext: { _ in })

        XCTAssertEqual(resource.disposeCount, 1)
    }

    func testCreate_DisposingSubscriptionDisposesResourceAndStopsDelivery() {
        let resource = TestDisposable()
        var sendToObserver: ((Int) -> Void)?
        let source = Observable<Int>.create { observer in
            sendToObserver = { observer.onNext($0) }
            return resource
        }
        var received: [Int] = []

        let subscription = source.subscribe(onNext: { received.append($0) })
        sendToObserver?(1)
        subscription.dispose()
        sendToObserver?(2)
        sendToObserver = nil

        XCTAssertEqual(received, [1])
        XCTAssertEqual(resource.disposeCount, 1)
    }

    func testCreate_RunsClosureOncePerSubscription() {
        var subscribeCount = 0
        let source = Observable<Int>.create { observer in
            subscribeCount += 1
            observer.onCompleted()
            return Disposables.create()
        }

        _ = source.subscribe(onNext: { _ in })
        _ = source.subscribe(onNext: { _ in })

        XCTAssertEqual(subscribeCount, 2)
    }
}
