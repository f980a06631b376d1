import RxCore
import RxTesting
import XCTest

/// RxCocoa's `bind` forms on `Infallible`, which RxCore carries.
final class InfallibleBindTests: RxCoreTestCase {
    private func source(_ scheduler: TestScheduler) -> (TestableObservable<Int>, Infallible<Int>) {
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(230)])
        return (xs, xs.asInfallible(onErrorJustReturn: -1))
    }

    func testBindToObservers_EachObserverGetsEveryEventInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, infallible) = source(scheduler)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = infallible.bind(to: first, second) }
        scheduler.scheduleAt(300) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testBindToObservers_DisposingTheBindingStopsEveryObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, infallible) = source(scheduler)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = infallible.bind(to: first, second) }
        scheduler.scheduleAt(215) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testBindToOptionalObservers_EachObserverGetsTheWrappedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, infallible) = source(scheduler)
        let first = scheduler.createObserver(Int?.self)
        let second = scheduler.createObserver(Int?.self)
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = infallible.bind(to: first, second) }
        scheduler.scheduleAt(300) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testBindToBinderFunction_CallsItOnceWithTheInfallible_AndReturnsItsResult() {
        var calls = 0
        let infallible = Infallible.just(1)

        let result = infallible.bind(to: { (bound: Infallible<Int>) -> String in
            calls += 1
            return "bound"
        })

        XCTAssertEqual(result, "bound")
        XCTAssertEqual(calls, 1)
    }

    func testBindToCurriedBinder_PassesTheInfallibleThenTheArgument() {
        var received: [Int] = []
        var calls = 0
        let binder: (Infallible<Int>) -> (String) -> Disposable = { infallible in
            { prefix in
                calls += 1
                return infallible.subscribe(onNext: { received.append($0 + prefix.count) })
            }
        }

        let binding = Infallible.of(1, 2).bind(to: binder, curriedArgument: "ab")
        binding.dispose()

        XCTAssertEqual(received, [3, 4])
        XCTAssertEqual(calls, 1)
    }

    func testBindOnNext_CallsOnNextOncePerElement_AndNothingAfterDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, infallible) = source(scheduler)
        var received: [Int] = []
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = infallible.bind(onNext: { received.append($0) }) }
        scheduler.scheduleAt(215) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(received, [1])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }
}
