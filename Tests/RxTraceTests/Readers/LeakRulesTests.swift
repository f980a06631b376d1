import RxCore
@testable import RxTrace
import XCTest

/// When a subscription ended is written once (``LeakRules/isOpen(hasEnded:isDisposableTraced:isObserverAlive:)``,
/// applied to a trace's subscriptions by ``SubscriptionRecord/isStillOpen(isObserverAlive:)``).
final class LeakRulesTests: RxTraceTestCase {
    private func subscription(endKind: SubscriptionEnd?, disposable: Int64?) -> SubscriptionRecord {
        SubscriptionRecord(
            id: 1, startNanoseconds: 0, threadName: "main", callID: 1, observableObjectID: 1, observableTypeName: nil,
            observerObjectID: 2, disposableObjectID: disposable, file: "App/Main.swift", line: 7,
            endNanoseconds: endKind == nil ? nil : 10, endKind: endKind
        )
    }

    func testASubscriptionThatTerminatedOrWasDisposed_hasEnded_whateverItsObserver() {
        for kind in SubscriptionEnd.allCases {
            XCTAssertFalse(subscription(endKind: kind, disposable: 3).isStillOpen(isObserverAlive: true), "\(kind)")
            XCTAssertFalse(subscription(endKind: kind, disposable: nil).isStillOpen(isObserverAlive: true), "\(kind)")
        }
    }

    func testATracedDisposableNeverDisposed_keepsTheSubscriptionOpen_evenOnceItsObserverIsReleased() {
        XCTAssertTrue(subscription(endKind: nil, disposable: 3).isStillOpen(isObserverAlive: false))
        XCTAssertTrue(subscription(endKind: nil, disposable: 3).isStillOpen(isObserverAlive: true))
    }

    func testAnUntracedDisposable_endsTheSubscriptionWhenItsObserverIsReleased() {
        XCTAssertFalse(subscription(endKind: nil, disposable: nil).isStillOpen(isObserverAlive: false))
        XCTAssertTrue(subscription(endKind: nil, disposable: nil).isStillOpen(isObserverAlive: true))
    }

    func testTheRuleItself_isWhatRxTestingsLeakChecksCallToo() {
        XCTAssertTrue(LeakRules.isOpen(hasEnded: false, isDisposableTraced: true, isObserverAlive: false))
        XCTAssertFalse(LeakRules.isOpen(hasEnded: false, isDisposableTraced: false, isObserverAlive: false))
        XCTAssertFalse(LeakRules.isOpen(hasEnded: true, isDisposableTraced: true, isObserverAlive: true))
    }

    func testAChainsLabels_areOrderedByTheSameRuleAsItsIds() {
        XCTAssertEqual(
            LeakRules.chain(subscribedThrough: ["Map #2", "PublishSubject #1"], observer: "AnonymousObserver #3"),
            ["PublishSubject #1", "Map #2", "AnonymousObserver #3"]
        )
    }
}
