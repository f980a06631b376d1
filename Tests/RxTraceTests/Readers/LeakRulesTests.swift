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

    func testAnElementWithoutItsIDs_isCutAsCharactersAre_whateverTheLabel() {
        let labels = [
            "PublishSubject<Int> #1", "Map<Int, Int> #2 (map at App/Main.swift:7)", "AnonymousObserver<Int> #6",
            "", " ", "#", "#1", "  a  #2  b ", "a#b #c", "\r\n #1\r\n", "tab\t#1 x",
            "Map<Int, Int> #\u{301}2", "Map #1 \u{301}#2 x", "é #3 ü", "a \u{301}b #4", "#\u{200D}5 x", "日本 #7",
        ]
        for label in labels {
            let asCharacters = label.split(separator: " ").filter { !$0.hasPrefix("#") }.joined(separator: " ")
            XCTAssertEqual(LeakRules.withoutIDs(label), asCharacters, "\(label.debugDescription)")
        }
    }
}
