import RxCore
import RxTesting
import XCTest

final class SequenceTests: RxCoreTestCase {
    func testOf_OneElementPerSchedulerStep() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testOf_NoElementsCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.of(scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testOf_OnTheCurrentThreadEverythingArrivesAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
    }

    func testFromArray() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(["a", "b"], scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, "a"), .next(202, "b"), .completed(203)])
    }

    func testFromSequence() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(1...3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testFrom_DisposeStopsTheRecursion() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 202) { Observable.from([1, 2, 3, 4], scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1)])
    }

    func testFrom_EachSubscriberGetsAllElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = Observable.from([1, 2], scheduler: scheduler)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(100) { _ = source.subscribe(first) }
        scheduler.scheduleAt(200) { _ = source.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(101, 1), .next(102, 2), .completed(103)])
        XCTAssertEqual(second.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testFrom_TakeStopsTheIterationEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        var iterated: [Int] = []
        let elements = [1, 2, 3, 4].lazy.map { element -> Int in
            iterated.append(element)
            return element
        }

        let res = scheduler.start { Observable.from(elements, scheduler: scheduler).take(2) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(202)])
        XCTAssertEqual(iterated, [1, 2])
    }

    func testFrom_ElementsArriveAfterOuterSubscribeStarts() {
        var received: [String] = []

        _ = Observable<Int>.create { observer in
            _ = Observable.from([1, 2]).subscribe(onNext: { received.append("inner \($0)") })
            received.append("outer subscribed")
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(onNext: { _ in })

        XCTAssertEqual(received, ["outer subscribed", "inner 1", "inner 2"])
    }
}
