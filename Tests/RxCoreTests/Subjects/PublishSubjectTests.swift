import Dispatch
import RxCore
import Synchronization
import XCTest

/// A counter several threads may bump.
private final class ThreadSafeCounter: Sendable {
    private let count = LockedState(0)

    var value: Int { count.withLock { $0 } }

    func increment() {
        count.withLock { $0 += 1 }
    }
}

final class PublishSubjectTests: RxCoreTestCase {
    func testPublishSubject_SubscribeNextDisposeNextNotDelivered() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []

        let subscription = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)

        XCTAssertEqual(received, [1])
        XCTAssertFalse(subject.hasObservers)
    }

    func testPublishSubject_SubscribersGetOnlyLaterEvents() {
        let subject = PublishSubject<Int>()
        let early = EventRecorder<Int>()
        let late = EventRecorder<Int>()

        _ = subject.subscribe(early)
        subject.onNext(1)
        _ = subject.subscribe(late)
        subject.onNext(2)
        subject.onCompleted()

        XCTAssertEqual(early.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(late.events, [.next(2), .completed])
    }

    func testPublishSubject_DeliversToObserversInSubscriptionOrder() {
        let subject = PublishSubject<Int>()
        var log: [String] = []

        _ = subject.subscribe(onNext: { log.append("first \($0)") })
        _ = subject.subscribe(onNext: { log.append("second \($0)") })
        subject.onNext(1)
        subject.onCompleted()

        XCTAssertEqual(log, ["first 1", "second 1"])
    }

    func testPublishSubject_NothingAfterStopEvent() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()

        _ = subject.subscribe(recorder)
        subject.onError(TestError.boom)
        subject.onNext(1)
        subject.onCompleted()

        XCTAssertEqual(recorder.events, [.error(.boom)])
        XCTAssertFalse(subject.hasObservers, "a stop event releases every subscriber")
    }

    func testPublishSubject_SubscribeAfterStopGetsStopEventAndNoOpDisposable() {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        subject.onCompleted()
        let recorder = EventRecorder<Int>()

        let subscription = subject.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.completed])
        XCTAssertFalse(subscription is Cancelable, "the no-op disposable, not a subscription")
        XCTAssertFalse(subject.hasObservers)
    }

    func testPublishSubject_SubscribeAfterErrorGetsTheError() {
        let subject = PublishSubject<Int>()
        subject.onError(TestError.other)
        let recorder = EventRecorder<Int>()

        _ = subject.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.error(.other)])
    }

    func testPublishSubject_DisposeDropsSubscribersAndLaterSubscribersGetDisposedError() {
        let subject = PublishSubject<Int>()
        let before = EventRecorder<Int>()
        _ = subject.subscribe(before)

        subject.dispose()
        subject.onNext(1)
        var lateError: Error?
        _ = subject.subscribe(onError: { lateError = $0 })

        XCTAssertTrue(subject.isDisposed)
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(before.events, [])
        guard case RxError.disposed(let object)? = lateError else {
            return XCTFail("expected RxError.disposed, got \(String(describing: lateError))")
        }
        XCTAssertTrue(object === subject)
    }

    func testPublishSubject_SubscriptionDoesNotKeepSubjectAlive() {
        var subject: PublishSubject<Int>? = PublishSubject()
        weak let weakSubject = subject
        let subscription = subject!.subscribe(onNext: { _ in })

        subject = nil

        XCTAssertNil(weakSubject)
        subscription.dispose()
    }

    func testPublishSubject_AsObserverFeedsTheSubject() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        _ = subject.subscribe(onNext: { received.append($0) })

        subject.asObserver().onNext(3)
        AnyObserver(subject).onNext(4)

        XCTAssertEqual(received, [3, 4])
        subject.onCompleted()
    }

    func testPublishSubject_ConcurrentSendersReachEverySubscriber() {
        let subject = PublishSubject<Int>()
        let received = ThreadSafeCounter()
        let first = subject.subscribe(onNext: { _ in received.increment() })
        let second = subject.subscribe(onNext: { _ in received.increment() })

        DispatchQueue.concurrentPerform(iterations: 1_000) { element in
            subject.onNext(element)
        }

        XCTAssertEqual(received.value, 2_000)
        first.dispose()
        second.dispose()
    }
}
