import RxCore
import XCTest

final class BagTests: RxCoreTestCase {
    func testBag_KeysAndIterationFollowInsertionOrder() {
        var bag = Bag<String>()

        let first = bag.insert("a")
        let second = bag.insert("b")
        let third = bag.insert("c")
        var visited: [String] = []
        bag.forEach { visited.append($0) }

        XCTAssertEqual(visited, ["a", "b", "c"])
        XCTAssertEqual(Set([first, second, third]).count, 3, "every insertion gets its own key")
    }

    func testBag_RemoveKeyReturnsTheElementOnce() {
        var bag = Bag<String>()
        _ = bag.insert("a")
        let key = bag.insert("b")
        _ = bag.insert("c")

        XCTAssertEqual(bag.removeKey(key), "b")
        XCTAssertNil(bag.removeKey(key))

        var visited: [String] = []
        bag.forEach { visited.append($0) }
        XCTAssertEqual(visited, ["a", "c"])
        XCTAssertEqual(bag.count, 2)
    }

    func testBag_KeysAreNotReusedAfterRemoval() {
        var bag = Bag<Int>()
        let first = bag.insert(1)
        bag.removeKey(first)

        let second = bag.insert(2)

        XCTAssertNotEqual(first, second)
    }

    func testBag_RemoveAll() {
        var bag = Bag<Int>()
        _ = bag.insert(1)
        _ = bag.insert(2)

        bag.removeAll()

        XCTAssertEqual(bag.count, 0)
        XCTAssertEqual(bag.debugDescription, "0 elements in Bag")
    }
}
