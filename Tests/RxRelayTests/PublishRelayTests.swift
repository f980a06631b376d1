import RxCore
import RxRelay
import RxTesting
import RxTrace
import XCTest

final class PublishRelayTests: RxRelayTestCase {
    func testPublishRelay_SubscriberGetsOnlyWhatIsAcceptedAfterItSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?

        scheduler.scheduleAt(100) { relay.accept(1) }
        scheduler.scheduleAt(200) { subscription = relay.subscribe(observer) }
        scheduler.scheduleAt(300) { relay.accept(2) }
        scheduler.scheduleAt(400) { relay.accept(3) }
        scheduler.scheduleAt(500) { subscription?.dispose() }
        scheduler.scheduleAt(600) { relay.accept(4) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(300, 2), .next(400, 3)])
    }

    func testPublishRelay_EverySubscriberGetsEachElementOnce() {
        let relay = PublishRelay<String>()
        var first: [String] = []
        var second: [String] = []
        let firstSubscription = relay.subscribe(onNext: { first.append($0) })
        let secondSubscription = relay.asObservable().subscribe(onNext: { second.append($0) })

        relay.accept("a")
        relay.accept("b")

        XCTAssertEqual(first, ["a", "b"])
        XCTAssertEqual(second, ["a", "b"])
        firstSubscription.dispose()
        secondSubscription.dispose()
    }

    func testPublishRelay_NeverEndsItsSubscriptionsEvenWhenReleased() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        var relay: PublishRelay<Int>? = PublishRelay()
        var endings = 0

        let subscription = relay!.subscribe(onError: { _ in endings += 1 }, onCompleted: { endings += 1 })
        let observed = relay!.subscribe(observer)
        relay?.accept(1)
        relay = nil

        XCTAssertEqual(observer.events, [.next(0, 1)])
        XCTAssertEqual(endings, 0)
        subscription.dispose()
        observed.dispose()
    }

    func testPublishRelay_RecordsAcceptAsAStepOnItsSubject() {
        let recorder = StepRecorder()
        let previous = Instrumentation.recorder
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(previous) }
        let line: UInt = #line + 1
        let relay = PublishRelay<Int>()
        let subscription = relay.subscribe(onNext: { _ in })

        relay.accept(1)
        subscription.dispose()

        let subject = recorder.objectID(ofTypeStartingWith: "PublishSubject<Int>")
        XCTAssertNotNil(subject)
        let steps = recorder.state.withLock { $0.steps }
        let accept = steps.firstIndex { $0.name == "PublishRelay.accept" }
        XCTAssertEqual(accept.map { steps[$0].object }, subject)
        XCTAssertEqual(accept.map { steps[$0 + 1].name }, "PublishSubject.on")
        let assembly = recorder.assemblies.first
        XCTAssertEqual(assembly?.name, "PublishRelay")
        XCTAssertEqual(assembly?.object, subject)
        let location = LiveCallSites.location(of: assembly!.site)
        XCTAssertEqual(location.line, Int(line))
        XCTAssertTrue(location.file.hasPrefix("RxRelayTests/"), "\(location)")
    }
}
