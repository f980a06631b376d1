@testable import RxTrace
import XCTest

/// The open subscriptions keeping each object alive (``SubscriptionKeepers``) come back in the
/// order they were added, a subscription added twice in a row kept once, as the leak finder's
/// lists of keepers held them.
final class SubscriptionKeepersTests: RxTraceTestCase {
    func testAnObjectNoneKeeps_hasNoKeepers() {
        XCTAssertEqual(SubscriptionKeepers().subscriptions(keeping: 7), [])
    }

    func testKeepers_comeBackInOrderOfAdding_aRepeatRightAfterItselfKeptOnce() {
        var keepers = SubscriptionKeepers()
        keepers.add(1, keeping: 2)
        keepers.add(1, keeping: 2)
        keepers.add(1, keeping: 4)
        keepers.add(5, keeping: 4)
        keepers.add(5, keeping: 4)
        keepers.add(1, keeping: 4)
        keepers.add(9, keeping: 4)
        XCTAssertEqual(keepers.subscriptions(keeping: 2), [1])
        XCTAssertEqual(keepers.subscriptions(keeping: 4), [1, 5, 1, 9], "only a repeat right after itself is dropped")
    }

    func testKeepers_areWhatAListPerObjectHolds_forManyObjects() {
        var keepers = SubscriptionKeepers()
        var lists: [Int64: [Int64]] = [:]
        for step in 0..<3_000 {
            let object = Int64(step % 97)
            let subscription = Int64(step % 5 == 0 ? step % 3 : 1)
            keepers.add(subscription, keeping: object)
            if lists[object]?.last != subscription { lists[object, default: []].append(subscription) }
        }
        for object in Int64(0)..<100 {
            XCTAssertEqual(keepers.subscriptions(keeping: object), lists[object] ?? [], "object \(object)")
        }
    }
}
