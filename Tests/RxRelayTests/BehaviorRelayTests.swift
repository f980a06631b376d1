import Dispatch
import RxCore
import RxRelay
@testable import RxTesting
import RxTrace
import Synchronization
import XCTest

final class BehaviorRelayTests: RxRelayTestCase {
    func testBehaviorRelay_SubscriberGetsTheCurrentValueThenWhatIsAccepted() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: 0)
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?

        scheduler.scheduleAt(100) { relay.accept(1) }
        scheduler.scheduleAt(150) { relay.accept(2) }
        scheduler.scheduleAt(200) { subscription = relay.subscribe(observer) }
        scheduler.scheduleAt(300) { relay.accept(3) }
        scheduler.scheduleAt(400) { subscription?.dispose() }
        scheduler.scheduleAt(500) { relay.accept(4) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(200, 2), .next(300, 3)])
    }

    func testBehaviorRelay_ValueIsTheInitialValueUntilSomethingIsAccepted() {
        let relay = BehaviorRelay(value: "initial")
        XCTAssertEqual(relay.value, "initial")

        relay.accept("first")
        relay.accept("latest")

        XCTAssertEqual(relay.value, "latest")
    }

    func testBehaviorRelay_NeverCompletesNorErrorsWhenItsBoundSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(100) { subscriptions.append(relay.subscribe(early)) }
        scheduler.scheduleAt(200) { subscriptions.append(xs.bind(to: relay)) }
        scheduler.scheduleAt(300) { subscriptions.append(relay.subscribe(late)) }
        scheduler.scheduleAt(400) { relay.accept(3) }
        scheduler.scheduleAt(500) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(100, 0), .next(210, 1), .next(220, 2), .next(400, 3)])
        XCTAssertEqual(late.events, [.next(300, 2), .next(400, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(relay.value, 3)
    }

    func testBehaviorRelay_AsObservableReplaysTheCurrentValue() {
        let relay = BehaviorRelay(value: 1)
        relay.accept(2)
        var received: [Int] = []

        let subscription = relay.asObservable().subscribe(onNext: { received.append($0) })
        relay.accept(3)

        XCTAssertEqual(received, [2, 3])
        subscription.dispose()
    }

    func testBehaviorRelay_RecordsAcceptAndValueAsStepsOnItsSubject() {
        let recorder = StepRecorder()
        let previous = Instrumentation.recorder
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(previous) }
        let line: UInt = #line + 1
        let relay = BehaviorRelay(value: 0)

        relay.accept(1)
        _ = relay.value

        let subject = recorder.objectID(ofTypeStartingWith: "BehaviorSubject<Int>")
        XCTAssertNotNil(subject)
        let steps = recorder.state.withLock { $0.steps }
        XCTAssertEqual(steps.first { $0.name == "BehaviorRelay.accept" }?.object, subject)
        XCTAssertEqual(steps.first { $0.name == "BehaviorRelay.value" }?.object, subject)
        XCTAssertEqual(recorder.assemblies.map(\.name), ["BehaviorRelay"])
        XCTAssertEqual(recorder.assemblies.first.map { UInt(LiveCallSites.location(of: $0.site).line) }, line)
    }

    func testBehaviorRelay_ASubscriptionNeverDisposedIsALeakNamingItsSubscribeLine() throws {
        let check = LeakCheck(testName: "ViewModelTests.testLeak", countsResources: false)
        var kept: Disposable?
        var line = 0
        TraceScope.$current.withValue(check.scope) {
            let relay = BehaviorRelay(value: 0)
            line = #line + 1
            kept = relay.subscribe(onNext: { _ in })
            relay.accept(1)
        }

        let message = try XCTUnwrap(check.finish()).text
        kept?.dispose()

        XCTAssertTrue(message.contains("ViewModelTests.testLeak leaked 1 subscription"), message)
        XCTAssertTrue(message.contains("subscribed at  RxRelayTests/BehaviorRelayTests.swift:\(line)"), message)
        XCTAssertTrue(message.contains("built at       RxRelayTests/BehaviorRelayTests.swift:\(line - 2) (BehaviorRelay)"), message)
        XCTAssertTrue(
            message.contains(
                """
                  chain          BehaviorSubject<Int> #1 (BehaviorRelay at RxRelayTests/BehaviorRelayTests.swift:\(line - 2))
                                 └─ AnonymousObserver<Int>
                """
            ),
            message
        )
    }

    func testBehaviorRelay_AcceptedFromSeveralThreadsDeliversEveryElementOnce() {
        let relay = BehaviorRelay(value: 0)
        let received = LockedState<[Int]>([])
        let subscription = relay.subscribe(onNext: { element in received.withLock { $0.append(element) } })

        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for element in 1...250 {
                relay.accept(thread * 1000 + element)
            }
        }
        subscription.dispose()

        let elements = received.withLock { $0 }
        XCTAssertEqual(elements.count, 1001)
        XCTAssertEqual(Set(elements).count, 1001)
        XCTAssertTrue(elements.contains(relay.value))
    }
}
