import RxCore
import RxTesting
import XCTest

final class ReduceTests: RxCoreTestCase {
    func testReduce_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { xs.reduce(42, accumulator: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testReduce_Empty_SendsTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.reduce(42, accumulator: +) }

        XCTAssertEqual(res.events, [.next(250, 42), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReduce_Return() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 24), .completed(250)])

        let res = scheduler.start { xs.reduce(42, accumulator: +) }

        XCTAssertEqual(res.events, [.next(250, 66), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReduce_Throw() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 24), .error(210, TestError.boom)])

        let res = scheduler.start { xs.reduce(42, accumulator: +) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testReduce_SomeData_SendsOnlyTheFinalValueAndCallsTheAccumulatorOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
        ])
        var seen: [Int] = []

        let res = scheduler.start {
            xs.reduce(42) { accumulate, element in
                seen.append(element)
                return accumulate + element
            }
        }

        XCTAssertEqual(res.events, [.next(260, 52), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(seen, [0, 1, 2, 3, 4])
    }

    func testReduce_AccumulatorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
        ])
        var accumulatorCalls = 0

        let res = scheduler.start {
            xs.reduce(42) { accumulate, element in
                accumulatorCalls += 1
                if element < 3 { return accumulate + element }
                throw TestError.boom
            }
        }

        XCTAssertEqual(res.events, [.error(240, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(accumulatorCalls, 4)
    }

    func testReduce_Dispose_NothingArrivesAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(260)])
        var accumulatorCalls = 0

        let res = scheduler.start(disposed: 230) {
            xs.reduce(42) { accumulate, element in
                accumulatorCalls += 1
                return accumulate + element
            }
        }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(accumulatorCalls, 2)
    }

    func testReduceWithMapResult_Empty_MapsTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.reduce(42, accumulator: +, mapResult: { $0 * 5 }) }

        XCTAssertEqual(res.events, [.next(250, 210), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReduceWithMapResult_SomeData_MapsOnceAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
        ])
        var mapCalls = 0

        let res = scheduler.start {
            xs.reduce(42, accumulator: +, mapResult: { accumulate -> String in
                mapCalls += 1
                return "\(accumulate * 5)"
            })
        }

        XCTAssertEqual(res.events, [.next(260, "260"), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(mapCalls, 1)
    }

    func testReduceWithMapResult_Throw_NeverMaps() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 24), .error(220, TestError.boom)])
        var mapCalls = 0

        let res = scheduler.start {
            xs.reduce(42, accumulator: +, mapResult: { accumulate -> Int in
                mapCalls += 1
                return accumulate
            })
        }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(mapCalls, 0)
    }

    func testReduceWithMapResult_MapResultThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 0), .next(220, 1), .completed(260)])

        let res = scheduler.start {
            xs.reduce(42, accumulator: +, mapResult: { (_: Int) -> Int in throw TestError.boom })
        }

        XCTAssertEqual(res.events, [.error(260, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }
}
