import RxCore
import RxRelay
import RxTesting
import XCTest

/// `asInfallible()` on the relays: the relay's own sequence, typed as one that cannot fail.
final class RelaysInfallibleTests: RxRelayTestCase {
    func testPublishRelayAsInfallible_SendsTheElementsAcceptedAfterTheSubscription() {
        let relay = PublishRelay<Int>()
        relay.accept(0)
        var received: [Int] = []

        let subscription = relay.asInfallible().subscribe(onNext: { received.append($0) })
        relay.accept(1)
        relay.accept(2)
        subscription.dispose()
        relay.accept(3)

        XCTAssertEqual(received, [1, 2], "nothing before the subscription or after the dispose")
    }

    func testBehaviorRelayAsInfallible_SendsTheCurrentValueThenEachNewOne() {
        let relay = BehaviorRelay(value: 1)
        var received: [Int] = []

        let subscription = relay.asInfallible().subscribe(onNext: { received.append($0) })
        relay.accept(2)
        subscription.dispose()
        relay.accept(3)

        XCTAssertEqual(received, [1, 2])
    }

    func testReplayRelayAsInfallible_ReplaysTheBufferThenSendsNewElements() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        relay.accept(1)
        relay.accept(2)
        relay.accept(3)
        var received: [Int] = []

        let subscription = relay.asInfallible().subscribe(onNext: { received.append($0) })
        relay.accept(4)
        subscription.dispose()
        relay.accept(5)

        XCTAssertEqual(received, [2, 3, 4])
    }

    func testAsInfallible_ComposesWithInfalliblesOperators() {
        let relay = PublishRelay<Int>()
        var mapCalls = 0
        var received: [Int] = []

        let subscription = relay.asInfallible()
            .map { element -> Int in
                mapCalls += 1
                return element * 2
            }
            .subscribe(onNext: { received.append($0) })
        relay.accept(1)
        relay.accept(2)
        subscription.dispose()

        XCTAssertEqual(received, [2, 4])
        XCTAssertEqual(mapCalls, 2)
    }

    func testBehaviorRelayAsInfallible_BoundToAnObserver_OnTheTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay<Int>(value: 0)
        let ys = scheduler.createHotObservable([.next(500, 25), .next(600, 33)])
        let observer = scheduler.createObserver(Int.self)

        let bindings = [relay.asInfallible().bind(to: observer), ys.bind(to: relay)]
        scheduler.start()
        bindings.forEach { $0.dispose() }
        relay.accept(1)

        XCTAssertEqual(observer.events, [.next(0, 0), .next(500, 25), .next(600, 33)])
    }
}
