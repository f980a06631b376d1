import RxCore
import RxTesting
import XCTest

final class SwitchTests: RxCoreTestCase {
    /// Three cold inner sequences: the first is replaced before it ends, the second completes
    /// while it is the latest, the third ends with `thirdInnerEnd` at offset 200.
    private func makeInners(
        _ scheduler: TestScheduler, secondInnerEnd: Recorded<Event<Int>> = .completed(40)
    ) -> [TestableObservable<Int>] {
        [
            scheduler.createColdObservable([.next(10, 11), .next(50, 12), .next(90, 13), .completed(100)]),
            scheduler.createColdObservable([.next(20, 21), .next(30, 22), secondInnerEnd]),
            scheduler.createColdObservable([.next(10, 31), .completed(200)]),
        ]
    }

    func testSwitchLatest_ForwardsOnlyTheLatestInnerAndEndsThePreviousOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(370, ys[1]), .next(500, ys[2]), .completed(600)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [
            .next(310, 11), .next(350, 12), .next(390, 21), .next(400, 22), .next(510, 31), .completed(700),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(300, 370)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(370, 410)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(500, 700)])
    }

    func testSwitchLatest_CompletesWithTheOuterWhenTheLatestInnerIsDone() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(370, ys[1]), .completed(450)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(310, 11), .next(350, 12), .next(390, 21), .next(400, 22), .completed(450)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(370, 410)])
    }

    func testSwitchLatest_InnerThatNeverCompletesKeepsTheResultOpen() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 1)])
        let xs = scheduler.createHotObservable([.next(300, ys), .completed(400)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(310, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys.subscriptions, [Subscription(300, 1000)])
    }

    func testSwitchLatest_LatestInnerErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler, secondInnerEnd: .error(40, TestError.boom))
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(370, ys[1]), .next(500, ys[2]), .completed(600)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(310, 11), .next(350, 12), .next(390, 21), .next(400, 22), .error(410, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 410)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(300, 370)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(370, 410)])
        XCTAssertEqual(ys[2].subscriptions, [])
    }

    func testSwitchLatest_OuterErrorEndsTheLatestInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(370, ys[1]), .error(380, TestError.other)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(310, 11), .next(350, 12), .error(380, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 380)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(300, 370)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(370, 380)])
    }

    func testSwitchLatest_DisposeEndsBothSubscriptionsAndNothingFollows() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(370, ys[1]), .next(500, ys[2]), .completed(600)])

        let res = scheduler.start(disposed: 395) { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(310, 11), .next(350, 12), .next(390, 21)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 395)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(300, 370)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(370, 395)])
        XCTAssertEqual(ys[2].subscriptions, [])
    }

    func testSwitchLatest_EmptyOuterCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Observable<Int>>.empty().switchLatest() }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testSwitchLatest_NeverOuterSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, scheduler.createColdObservable([.next(1, 1)]))])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    // MARK: flatMapLatest

    func testFlatMapLatest_CallsTheSelectorOncePerElementAndSwitches() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let numbers = scheduler.createHotObservable([.next(300, 0), .next(370, 1), .next(500, 2), .completed(600)])
        var invoked: [Int] = []

        let res = scheduler.start {
            numbers.flatMapLatest { index -> TestableObservable<Int> in
                invoked.append(index)
                return ys[index]
            }
        }

        XCTAssertEqual(invoked, [0, 1, 2])
        XCTAssertEqual(res.events, [
            .next(310, 11), .next(350, 12), .next(390, 21), .next(400, 22), .next(510, 31), .completed(700),
        ])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(ys.map(\.subscriptions), [[Subscription(300, 370)], [Subscription(370, 410)], [Subscription(500, 700)]])
    }

    func testFlatMapLatest_SelectorThrowsEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let numbers = scheduler.createHotObservable([.next(300, 0), .next(340, 1), .next(360, 2), .completed(600)])
        var invoked = 0

        let res = scheduler.start {
            numbers.flatMapLatest { index -> TestableObservable<Int> in
                invoked += 1
                if index == 2 { throw TestError.boom }
                return ys[index]
            }
        }

        XCTAssertEqual(invoked, 3)
        XCTAssertEqual(res.events, [.next(310, 11), .error(360, TestError.boom)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 360)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(300, 340)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(340, 360)])
        XCTAssertEqual(ys[2].subscriptions, [])
    }

    func testFlatMapLatest_SynchronousInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.flatMapLatest { Observable.just($0 * 10) } }

        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
    }

    func testSwitchLatest_AReplacedInnerCannotFailTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let replaced = scheduler.createColdObservable([.next(10, 1), .error(50, TestError.boom)])
        let latest = scheduler.createColdObservable([.next(10, 2), .next(80, 3), .completed(90)])
        let xs = scheduler.createHotObservable([.next(300, replaced), .next(320, latest), .completed(330)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(310, 1), .next(330, 2), .next(400, 3), .completed(410)])
        XCTAssertEqual(replaced.subscriptions, [Subscription(300, 320)])
        XCTAssertEqual(latest.subscriptions, [Subscription(320, 410)])
    }

    func testFlatMapLatest_ReentrantOuterElementFromTheObserver() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.flatMapLatest { Observable.of($0 * 10, $0 * 10 + 1) }.subscribe(onNext: { value in
            received.append(value)
            if value == 10 { subject.onNext(2) }
        })

        subject.onNext(1)
        subscription.dispose()

        XCTAssertEqual(received, [10, 20, 21], "the switch to 2 ends the first inner before its second element")
    }
}
