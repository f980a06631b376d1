import RxCore
import RxTesting
import XCTest

/// A value with two parts, for the key-path form.
private struct Reading: Equatable {
    let sensor: String
    let value: Int
}

final class DistinctUntilChangedTests: RxCoreTestCase {
    func testDistinctUntilChanged_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testDistinctUntilChanged_AllChanges() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDistinctUntilChanged_SomeChanges_ComparesWithTheLastForwardedElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 3), .next(220, 3), .next(225, 2), .next(230, 2),
            .next(230, 1), .next(240, 2), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [
            .next(210, 2), .next(215, 3), .next(225, 2), .next(230, 1), .next(240, 2), .completed(250),
        ])
    }

    func testDistinctUntilChanged_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 2), .error(230, TestError.boom)])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 2), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDistinctUntilChanged_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(260, 4), .completed(270)])

        let res = scheduler.start(disposed: 250) { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDistinctUntilChanged_KeySelector_CalledOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 4), .next(230, 3), .next(240, 5), .completed(250),
        ])
        var keySelectorCalls = 0

        let res = scheduler.start {
            xs.distinctUntilChanged { element -> Int in
                keySelectorCalls += 1
                return element % 2
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 3), .completed(250)])
        XCTAssertEqual(keySelectorCalls, 4)
    }

    func testDistinctUntilChanged_Comparer_NotCalledForTheFirstElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
        ])
        var comparisons: [[Int]] = []

        let res = scheduler.start {
            xs.distinctUntilChanged { (lhs: Int, rhs: Int) -> Bool in
                comparisons.append([lhs, rhs])
                return true
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(250)])
        XCTAssertEqual(comparisons, [[2, 3], [2, 4]])
    }

    func testDistinctUntilChanged_ComparerAllDifferent_ForwardsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 2), .next(230, 2), .completed(250)])

        let res = scheduler.start { xs.distinctUntilChanged { (_: Int, _: Int) in false } }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 2), .next(230, 2), .completed(250)])
    }

    func testDistinctUntilChanged_KeySelectorAndComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "A"), .next(230, "b"), .next(240, "B"), .completed(250),
        ])
        var keySelectorCalls = 0
        var comparerCalls = 0

        let res = scheduler.start {
            xs.distinctUntilChanged(
                { element -> String in
                    keySelectorCalls += 1
                    return element.lowercased()
                },
                comparer: { lhs, rhs in
                    comparerCalls += 1
                    return lhs == rhs
                }
            )
        }

        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "b"), .completed(250)])
        XCTAssertEqual(keySelectorCalls, 4)
        XCTAssertEqual(comparerCalls, 3)
    }

    func testDistinctUntilChanged_KeySelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start {
            xs.distinctUntilChanged { (element: Int) -> Int in
                if element == 3 { throw TestError.boom }
                return element
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDistinctUntilChanged_ComparerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start {
            xs.distinctUntilChanged { (_: Int, _: Int) -> Bool in throw TestError.boom }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDistinctUntilChanged_KeyPath() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Reading(sensor: "a", value: 1)), .next(220, Reading(sensor: "b", value: 1)),
            .next(230, Reading(sensor: "b", value: 2)), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged(at: \.value) }

        XCTAssertEqual(res.events, [
            .next(210, Reading(sensor: "a", value: 1)), .next(230, Reading(sensor: "b", value: 2)), .completed(250),
        ])
    }
}
