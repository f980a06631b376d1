import RxCore
import RxTesting
import XCTest

final class CombineLatestTests: RxCoreTestCase {
    func testCombineLatest_NeverNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1)])
        let e1 = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 1000)])
    }

    func testCombineLatest_EmptyEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.completed(210)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 210)])
    }

    func testCombineLatest_EmptyReturn_CompletesWhenTheOtherSends() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.completed(215)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 215)])
    }

    func testCombineLatest_CombinesOnEveryElementOnceBothHaveSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .next(225, 4), .completed(230)])
        let e1 = scheduler.createHotObservable([
            .next(150, 1), .next(220, 3), .next(230, 5), .next(235, 6), .completed(240),
        ])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [
            .next(220, 5), .next(225, 7), .next(230, 9), .next(235, 10), .completed(240),
        ])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 240)])
    }

    func testCombineLatest_TupleForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let e1 = scheduler.createHotObservable([.next(220, "a"), .next(230, "b"), .completed(240)])

        let res = scheduler.start { Observable.combineLatest(e0, e1).map { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .next(230, "1b"), .completed(250)])
    }

    func testCombineLatest_ErrorFromEitherSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 10), .error(240, TestError.boom)])

        let res = scheduler.start { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 12), .error(240, TestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 240)])
    }

    func testCombineLatest_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(240)])

        let res = scheduler.start {
            Observable.combineLatest(e0, e1) { (_: Int, _: Int) throws -> Int in throw TestError.other }
        }

        XCTAssertEqual(res.events, [.error(220, TestError.other)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
    }

    func testCombineLatest_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let e1 = scheduler.createHotObservable([.next(220, 1), .next(250, 3)])

        let res = scheduler.start(disposed: 245) { Observable.combineLatest(e0, e1, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(220, 2), .next(240, 3)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 245)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 245)])
    }

    // MARK: - Collection

    func testCombineLatestCollection_EmptyCollection_SendsTheEmptyCombinationAndCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.combineLatest([Observable<Int>]()) }

        XCTAssertEqual(res.events.count, 2)
        XCTAssertEqual(res.events.first?.value.element, [])
        XCTAssertEqual(res.events.first?.time, 200)
        XCTAssertEqual(res.events.last, .completed(200))
    }

    func testCombineLatestCollection_EmptyCollection_CallsTheSelectorOnce_AndSendsWhatItThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        var calls = 0

        let res = scheduler.start {
            Observable.combineLatest([Observable<Int>]()) { (elements: [Int]) -> Int in
                calls += 1
                throw TestError.boom
            }
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(calls, 1)
    }

    func testCombineLatestCollection_ArraysInCollectionOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(240, 4), .completed(250)])
        let e2 = scheduler.createHotObservable([.next(150, 0), .next(220, 2), .completed(300)])
        let e3 = scheduler.createHotObservable([.next(150, 0), .next(230, 3), .next(260, 6), .completed(270)])

        let res = scheduler.start { Observable.combineLatest([e1, e2, e3]) }

        XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .next(240, [4, 2, 3]), .next(260, [4, 2, 6]), .completed(300)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(e3.subscriptions, [Subscription(200, 270)])
    }

    func testCombineLatestCollection_ResultSelectorIsCalledOncePerResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(240, 4)])
        let e2 = scheduler.createHotObservable([.next(220, 2)])
        var selectorCalls = 0

        let res = scheduler.start {
            Observable.combineLatest([e1, e2]) { (values: [Int]) -> String in
                selectorCalls += 1
                return values.map(String.init).joined(separator: " ")
            }
        }

        XCTAssertEqual(res.events, [.next(220, "1 2"), .next(240, "4 2")])
        XCTAssertEqual(selectorCalls, 2)
    }

    func testCombineLatestCollection_CompletesWhenASourceSendsAfterEveryOtherCompletedEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(150, 0), .completed(210)])
        let e2 = scheduler.createHotObservable([.next(150, 0), .completed(220)])
        let e3 = scheduler.createHotObservable([.next(150, 0), .next(300, 3), .completed(400)])

        let res = scheduler.start { Observable.combineLatest([e1, e2, e3]) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e3.subscriptions, [Subscription(200, 300)])
    }

    func testCombineLatestCollection_ErrorFromASourceEndsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(260, 5)])
        let e2 = scheduler.createHotObservable([.next(220, 2), .error(250, TestError.boom)])

        let res = scheduler.start { Observable.combineLatest([e1, e2]) }

        XCTAssertEqual(res.events, [.next(220, [1, 2]), .error(250, TestError.boom)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 250)])
    }

    func testCombineLatestCollection_SelectorThrowingEndsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(260, 5)])
        let e2 = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        var selectorCalls = 0

        let res = scheduler.start {
            Observable.combineLatest([e1, e2]) { (_: [Int]) throws -> Int in
                selectorCalls += 1
                throw TestError.other
            }
        }

        XCTAssertEqual(res.events, [.error(220, TestError.other)])
        XCTAssertEqual(selectorCalls, 1)
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 220)])
    }

    func testCombineLatestCollection_DisposeStopsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(260, 5)])
        let e2 = scheduler.createHotObservable([.next(220, 2), .next(270, 7)])

        let res = scheduler.start(disposed: 250) { Observable.combineLatest([e1, e2]) }

        XCTAssertEqual(res.events, [.next(220, [1, 2])])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 250)])
    }
}
