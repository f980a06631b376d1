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

    func testABag_isAGlobals_whenTopLevelCodeOrAGlobalsInitializerMadeIt() {
        let mainSwift = Assembly(name: "DisposeBag", file: "App/main.swift", line: 3)
        XCTAssertTrue(LeakRules.isGlobalBag(madeBy: "main", madeAt: mainSwift))
        XCTAssertTrue(LeakRules.isGlobalBag(madeBy: "app_main", madeAt: mainSwift))
        XCTAssertTrue(LeakRules.isGlobalBag(madeBy: "one-time initialization function for sharedBag", madeAt: nil))
        XCTAssertFalse(
            LeakRules.isGlobalBag(madeBy: "App.LoginViewModel.init() -> App.LoginViewModel", madeAt: mainSwift),
            "an owner's init made it, though in main.swift"
        )
        XCTAssertTrue(LeakRules.isGlobalBag(madeBy: nil, madeAt: mainSwift), "without symbols, the file decides")
        XCTAssertFalse(LeakRules.isGlobalBag(madeBy: nil, madeAt: Assembly(name: "DisposeBag", file: "App/Login.swift", line: 9)))
    }

    func testTheFunctionThatMadeABag_isNamedShort_withItsOwnersType() {
        let name = BagHold.shortFunctionName("App.LoginScreen.LoginViewModel.init(api: App.API) -> App.LoginScreen.LoginViewModel")
        XCTAssertEqual(name, "LoginViewModel.init(api: App.API)")
        XCTAssertEqual(BagHold(bag: "DisposeBag #2", madeAt: nil, isAliveAtEnd: true, madeIn: name).ownerTypeName, "LoginViewModel")
    }
}
