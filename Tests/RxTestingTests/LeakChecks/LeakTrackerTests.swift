import RxCore
@testable import RxTesting
import Synchronization
import XCTest

/// Keeps the ids and names it is told, to see what an attached recorder receives.
private final class ListeningRecorder: TraceRecorder {
    struct Log {
        var lastID: Int64 = 0
        var objects: [(id: Int64, typeName: String)] = []
        var deinitialized: [Int64] = []
        var calls: [String] = []
        var exits = 0
        var subscriptions: [Int64] = []
        var terminated: [Int64] = []
        var events: [(kind: EventKind, source: Int64, observer: Int64)] = []
    }

    let log = LockedState(Log())

    var isRecordingValues: Bool { true }

    func objectInitialized(_ type: Any.Type) -> ObjectID {
        log.withLock { log in
            log.lastID += 1
            log.objects.append((log.lastID, String(describing: type)))
            return ObjectID(rawValue: log.lastID)
        }
    }

    func objectDeinitialized(_ object: ObjectID) {
        log.withLock { $0.deinitialized.append(object.rawValue) }
    }

    func callEntered(_ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt) -> CallID {
        log.withLock { log in
            log.calls.append("\(name)")
            return CallID(rawValue: Int64(log.calls.count))
        }
    }

    func callExited(_ call: CallID) {
        log.withLock { $0.exits += 1 }
    }

    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {
        log.withLock { $0.events.append((kind, source.rawValue, observer.rawValue)) }
    }

    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        log.withLock { log in
            log.subscriptions.append(Int64(log.subscriptions.count + 1))
            return SubscriptionID(rawValue: Int64(log.subscriptions.count))
        }
    }

    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {}

    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {
        log.withLock { $0.terminated.append(subscription.rawValue) }
    }

    func objectDisposed(_ object: ObjectID) {}
}

final class LeakTrackerTests: RxTestingTestCase {
    func testAttachedRecorder_ReceivesEverythingWithItsOwnIDs() throws {
        let tracker = LeakTracker.installIfNeeded().tracker
        let listener = ListeningRecorder()
        XCTAssertTrue(tracker.attach(listener))
        XCTAssertFalse(tracker.attach(ListeningRecorder()), "one attached recorder at a time")

        do {
            let subject = PublishSubject<Int>()
            _ = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subject.onCompleted()
        }
        tracker.detach(listener)

        let log = listener.log.withLock { $0 }
        XCTAssertEqual(log.objects.map(\.id), Array(1...Int64(log.objects.count)), "the listener's own serial ids")
        XCTAssertEqual(Set(log.deinitialized), Set(log.objects.map(\.id)), "every deinit reached it, by its own ids")
        XCTAssertEqual(log.subscriptions, [1])
        XCTAssertEqual(log.terminated, [1])
        XCTAssertEqual(log.exits, log.calls.count)
        XCTAssertTrue(log.calls.contains("subscribeSafe"))
        let knownIDs = Set(log.objects.map(\.id))
        XCTAssertTrue(log.events.allSatisfy { knownIDs.contains($0.source) }, "\(log.events)")
    }

    func testIsClean_ASubscriptionLeftOpenIsALeakEvenWhenItsObjectsAreAllReleased() {
        let tracker = LeakTracker.installIfNeeded().tracker
        let scope = TraceScope(name: "OpenSubscriptionTests.testLeak")
        TraceScope.$current.withValue(scope) {
            let subject = PublishSubject<Int>()
            _ = subject.subscribe(onNext: { _ in })
        }
        defer { tracker.forget(scope) }

        let report = tracker.report(for: scope)
        XCTAssertEqual(report.liveObjects.count, 0, "the subject, its observer and the disposable are gone")
        XCTAssertEqual(report.openSubscriptions.count, 1, "but the subscription was never disposed")
        XCTAssertFalse(tracker.isClean(scope), "an open subscription alone makes the scope unclean")
    }

    func testWithNothingAttached_TheTrackerTakesNoCallsOrEventsYetNamesTheChain() {
        let tracker = LeakTracker.installIfNeeded().tracker
        XCTAssertFalse(tracker.isRecordingCalls, "steps cost what they cost unrecorded")
        XCTAssertFalse(tracker.isRecordingEvents)
        let scope = TraceScope(name: "ChainTests.testLeak")
        let subject = PublishSubject<Int>()
        let subscription = TraceScope.$current.withValue(scope) {
            subject.map { $0 + 1 }.subscribe(onNext: { _ in })
        }
        defer { tracker.forget(scope) }

        let chain = tracker.report(for: scope).openSubscriptions.first?.chain ?? []
        subscription.dispose()
        XCTAssertEqual(chain.count, 3, "\(chain)")
        XCTAssertTrue(chain[0].hasPrefix("PublishSubject<Int> (made outside the test)"), "\(chain)")
        XCTAssertTrue(chain[1].hasPrefix("Map<Int, Int> #1 (map at RxTestingTests/LeakTrackerTests.swift:"), "\(chain)")
        XCTAssertTrue(chain[2].hasPrefix("AnonymousObserver<Int>"), "\(chain)")
    }

    func testAttachingAndDetaching_TurnTheCallsAndEventsOnAndOff() {
        let tracker = LeakTracker.installIfNeeded().tracker
        let listener = ListeningRecorder()
        XCTAssertTrue(tracker.attach(listener))
        XCTAssertTrue(tracker.isRecordingCalls && tracker.isRecordingEvents, "the attached recorder writes them")
        tracker.detach(listener)
        XCTAssertFalse(tracker.isRecordingCalls || tracker.isRecordingEvents)
    }

    func testDetachedRecorder_ReceivesNothingMore() {
        let tracker = LeakTracker.installIfNeeded().tracker
        let listener = ListeningRecorder()
        XCTAssertTrue(tracker.attach(listener))
        tracker.detach(listener)

        _ = Observable.just(1).subscribe(onNext: { _ in })

        XCTAssertTrue(listener.log.withLock { $0.objects.isEmpty })
    }
}
