import RxCore
import RxTesting
import XCTest

final class ScanTests: RxCoreTestCase {
    func testScan_Seed_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        var accumulatorCalls = 0

        let res = scheduler.start {
            xs.scan(42) { accumulate, element in
                accumulatorCalls += 1
                return accumulate + element
            }
        }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(accumulatorCalls, 0)
    }

    func testScan_Seed_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.scan(42) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testScan_Seed_Return() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.scan(42) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 44), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testScan_Seed_Throw() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.scan(42) { $0 + $1 } }

        XCTAssertEqual(res.events, [.error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testScan_Seed_SomeData_SendsEveryIntermediateValueAndCallsTheAccumulatorOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        var seen: [Int] = []

        let res = scheduler.start {
            xs.scan(42) { accumulate, element in
                seen.append(element)
                return accumulate + element
            }
        }

        XCTAssertEqual(res.events, [
            .next(210, 44), .next(220, 47), .next(230, 51), .next(240, 56), .completed(250),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(seen, [2, 3, 4, 5])
    }

    func testScan_Seed_AccumulatorThrows_EndsWithTheErrorAndStopsCalling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        var accumulatorCalls = 0

        let res = scheduler.start {
            xs.scan(42) { accumulate, element in
                accumulatorCalls += 1
                if element == 4 { throw TestError.boom }
                return accumulate + element
            }
        }

        XCTAssertEqual(res.events, [.next(210, 44), .next(220, 47), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(accumulatorCalls, 3)
    }

    func testScan_Seed_Dispose_NothingArrivesAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        var accumulatorCalls = 0

        let res = scheduler.start(disposed: 225) {
            xs.scan(42) { accumulate, element in
                accumulatorCalls += 1
                return accumulate + element
            }
        }

        XCTAssertEqual(res.events, [.next(210, 44), .next(220, 47)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(accumulatorCalls, 2)
    }

    func testScan_EachSubscriptionStartsFromTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let scanned = xs.scan(100) { $0 + $1 }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = scanned.subscribe(first) }
        scheduler.scheduleAt(300) { _ = scanned.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 101), .next(220, 103), .completed(230)])
        XCTAssertEqual(second.events, [.next(310, 101), .next(320, 103), .completed(330)])
    }

    func testScanInto_Seed_SomeData_MutatesTheAccumulatorInPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
        ])
        var accumulatorCalls = 0

        let res = scheduler.start {
            xs.scan(into: [Int]()) { accumulate, element in
                accumulatorCalls += 1
                accumulate.append(element)
            }
        }

        XCTAssertEqual(res.events, [.next(210, [2]), .next(220, [2, 3]), .next(230, [2, 3, 4]), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(accumulatorCalls, 3)
    }

    func testScanInto_Seed_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.scan(into: 42) { $0 += $1 } }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testScanInto_Seed_Throw() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, TestError.boom)])

        let res = scheduler.start { xs.scan(into: 42) { $0 += $1 } }

        XCTAssertEqual(res.events, [.next(210, 44), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testScanInto_Seed_AccumulatorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        var accumulatorCalls = 0

        let res = scheduler.start {
            xs.scan(into: 42) { accumulate, element in
                accumulatorCalls += 1
                if element == 3 { throw TestError.boom }
                accumulate += element
            }
        }

        XCTAssertEqual(res.events, [.next(210, 44), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(accumulatorCalls, 2)
    }

    func testScanInto_Seed_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])

        let res = scheduler.start(disposed: 215) { xs.scan(into: 42) { $0 += $1 } }

        XCTAssertEqual(res.events, [.next(210, 44)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}
