import RxCore
import RxTesting
import XCTest

final class CompactMapTests: RxCoreTestCase {
    func testCompactMap_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.compactMap { $0 % 2 == 0 ? $0 : nil } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testCompactMap_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])

        let res = scheduler.start { xs.compactMap { $0 % 2 == 0 ? $0 : nil } }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompactMap_FiltersNilAndCallsTheTransformOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6), .next(390, 7),
            .next(450, 8), .next(470, 9), .next(560, 10), .next(580, 11), .completed(600), .next(610, 12),
        ])
        var seen: [Int] = []

        let res = scheduler.start { () -> Observable<String> in
            xs.compactMap { element in
                seen.append(element)
                return element % 2 == 0 ? "#\(element)" : nil
            }
        }

        XCTAssertEqual(res.events, [
            .next(270, "#4"), .next(380, "#6"), .next(450, "#8"), .next(560, "#10"), .completed(600),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(seen, [3, 4, 5, 6, 7, 8, 9, 10, 11])
    }

    func testCompactMap_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .error(300, TestError.boom), .next(310, 4),
        ])

        let res = scheduler.start { xs.compactMap { $0 % 2 == 0 ? $0 : nil } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompactMap_Dispose_NothingArrivesAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 4), .next(290, 6), .completed(300)])
        var transformCalls = 0

        let res = scheduler.start(disposed: 250) { () -> Observable<Int> in
            xs.compactMap { element in
                transformCalls += 1
                return element
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(transformCalls, 2)
    }

    func testCompactMap_TransformThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
        var transformCalls = 0

        let res = scheduler.start { () -> Observable<Int> in
            xs.compactMap { element in
                transformCalls += 1
                if element == 4 { throw TestError.boom }
                return element % 2 == 0 ? element : nil
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(transformCalls, 3)
    }
}
