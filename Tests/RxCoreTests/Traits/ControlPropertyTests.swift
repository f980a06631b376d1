import RxCore
import RxTesting
import XCTest

/// RxCocoa's `ControlProperty`, which RxCore carries: the values a property takes, and an
/// observer that sets it.
final class ControlPropertyTests: RxCoreTestCase {
    func testControlProperty_ForwardsTheValuesAndSetsThroughItsSink() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let sink = scheduler.createObserver(Int.self)
        let property = ControlProperty(values: xs, valueSink: sink)

        let res = scheduler.start { property }
        property.on(.next(5))
        property.on(.completed)

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(sink.events, [.next(1000, 5), .completed(1000)])
    }

    func testChanged_SkipsTheFirstValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(0, "initial"), .next(10, "typed"), .completed(20)])
        let property = ControlProperty(values: xs, valueSink: scheduler.createObserver(String.self))

        let res = scheduler.start { property.changed }

        XCTAssertEqual(res.events, [.next(210, "typed"), .completed(220)])
    }

    func testOrEmpty_ReadsNilAsTheEmptyStringBothWays() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, nil), .completed(230)] as [Recorded<Event<String?>>])
        let sink = scheduler.createObserver(String?.self)
        let text = ControlProperty(values: xs, valueSink: sink).orEmpty

        let res = scheduler.start { text }
        text.on(.next("b"))

        XCTAssertEqual(res.events, [.next(210, "a"), .next(220, ""), .completed(230)])
        XCTAssertEqual(sink.events, [.next(1000, "b")])
    }

    func testBindingAnError_TrapsInDebugBuilds() {
        let scheduler = TestScheduler(initialClock: 0)
        let sink = scheduler.createObserver(Int.self)
        let property = ControlProperty(values: Observable<Int>.never(), valueSink: sink)
        let messages = SynchronizedLog<String>()
        FatalErrorInDebug.intercept = { messages.append($0) }
        defer { FatalErrorInDebug.intercept = nil }

        property.on(.error(TestError.boom))

        XCTAssertEqual(messages.values, ["Binding error: boom"])
        XCTAssertEqual(sink.events, [], "the sink never gets the error")
    }
}
