import RxCore
import RxTesting
import Testing

/// Two tests that run side by side under the leak check: the first leaves a subscription
/// open and must fail naming the line that made it; the second cleans up and must pass.
@Suite(.rxLeakCheck)
struct LeakCheckFixtureTests {
    @Test func leaksASubscription() async {
        let subject = PublishSubject<Int>()
        _ = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
        #expect(await Rendezvous.shared.arriveAndWaitForTheOther())
        subject.onNext(1)
    }

    @Test func disposesItsSubscription() async {
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
        #expect(await Rendezvous.shared.arriveAndWaitForTheOther())
        subject.onNext(1)
        subscription.dispose()
    }
}

/// RxTest's types in Swift Testing: events and records are `Equatable`, so `#expect` compares
/// them directly.
@Test(.rxLeakCheck) func mapDoublesEachElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])

    let res = scheduler.start { xs.map { $0 * 2 } }

    #expect(res.events == [.next(210, 4), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
}

/// Holds each test until the other has started too, so that the two certainly run at the
/// same time; a test that waits in vain (tests run one at a time) fails its expectation.
actor Rendezvous {
    static let shared = Rendezvous()

    private var arrivals = 0

    /// Counts this test in, then waits up to ten seconds for the other.
    func arriveAndWaitForTheOther() async -> Bool {
        arrivals += 1
        let deadline = ContinuousClock.now + .seconds(10)
        while arrivals < 2, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return arrivals >= 2
    }
}
