import RxCore
import RxTesting
import XCTest

final class SwitchIfEmptyTests: RxCoreTestCase {
    func testSwitchIfEmpty_SourceNotEmpty_NeverSubscribesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(205, 1), .completed(210)])
        let other = scheduler.createHotObservable([.next(200, 2), .completed(215)])

        let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(205, 1), .completed(210)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testSwitchIfEmpty_SourceEmpty_SwitchesToTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.completed(210, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 0), .next(20, 1), .completed(30)])

        let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(220, 0), .next(230, 1), .completed(240)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(other.subscriptions, [Subscription(210, 240)])
    }

    func testSwitchIfEmpty_SourceEmpty_OtherErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.completed(210, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 0), .error(20, TestError.boom)])

        let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(220, 0), .error(230, TestError.boom)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(other.subscriptions, [Subscription(210, 230)])
    }

    func testSwitchIfEmpty_SourceErrors_NeverSubscribesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.error(210, TestError.boom, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 0), .completed(20)])

        let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testSwitchIfEmpty_Never() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(150, 1)])
        let other = scheduler.createColdObservable([.next(10, 0), .completed(20)])

        let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testSwitchIfEmpty_SourceEmpty_OtherNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.completed(210, Int.self)])
        let other = scheduler.createColdObservable([.next(0, 0)])

        let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 0)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(other.subscriptions, [Subscription(210, 1000)])
    }

    func testSwitchIfEmpty_DisposedWhileOnTheOther_NothingArrivesAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.completed(210, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 0), .next(100, 1), .completed(200)])

        let res = scheduler.start(disposed: 250) { source.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(220, 0)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(other.subscriptions, [Subscription(210, 250)])
    }
}
