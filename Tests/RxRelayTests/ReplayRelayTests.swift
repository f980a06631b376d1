import RxCore
import RxRelay
import RxTesting
import RxTrace
import XCTest

final class ReplayRelayTests: RxRelayTestCase {
    func testReplayRelay_NothingAcceptedReplaysNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = ReplayRelay<Int>.create(bufferSize: 3)
        let observer = scheduler.createObserver(Int.self)

        let subscription = relay.subscribe(observer)

        XCTAssertEqual(observer.events, [])
        subscription.dispose()
    }

    func testReplayRelay_FewerElementsThanTheBufferReplaysThemAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = ReplayRelay<Int>.create(bufferSize: 3)
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?

        scheduler.scheduleAt(150) { relay.accept(1) }
        scheduler.scheduleAt(200) { relay.accept(2) }
        scheduler.scheduleAt(300) { subscription = relay.subscribe(observer) }
        scheduler.scheduleAt(400) { subscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(300, 1), .next(300, 2)])
    }

    func testReplayRelay_MoreElementsThanTheBufferReplaysTheLastOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = ReplayRelay<Int>.create(bufferSize: 3)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(150) { subscriptions.append(relay.subscribe(early)) }
        for (offset, element) in (1...5).enumerated() {
            scheduler.scheduleAt(200 + 50 * offset) { relay.accept(element) }
        }
        scheduler.scheduleAt(450) { subscriptions.append(relay.subscribe(late)) }
        scheduler.scheduleAt(500) { relay.accept(6) }
        scheduler.scheduleAt(550) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(early.events, [
            .next(200, 1), .next(250, 2), .next(300, 3), .next(350, 4), .next(400, 5), .next(500, 6),
        ])
        XCTAssertEqual(late.events, [.next(450, 3), .next(450, 4), .next(450, 5), .next(500, 6)])
    }

    func testReplayRelay_BufferOfOneReplaysTheLatest() {
        let relay = ReplayRelay<String>.create(bufferSize: 1)
        relay.accept("a")
        relay.accept("b")
        var received: [String] = []

        let subscription = relay.asObservable().subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, ["b"])
        subscription.dispose()
    }

    func testReplayRelay_CreateUnboundReplaysEverything() {
        let relay = ReplayRelay<Int>.createUnbound()
        (1...100).forEach(relay.accept)
        var received: [Int] = []
        var endings = 0

        let subscription = relay.subscribe(
            onNext: { received.append($0) }, onError: { _ in endings += 1 }, onCompleted: { endings += 1 }
        )

        XCTAssertEqual(received, Array(1...100))
        XCTAssertEqual(endings, 0)
        subscription.dispose()
    }

    func testReplayRelay_RecordsWhereItWasCreatedAndEachAccept() {
        let recorder = StepRecorder()
        let previous = Instrumentation.recorder
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(previous) }
        let line: UInt = #line + 1
        let bounded = ReplayRelay<Int>.create(bufferSize: 2)
        let unbounded = ReplayRelay<Int>.createUnbound()

        bounded.accept(1)
        unbounded.accept(1)

        XCTAssertEqual(recorder.assemblies.map(\.name), ["ReplayRelay.create", "ReplayRelay.createUnbound"])
        XCTAssertEqual(LiveCallSites.locations(of: recorder.assemblies.map(\.site)).map { UInt($0.line) }, [line, line + 1])
        XCTAssertEqual(recorder.stepNames.filter { $0 == "ReplayRelay.accept" }.count, 2)
    }
}
