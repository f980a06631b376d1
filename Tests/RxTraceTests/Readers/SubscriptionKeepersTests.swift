@testable import RxTrace
import XCTest

/// The open subscriptions keeping each object alive (``SubscriptionKeepers``, by the object's
/// place in the live objects' index) come back in the order they were added, a subscription
/// added twice in a row kept once, as the leak finder's lists of keepers by id held them.
final class SubscriptionKeepersTests: RxTraceTestCase {
    func testAnObjectNoneKeeps_hasNoKeepers() {
        let keepers = SubscriptionKeepers(objectCount: 8)
        XCTAssertEqual(keepers.subscriptions(keepingObjectAt: 0), [])
        XCTAssertEqual(keepers.subscriptions(keepingObjectAt: 7), [])
    }

    func testKeepers_comeBackInOrderOfAdding_aRepeatRightAfterItselfKeptOnce() {
        var keepers = SubscriptionKeepers(objectCount: 5)
        keepers.add(1, keepingObjectAt: 2)
        keepers.add(1, keepingObjectAt: 2)
        keepers.add(1, keepingObjectAt: 4)
        keepers.add(5, keepingObjectAt: 4)
        keepers.add(5, keepingObjectAt: 4)
        keepers.add(1, keepingObjectAt: 4)
        keepers.add(9, keepingObjectAt: 4)
        XCTAssertEqual(keepers.subscriptions(keepingObjectAt: 2), [1])
        XCTAssertEqual(keepers.subscriptions(keepingObjectAt: 4), [1, 5, 1, 9], "only a repeat right after itself is dropped")
        XCTAssertEqual(keepers.subscriptions(keepingObjectAt: 3), [])
    }

    func testKeepersOfAnyNumber_evenTheSmallestInteger_areWhatAListPerObjectHolds() {
        var keepers = SubscriptionKeepers(objectCount: 100)
        var lists: [Int: [Int64]] = [:]
        for step in 0..<3_000 {
            let object = step % 97
            let subscription: Int64 = step % 5 == 0 ? Int64(step % 3) : step % 11 == 0 ? .min : 1
            keepers.add(subscription, keepingObjectAt: object)
            if lists[object]?.last != subscription { lists[object, default: []].append(subscription) }
        }
        for object in 0..<100 {
            XCTAssertEqual(keepers.subscriptions(keepingObjectAt: object), lists[object] ?? [], "object \(object)")
        }
    }
}
