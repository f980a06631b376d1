import Dispatch
import RxCore
import RxTesting
import XCTest

/// An element whose release a test can observe through a weak reference.
private final class Box: Equatable {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }

    static func == (lhs: Box, rhs: Box) -> Bool {
        lhs.value == rhs.value
    }
}

final class ReplaySubjectTests: RxCoreTestCase {
    // MARK: - hasObservers

    func testReplaySubject_HasObserversFollowsSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        var subject: ReplaySubject<Int>!
        let results1 = scheduler.createObserver(Int.self)
        let results2 = scheduler.createObserver(Int.self)
        var subscription1: Disposable!
        var subscription2: Disposable!
        var observed: [Bool] = []

        scheduler.scheduleAt(100) { subject = ReplaySubject.create(bufferSize: 1) }
        scheduler.scheduleAt(250) { observed.append(subject.hasObservers) }
        scheduler.scheduleAt(300) { subscription1 = subject.subscribe(results1) }
        scheduler.scheduleAt(301) { subscription2 = subject.subscribe(results2) }
        scheduler.scheduleAt(350) { observed.append(subject.hasObservers) }
        scheduler.scheduleAt(400) { subscription1.dispose() }
        scheduler.scheduleAt(405) { observed.append(subject.hasObservers) }
        scheduler.scheduleAt(410) { subscription2.dispose() }
        scheduler.scheduleAt(450) { observed.append(subject.hasObservers) }
        scheduler.start()

        XCTAssertEqual(observed, [false, true, true, false])
    }

    // MARK: - Buffer sizes

    /// Sends 1…5 at 150…350 to a subject made by `makeSubject` at 100, subscribes at 400,
    /// disposes the subscription at 500; returns what the subscriber got.
    private func lateSubscriberEvents(_ makeSubject: @escaping () -> ReplaySubject<Int>) -> [Recorded<Event<Int>>] {
        let scheduler = TestScheduler(initialClock: 0)
        var subject: ReplaySubject<Int>!
        let result = scheduler.createObserver(Int.self)
        var subscription: Disposable!

        scheduler.scheduleAt(100) { subject = makeSubject() }
        for (offset, element) in (1...5).enumerated() {
            scheduler.scheduleAt(150 + 50 * offset) { subject.onNext(element) }
        }
        scheduler.scheduleAt(400) { subscription = subject.subscribe(result) }
        scheduler.scheduleAt(420) { subject.onNext(6) }
        scheduler.scheduleAt(500) { subscription.dispose() }
        scheduler.scheduleAt(510) { subject.onNext(7) }
        scheduler.start()

        return result.events
    }

    func testReplaySubject_BufferOfThreeReplaysTheLastThreeThenLiveEvents() {
        let events = lateSubscriberEvents { ReplaySubject.create(bufferSize: 3) }

        XCTAssertEqual(events, [.next(400, 3), .next(400, 4), .next(400, 5), .next(420, 6)])
    }

    func testReplaySubject_BufferOfOneReplaysTheLastElement() {
        let events = lateSubscriberEvents { ReplaySubject.create(bufferSize: 1) }

        XCTAssertEqual(events, [.next(400, 5), .next(420, 6)])
    }

    func testReplaySubject_BufferOfZeroReplaysNothing() {
        let events = lateSubscriberEvents { ReplaySubject.create(bufferSize: 0) }

        XCTAssertEqual(events, [.next(420, 6)])
    }

    func testReplaySubject_UnboundedReplaysEverything() {
        let events = lateSubscriberEvents { ReplaySubject.createUnbounded() }

        XCTAssertEqual(events, [
            .next(400, 1), .next(400, 2), .next(400, 3), .next(400, 4), .next(400, 5), .next(420, 6),
        ])
    }

    func testReplaySubject_FewerElementsThanTheBufferReplaysThemAll() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        let recorder = EventRecorder<Int>()

        subject.onNext(1)
        subject.onNext(2)
        let subscription = subject.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .next(2)])
        subscription.dispose()
    }

    func testReplaySubject_NoEventsReplaysNothing() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        let recorder = EventRecorder<Int>()

        let subscription = subject.subscribe(recorder)

        XCTAssertEqual(recorder.events, [])
        subscription.dispose()
    }

    func testReplaySubject_EarlyAndLateSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(150) { subscriptions.append(subject.subscribe(early)) }
        for (offset, element) in (1...5).enumerated() {
            scheduler.scheduleAt(200 + 50 * offset) { subject.onNext(element) }
        }
        scheduler.scheduleAt(450) { subscriptions.append(subject.subscribe(late)) }
        scheduler.scheduleAt(550) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(200, 1), .next(250, 2), .next(300, 3), .next(350, 4), .next(400, 5)])
        XCTAssertEqual(late.events, [.next(450, 3), .next(450, 4), .next(450, 5)])
    }

    // MARK: - Stop events

    func testReplaySubject_SubscriberBeforeCompletionGetsCompletion() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        let recorder = EventRecorder<Int>()
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)

        _ = subject.subscribe(recorder)
        subject.onCompleted()

        XCTAssertEqual(recorder.events, [.next(2), .next(3), .completed])
        XCTAssertFalse(subject.hasObservers, "a stop event releases every subscriber")
    }

    func testReplaySubject_SubscriberAfterCompletionGetsBufferThenCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        let result = scheduler.createObserver(Int.self)

        for (offset, element) in (1...5).enumerated() {
            scheduler.scheduleAt(150 + 50 * offset) { subject.onNext(element) }
        }
        scheduler.scheduleAt(400) { subject.onCompleted() }
        scheduler.scheduleAt(450) { _ = subject.subscribe(result) }
        scheduler.start()

        XCTAssertEqual(result.events, [.next(450, 3), .next(450, 4), .next(450, 5), .completed(450)])
    }

    func testReplaySubject_SubscriberBeforeErrorGetsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        let result = scheduler.createObserver(Int.self)

        for (offset, element) in (1...5).enumerated() {
            scheduler.scheduleAt(150 + 50 * offset) { subject.onNext(element) }
        }
        scheduler.scheduleAt(400) { _ = subject.subscribe(result) }
        scheduler.scheduleAt(450) { subject.onError(TestError.boom) }
        scheduler.start()

        XCTAssertEqual(result.events, [.next(400, 3), .next(400, 4), .next(400, 5), .error(450, TestError.boom)])
    }

    func testReplaySubject_SubscriberAfterErrorGetsBufferThenError() {
        let subject = ReplaySubject<Int>.createUnbounded()
        subject.onNext(1)
        subject.onNext(2)
        subject.onError(TestError.boom)
        let recorder = EventRecorder<Int>()

        let subscription = subject.subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .error(.boom)])
        XCTAssertFalse(subscription is Cancelable, "the no-op disposable, not a subscription")
    }

    func testReplaySubject_EventsAfterStopAreIgnoredAndNotBuffered() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)

        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        subject.onError(TestError.boom)
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)

        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertEqual(late.events, [.next(1), .completed])
    }

    // MARK: - Dispose

    func testReplaySubject_DisposedSubscriptionGetsNothingMore() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)

        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        subject.onCompleted()

        XCTAssertEqual(recorder.events, [.next(1)])
    }

    func testReplaySubject_DisposeDropsSubscribersAndLaterSubscribersGetDisposedError() {
        for subject in [ReplaySubject<Int>.create(bufferSize: 1), .create(bufferSize: 3), .createUnbounded()] {
            let before = EventRecorder<Int>()
            _ = subject.subscribe(before)
            subject.onNext(1)

            subject.dispose()
            subject.onNext(2)
            subject.onCompleted()
            var lateEvents: [Event<Int>] = []
            _ = subject.subscribe(AnyObserver { lateEvents.append($0) })

            XCTAssertFalse(subject.hasObservers)
            XCTAssertEqual(before.events, [.next(1)])
            XCTAssertEqual(lateEvents.count, 1, "only the disposed error, no replayed buffer")
            guard case .error(RxError.disposed(let object))? = lateEvents.first else {
                return XCTFail("expected RxError.disposed, got \(lateEvents)")
            }
            XCTAssertTrue(object === subject)
        }
    }

    func testReplaySubject_DisposeReleasesTheBufferedElements() {
        for subject in [ReplaySubject<Box>.create(bufferSize: 1), .create(bufferSize: 2), .createUnbounded()] {
            weak var released: Box?
            do {
                let box = Box(1)
                released = box
                subject.onNext(box)
            }
            XCTAssertNotNil(released, "buffered")

            subject.dispose()

            XCTAssertNil(released)
        }
    }

    func testReplaySubject_BoundedBufferReleasesTrimmedElements() {
        let subject = ReplaySubject<Box>.create(bufferSize: 2)
        weak var first: Box?
        do {
            let box = Box(1)
            first = box
            subject.onNext(box)
        }

        subject.onNext(Box(2))
        XCTAssertNotNil(first)
        subject.onNext(Box(3))

        XCTAssertNil(first, "trimmed out of the buffer")
    }

    func testReplaySubject_SubscriptionDoesNotKeepSubjectAlive() {
        var subject: ReplaySubject<Int>? = ReplaySubject.create(bufferSize: 2)
        weak let weakSubject = subject
        let subscription = subject!.subscribe(EventRecorder<Int>())

        subject = nil

        XCTAssertNil(weakSubject)
        subscription.dispose()
    }

    // MARK: - Re-entrancy

    func testReplaySubject_SubscribingFromOnNextReplaysTheBufferOnceIncludingTheCurrentElement() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        let inner = EventRecorder<Int>()
        var innerSubscription: Disposable?
        var outerCalls = 0

        let outer = subject.subscribe(onNext: { element in
            outerCalls += 1
            if element == 2 {
                innerSubscription = subject.subscribe(inner)
            }
        })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)

        XCTAssertEqual(outerCalls, 3)
        XCTAssertEqual(inner.events, [.next(1), .next(2), .next(3)], "2 comes from the replay, not also from the send")
        outer.dispose()
        innerSubscription?.dispose()
    }

    func testReplaySubject_SendingFromOnNextBuffersAndDeliversTheNestedElement() {
        let subject = ReplaySubject<Int>.create(bufferSize: 5)
        var received: [Int] = []

        let subscription = subject.subscribe(onNext: { element in
            received.append(element)
            if element == 1 {
                subject.onNext(10)
            }
        })
        subject.onNext(1)
        let late = EventRecorder<Int>()
        let lateSubscription = subject.subscribe(late)

        XCTAssertEqual(received, [1, 10])
        XCTAssertEqual(late.events, [.next(1), .next(10)])
        subscription.dispose()
        lateSubscription.dispose()
    }

    func testReplaySubject_DisposingFromOnNextStopsTheSubject() {
        let subject = ReplaySubject<Int>.createUnbounded()
        var received: [Int] = []

        let subscription = subject.subscribe(onNext: { element in
            received.append(element)
            subject.dispose()
        })
        subject.onNext(1)
        subject.onNext(2)

        XCTAssertEqual(received, [1])
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }

    // MARK: - Threads

    func testReplaySubject_ConcurrentSendsAreAllBufferedAndDelivered() {
        let subject = ReplaySubject<Int>.createUnbounded()
        let bounded = ReplaySubject<Int>.create(bufferSize: 10)
        let forward = subject.subscribe(bounded)

        DispatchQueue.concurrentPerform(iterations: 1_000) { element in
            subject.onNext(element)
        }
        let all = EventRecorder<Int>()
        let last = EventRecorder<Int>()
        let allSubscription = subject.subscribe(all)
        let lastSubscription = bounded.subscribe(last)

        let elements = all.events.compactMap { event -> Int? in
            if case .next(let element) = event { element } else { nil }
        }
        XCTAssertEqual(Set(elements).count, 1_000, "each element once")
        XCTAssertEqual(all.events.count, 1_000)
        XCTAssertEqual(last.events.count, 10)
        forward.dispose()
        allSubscription.dispose()
        lastSubscription.dispose()
    }
}

// MARK: - Replay without the lock

extension ReplaySubjectTests {
    func testReplaySubject_ReplaysTheBufferAfterUnlocking() {
        let subjects: [(String, ReplaySubject<Int>)] = [
            ("bufferSize 1", .create(bufferSize: 1)), ("bufferSize 2", .create(bufferSize: 2)),
            ("unbounded", .createUnbounded()),
        ]
        for (what, subject) in subjects {
            let inversion = LockInversion()
            let subscriptions = SynchronizedLog<Disposable>()
            subject.onNext(1)
            let sendable = UncheckedSendable(value: subject)

            inversion.run(
                "ReplaySubject, \(what)",
                callOut: {
                    subscriptions.append(sendable.value.subscribe(onNext: { _ in inversion.calloutNeedsForeignLock() }))
                },
                reachIn: { sendable.value.subscribe { _ in }.dispose() }
            )

            subscriptions.values.forEach { $0.dispose() }
        }
    }

    func testReplaySubject_AnElementSentDuringTheReplayFollowsTheBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        let res = scheduler.createObserver(Int.self)
        var subscription: Disposable?

        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(220) { subject.onNext(2) }
        scheduler.scheduleAt(300) {
            subscription = subject.subscribe { event in
                res.on(event)
                if case .next(1) = event { subject.onNext(3) }
            }
        }
        scheduler.scheduleAt(310) { subject.onNext(4) }
        scheduler.scheduleAt(400) { subscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(300, 1), .next(300, 2), .next(300, 3), .next(310, 4)])
    }

    func testReplaySubject_AStopEventSentDuringTheReplayFollowsTheBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = ReplaySubject<Int>.createUnbounded()
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(300) {
            _ = subject.subscribe { event in
                res.on(event)
                if case .next(1) = event { subject.onCompleted() }
            }
        }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(300, 1), .completed(300)])
    }
}
