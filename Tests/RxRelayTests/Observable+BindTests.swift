import RxCore
import RxRelay
import RxTesting
import RxTrace
import XCTest

final class ObservableBindTests: RxRelayTestCase {}

// MARK: - bind(to:) publish relays

extension ObservableBindTests {
    func testBindToPublishRelay_RelayAcceptsEachElementAndIgnoresCompletion() {
        let relay = PublishRelay<Int>()
        var events: [Event<Int>] = []
        let subscription = relay.subscribe { events.append($0) }

        _ = Observable.of(1, 2).bind(to: relay)

        XCTAssertEqual(events.map(\.element), [1, 2])
        XCTAssertFalse(events.contains { $0.isStopEvent })
        subscription.dispose()
    }

    func testBindToPublishRelays_EachRelayAcceptsEachElementOnce() {
        let first = PublishRelay<Int>()
        let second = PublishRelay<Int>()
        var received: [String] = []
        let subscriptions = [
            first.subscribe(onNext: { received.append("first \($0)") }),
            second.subscribe(onNext: { received.append("second \($0)") }),
        ]

        _ = Observable.of(1, 2).bind(to: first, second)

        XCTAssertEqual(received, ["first 1", "second 1", "first 2", "second 2"])
        subscriptions.forEach { $0.dispose() }
    }

    func testBindToOptionalPublishRelays_EachRelayAcceptsTheWrappedElement() {
        let first = PublishRelay<Int?>()
        let second = PublishRelay<Int?>()
        var received: [Int?] = []
        let subscriptions = [
            first.subscribe(onNext: { received.append($0) }),
            second.subscribe(onNext: { received.append($0) }),
        ]

        _ = (Observable.just(1) as Observable<Int>).bind(to: first)
        _ = (Observable.just(2) as Observable<Int>).bind(to: first, second)

        XCTAssertEqual(received, [1, 2, 2])
        subscriptions.forEach { $0.dispose() }
    }

    func testBindToPublishRelay_ALiteralSourceIsNotAmbiguous() {
        let relay = PublishRelay<Int?>()
        var received: [Int?] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })

        _ = Observable.just(1).bind(to: relay)

        XCTAssertEqual(received, [1])
        subscription.dispose()
    }

    func testBindToPublishRelay_DisposingTheBindingStopsTheRelayAccepting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let relay = PublishRelay<Int>()
        let observer = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        var binding: Disposable?

        scheduler.scheduleAt(100) { subscriptions.append(relay.subscribe(observer)) }
        scheduler.scheduleAt(200) { binding = xs.bind(to: relay) }
        scheduler.scheduleAt(225) { binding?.dispose() }
        scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testBindToPublishRelay_AnErrorIsAFatalErrorInDebugAndNeverReachesTheRelay() {
        let relay = PublishRelay<Int>()
        var events: [Event<Int>] = []
        let subscription = relay.subscribe { events.append($0) }

        let messages = interceptingFatalErrorsInDebug {
            _ = Observable<Int>.error(TestError.boom).bind(to: relay)
        }

        XCTAssertEqual(messages, ["Binding error to publish relay: boom"])
        XCTAssertTrue(events.isEmpty)
        subscription.dispose()
    }
}

// MARK: - bind(to:) behavior relays

extension ObservableBindTests {
    func testBindToBehaviorRelay_ValueIsTheLastElement() {
        let relay = BehaviorRelay(value: 0)

        _ = Observable.of(1, 2).bind(to: relay)

        XCTAssertEqual(relay.value, 2)
    }

    func testBindToBehaviorRelays_EachValueIsTheElement() {
        let first = BehaviorRelay(value: 0)
        let second = BehaviorRelay(value: 0)

        _ = Observable.just(1).bind(to: first, second)

        XCTAssertEqual([first.value, second.value], [1, 1])
    }

    func testBindToOptionalBehaviorRelays_EachValueIsTheWrappedElement() {
        let first = BehaviorRelay<Int?>(value: nil)
        let second = BehaviorRelay<Int?>(value: 0)

        _ = (Observable.just(1) as Observable<Int>).bind(to: first)
        XCTAssertEqual(first.value, 1)
        _ = (Observable.just(2) as Observable<Int>).bind(to: first, second)

        XCTAssertEqual([first.value, second.value], [2, 2])
    }

    func testBindToBehaviorRelay_ALiteralSourceIsNotAmbiguous() {
        let relay = BehaviorRelay<Int?>(value: 0)

        _ = Observable.just(1).bind(to: relay)

        XCTAssertEqual(relay.value, 1)
    }

    func testBindToBehaviorRelay_AnErrorIsAFatalErrorInDebugAndLeavesTheValue() {
        let relay = BehaviorRelay(value: 7)

        let messages = interceptingFatalErrorsInDebug {
            _ = Observable<Int>.error(TestError.boom).bind(to: relay)
        }

        XCTAssertEqual(messages, ["Binding error to behavior relay: boom"])
        XCTAssertEqual(relay.value, 7)
    }
}

// MARK: - bind(to:) replay relays

extension ObservableBindTests {
    func testBindToReplayRelays_EachRelayBuffersEachElement() {
        let first = ReplayRelay<Int>.create(bufferSize: 2)
        let second = ReplayRelay<Int>.createUnbound()
        var received: [String] = []

        _ = Observable.of(1, 2, 3).bind(to: first, second)
        let subscriptions = [
            first.subscribe(onNext: { received.append("first \($0)") }),
            second.subscribe(onNext: { received.append("second \($0)") }),
        ]

        XCTAssertEqual(received, ["first 2", "first 3", "second 1", "second 2", "second 3"])
        subscriptions.forEach { $0.dispose() }
    }

    func testBindToOptionalReplayRelays_EachRelayBuffersTheWrappedElement() {
        let first = ReplayRelay<Int?>.create(bufferSize: 1)
        let second = ReplayRelay<Int?>.create(bufferSize: 1)
        var received: [Int?] = []

        _ = (Observable.just(1) as Observable<Int>).bind(to: first, second)
        let subscriptions = [
            first.subscribe(onNext: { received.append($0) }),
            second.subscribe(onNext: { received.append($0) }),
        ]

        XCTAssertEqual(received, [1, 1])
        subscriptions.forEach { $0.dispose() }
    }

    func testBindToReplayRelay_ALiteralSourceIsNotAmbiguous() {
        let relay = ReplayRelay<Int?>.create(bufferSize: 1)
        var received: [Int?] = []

        _ = Observable.just(1).bind(to: relay)
        let subscription = relay.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1])
        subscription.dispose()
    }

    func testBindToReplayRelay_AnErrorIsAFatalErrorInDebugAndNothingIsBuffered() {
        let relay = ReplayRelay<Int>.createUnbound()
        var received: [Int] = []

        let messages = interceptingFatalErrorsInDebug {
            _ = Observable<Int>.error(TestError.boom).bind(to: relay)
        }
        let subscription = relay.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(messages, ["Binding error to replay relay: boom"])
        XCTAssertEqual(received, [])
        subscription.dispose()
    }
}

// MARK: - Recording

extension ObservableBindTests {
    func testBindToRelay_RecordsTheBindLineAsTheSubscriptionSite() {
        let recorder = StepRecorder()
        let previous = Instrumentation.recorder
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(previous) }
        let relay = BehaviorRelay(value: 0)
        let source = PublishSubject<Int>()

        let line: UInt = #line + 1
        let binding = source.bind(to: relay)
        source.onNext(1)
        binding.dispose()

        let sites = recorder.subscriptionSites
        let locations = LiveCallSites.locations(of: sites)
        XCTAssertEqual(locations.map { UInt($0.line) }, [line])
        XCTAssertTrue(locations[0].file.hasPrefix("RxRelayTests/"), "\(locations[0])")
        let steps = recorder.stepNames
        XCTAssertEqual(steps.filter { $0 == "bind(to:)" }.count, 1)
        XCTAssertTrue(steps.contains("BehaviorRelay.accept"))
    }

    func testBindToOptionalRelay_RecordsItsMapAsAssembledOnTheBindLine() {
        let recorder = StepRecorder()
        let previous = Instrumentation.recorder
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(previous) }
        let relay = PublishRelay<Int?>()
        let source = PublishSubject<Int>()

        let line: UInt = #line + 1
        let binding = source.bind(to: relay)
        binding.dispose()

        let map = recorder.assemblies.first { $0.name == "map" }
        XCTAssertEqual(map.map { UInt(LiveCallSites.location(of: $0.site).line) }, line)
        XCTAssertEqual(LiveCallSites.locations(of: recorder.subscriptionSites).map { UInt($0.line) }, [line])
    }
}
