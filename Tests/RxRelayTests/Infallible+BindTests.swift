import RxCore
import RxRelay
import RxTesting
import RxTrace
import XCTest

/// The relay forms of RxCocoa's `Infallible` `bind`, which RxRelay carries.
final class InfallibleBindTests: RxRelayTestCase {
    func testBindToPublishRelays_EachRelayAcceptsEachElementOnce_AndCompletionIsIgnored() {
        let first = PublishRelay<Int>()
        let second = PublishRelay<Int>()
        var received: [String] = []
        var events: [Event<Int>] = []
        let subscriptions = [
            first.subscribe { events.append($0) },
            first.subscribe(onNext: { received.append("first \($0)") }),
            second.subscribe(onNext: { received.append("second \($0)") }),
        ]

        _ = Infallible.of(1, 2).bind(to: first, second)

        XCTAssertEqual(received, ["first 1", "second 1", "first 2", "second 2"])
        XCTAssertFalse(events.contains { $0.isStopEvent }, "a relay never completes")
        subscriptions.forEach { $0.dispose() }
    }

    func testBindToOptionalPublishRelay_AcceptsTheWrappedElement() {
        let relay = PublishRelay<Int?>()
        var received: [Int?] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })

        _ = Infallible<Int>.just(1).bind(to: relay)

        XCTAssertEqual(received, [1])
        subscription.dispose()
    }

    func testBindToBehaviorRelays_EachRelayTakesEachElement() {
        let first = BehaviorRelay(value: 0)
        let second = BehaviorRelay(value: 0)

        _ = Infallible.of(1, 2).bind(to: first, second)

        XCTAssertEqual(first.value, 2)
        XCTAssertEqual(second.value, 2)
    }

    func testBindToOptionalBehaviorRelay_TakesTheWrappedElement() {
        let relay = BehaviorRelay<Int?>(value: nil)

        _ = Infallible<Int>.just(5).bind(to: relay)

        XCTAssertEqual(relay.value, 5)
    }

    func testBindToReplayRelays_EachRelayReplaysEachElement() {
        let first = ReplayRelay<Int>.create(bufferSize: 2)
        let second = ReplayRelay<Int>.create(bufferSize: 2)

        _ = Infallible.of(1, 2).bind(to: first, second)
        var received: [Int] = []
        let subscriptions = [
            first.subscribe(onNext: { received.append($0) }),
            second.subscribe(onNext: { received.append($0 * 10) }),
        ]

        XCTAssertEqual(received, [1, 2, 10, 20])
        subscriptions.forEach { $0.dispose() }
    }

    func testBindToOptionalReplayRelay_ReplaysTheWrappedElement() {
        let relay = ReplayRelay<Int?>.create(bufferSize: 1)

        _ = Infallible<Int>.just(3).bind(to: relay)
        var received: [Int?] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [3])
        subscription.dispose()
    }

    func testBindToRelay_DisposingTheBinding_StopsTheRelayAccepting() {
        let source = PublishSubject<Int>()
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })

        let binding = source.asInfallible(onErrorJustReturn: -1).bind(to: relay)
        source.onNext(1)
        binding.dispose()
        source.onNext(2)

        XCTAssertEqual(received, [1])
        subscription.dispose()
    }

    func testBindToRelay_RecordsTheBindLineAsTheSubscriptionSite() {
        let recorder = StepRecorder()
        let previous = Instrumentation.recorder
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(previous) }
        let relay = BehaviorRelay(value: 0)
        let source = PublishSubject<Int>()
        let infallible = source.asInfallible(onErrorJustReturn: -1)

        let line: UInt = #line + 1
        let binding = infallible.bind(to: relay)
        source.onNext(1)
        binding.dispose()

        let sites = recorder.subscriptionSites
        let locations = LiveCallSites.locations(of: sites)
        XCTAssertEqual(locations.map { UInt($0.line) }, [line])
        XCTAssertTrue(locations[0].file.hasPrefix("RxRelayTests/"), "\(locations[0])")
        let steps = recorder.stepNames
        XCTAssertEqual(steps.filter { $0 == "Infallible.bind(to:)" }.count, 1)
        XCTAssertTrue(steps.contains("BehaviorRelay.accept"))
    }
}
