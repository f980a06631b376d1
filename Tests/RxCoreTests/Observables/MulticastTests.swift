import RxCore
import RxTesting
import XCTest

final class MulticastTests: RxCoreTestCase {
    /// A hot source sending from 110 to 630, with `end` among its events (an error at 800
    /// when none is given).
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>? = nil) -> TestableObservable<Int> {
        var events: [Recorded<Event<Int>>] = [
            .next(110, 7), .next(220, 3), .next(280, 4), .next(290, 1), .next(340, 8), .next(360, 5),
            .next(370, 6), .next(390, 7), .next(410, 13), .next(430, 2), .next(450, 9), .next(520, 11),
            .next(560, 20), .next(570, 21), .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26),
            .next(620, 27), .next(630, 28), .error(800, TestError.boom),
        ]
        if let end {
            events.append(end)
            events.sort { $0.time < $1.time }
        }
        return scheduler.createHotObservable(events)
    }

    /// Connects at 300, disconnects at 400, connects at 420 and again at 440 (the same
    /// connection), disposes that at 530, connects at 575, disposes the 420 connection at 590
    /// (already gone) and the 575 one at 621.
    private func scheduleConnections(_ scheduler: TestScheduler, _ connectable: @escaping () -> ConnectableObservable<Int>) {
        var connection: Disposable!
        var innerConnection: Disposable!
        var lastConnection: Disposable!
        scheduler.scheduleAt(300) { connection = connectable().connect() }
        scheduler.scheduleAt(400) { connection.dispose() }
        scheduler.scheduleAt(420) { connection = connectable().connect() }
        scheduler.scheduleAt(440) { innerConnection = connectable().connect() }
        scheduler.scheduleAt(530) { innerConnection.dispose() }
        scheduler.scheduleAt(575) { lastConnection = connectable().connect() }
        scheduler.scheduleAt(590) { connection.dispose() }
        scheduler.scheduleAt(621) { lastConnection.dispose() }
    }

    // MARK: - multicast(makeSubject:): a subject per connection

    func testMulticastMakeSubject_ConnectControlsTheSourceSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        var ys: ConnectableObservable<Int>!
        var subscription: Disposable!
        var subjectsMade = 0
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) {
            ys = xs.multicast(makeSubject: { () -> ReplaySubject<Int> in
                subjectsMade += 1
                return ReplaySubject.create(bufferSize: 3)
            })
        }
        scheduler.scheduleAt(405) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription.dispose() }
        scheduleConnections(scheduler) { ys }
        scheduler.start()

        // The 300 connection's subject was dropped at 400; the subscriber at 405 got a new
        // one, which the 420 connection used, so it hears only that connection. The 575
        // connection made a third subject that nobody subscribed to.
        XCTAssertEqual(res.events, [.next(430, 2), .next(450, 9), .next(520, 11)])
        XCTAssertEqual(xs.subscriptions, [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
        XCTAssertEqual(subjectsMade, 3)
    }

    func testMulticastMakeSubject_LateSubscriberGetsOnlyTheCurrentConnectionsBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        var ys: ConnectableObservable<Int>!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.multicast(makeSubject: { ReplaySubject.create(bufferSize: 1) }) }
        scheduler.scheduleAt(470) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription.dispose() }
        scheduleConnections(scheduler) { ys }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(470, 9), .next(520, 11)])
        XCTAssertEqual(xs.subscriptions, [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    func testMulticastMakeSubject_CompletionDropsTheSubjectSoTheNextConnectionStartsOver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(435))
        var ys: ConnectableObservable<Int>!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)
        var completions = 0

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.multicast(makeSubject: { ReplaySubject.create(bufferSize: 1) }) }
        scheduler.scheduleAt(405) {
            subscription = ys.do(onCompleted: {
                completions += 1
                subscription = ys.subscribe(res)
                _ = ys.connect()
            }).subscribe(res)
        }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription.dispose() }
        scheduleConnections(scheduler) { ys }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(430, 2), .completed(435), .next(450, 9), .next(520, 11)])
        XCTAssertEqual(
            xs.subscriptions,
            [Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621)]
        )
        XCTAssertEqual(completions, 1)
    }

    func testMulticastMakeSubject_ErrorDropsTheSubjectSoTheNextConnectionStartsOver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(435, TestError.other))
        var ys: ConnectableObservable<Int>!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.multicast(makeSubject: { ReplaySubject.create(bufferSize: 1) }) }
        scheduler.scheduleAt(405) {
            subscription = ys.do(onError: { _ in
                subscription = ys.subscribe(res)
                _ = ys.connect()
            }).subscribe(res)
        }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription.dispose() }
        scheduleConnections(scheduler) { ys }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(430, 2), .error(435, TestError.other), .next(450, 9), .next(520, 11)])
        XCTAssertEqual(
            xs.subscriptions,
            [Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621)]
        )
    }

    // MARK: - multicast(_ subject:): one subject for every connection

    func testMulticastSubject_KeepsTheBufferAcrossConnections() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        var ys: ConnectableObservable<Int>!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.multicast(ReplaySubject.create(bufferSize: 3)) }
        scheduler.scheduleAt(405) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription.dispose() }
        scheduleConnections(scheduler) { ys }
        scheduler.start()

        XCTAssertEqual(
            res.events,
            [
                .next(405, 5), .next(405, 6), .next(405, 7), .next(430, 2), .next(450, 9), .next(520, 11),
                .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    func testMulticastSubject_ConnectFirstThenSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        var ys: ConnectableObservable<Int>!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.multicast(ReplaySubject.create(bufferSize: 1)) }
        scheduler.scheduleAt(470) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription.dispose() }
        scheduleConnections(scheduler) { ys }
        scheduler.start()

        XCTAssertEqual(
            res.events,
            [.next(470, 9), .next(520, 11), .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27)]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    func testMulticastSubject_CompletionIsReplayedToLaterSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(435))
        var ys: ConnectableObservable<Int>!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.multicast(ReplaySubject.create(bufferSize: 1)) }
        scheduler.scheduleAt(405) {
            subscription = ys.do(onCompleted: {
                subscription = ys.subscribe(res)
                _ = ys.connect()
            }).subscribe(res)
        }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription.dispose() }
        scheduleConnections(scheduler) { ys }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(405, 7), .next(430, 2), .next(435, 2), .completed(435), .completed(435)])
        XCTAssertEqual(
            xs.subscriptions,
            [Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621)]
        )
    }

    func testMulticastSubject_ErrorIsReplayedToLaterSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(435, TestError.other))
        var ys: ConnectableObservable<Int>!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.multicast(ReplaySubject.create(bufferSize: 1)) }
        scheduler.scheduleAt(405) {
            subscription = ys.do(onError: { _ in
                subscription = ys.subscribe(res)
                _ = ys.connect()
            }).subscribe(res)
        }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription.dispose() }
        scheduleConnections(scheduler) { ys }
        scheduler.start()

        XCTAssertEqual(
            res.events,
            [.next(405, 7), .next(430, 2), .next(435, 2), .error(435, TestError.other), .error(435, TestError.other)]
        )
        XCTAssertEqual(
            xs.subscriptions,
            [Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621)]
        )
    }

    // MARK: - publish, replay, replayAll

    func testPublish_SubscribersGetOnlyWhatIsSentWhileConnectedAfterTheySubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .next(260, 4), .completed(300)])
        var ys: ConnectableObservable<Int>!
        var connection: Disposable!
        var subscriptions: [Disposable] = []
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.publish() }
        scheduler.scheduleAt(200) { subscriptions.append(ys.subscribe(early)) }
        scheduler.scheduleAt(215) { connection = ys.connect() }
        scheduler.scheduleAt(230) { subscriptions.append(ys.subscribe(late)) }
        scheduler.scheduleAt(250) { connection.dispose() }
        scheduler.scheduleAt(400) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(220, 2), .next(240, 3)])
        XCTAssertEqual(late.events, [.next(240, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(215, 250)])
    }

    func testPublish_ConnectingTwiceReturnsTheSameConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        var ys: ConnectableObservable<Int>!
        var first: Disposable!
        var second: Disposable!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.publish() }
        scheduler.scheduleAt(200) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(205) { first = ys.connect() }
        scheduler.scheduleAt(206) { second = ys.connect() }
        scheduler.scheduleAt(220) { second.dispose() }
        scheduler.scheduleAt(240) { first.dispose() }
        scheduler.scheduleAt(300) { subscription.dispose() }
        scheduler.start()

        XCTAssertTrue(first as AnyObject === second as AnyObject)
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(205, 220)])
    }

    func testPublish_SourceCompletingSynchronouslyOnConnect() {
        var received: [Int] = []
        var completions = 0
        let ys = Observable.of(1, 2, 3).publish()
        let subscription = ys.subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })

        ys.connect().dispose()
        subscription.dispose()

        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(completions, 1)
    }

    func testPublish_ErrorImmediatelyOnConnect() {
        var errors = 0
        let ys = Observable<Int>.error(TestError.boom).publish()
        let subscription = ys.subscribe(onError: { _ in errors += 1 })

        ys.connect().dispose()
        subscription.dispose()

        XCTAssertEqual(errors, 1)
    }

    func testReplay_LateSubscriberGetsTheLastElementsOfTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300)])
        var ys: ConnectableObservable<Int>!
        var connection: Disposable!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.replay(2) }
        scheduler.scheduleAt(200) { connection = ys.connect() }
        scheduler.scheduleAt(250) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(400) {
            subscription.dispose()
            connection.dispose()
        }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(250, 2), .next(250, 3), .next(260, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testReplayAll_LateSubscriberGetsEveryElementOfTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300)])
        var ys: ConnectableObservable<Int>!
        var connection: Disposable!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.replayAll() }
        scheduler.scheduleAt(200) { connection = ys.connect() }
        scheduler.scheduleAt(250) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(400) {
            subscription.dispose()
            connection.dispose()
        }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(250, 1), .next(250, 2), .next(250, 3), .next(260, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testReplay_SubscriberAfterCompletionOfTheConnectionGetsANewSubject() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220), .next(240, 2)])
        var ys: ConnectableObservable<Int>!
        var connection: Disposable!
        var subscription: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.replay(1) }
        scheduler.scheduleAt(200) { connection = ys.connect() }
        scheduler.scheduleAt(230) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(400) {
            subscription.dispose()
            connection.dispose()
        }
        scheduler.start()

        // The completed connection took its subject along: the new subject has nothing to
        // replay and is not connected.
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    // MARK: - replay and replayAll across connections

    /// A cold source of 5, 9, 11, 20, 22, 23, 24, 25 at 10…80 ending with `end`, connected
    /// from 400 to 520 and from 650 to 700; one subscriber from 450 to `disposed`.
    private func replayAcrossConnections(
        end: Recorded<Event<Int>>, disposed: TestTime = TestScheduler.Defaults.disposed,
        _ makeConnectable: @escaping (TestableObservable<Int>) -> ConnectableObservable<Int>
    ) -> (events: [Recorded<Event<Int>>], subscriptions: [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(
            [5, 9, 11, 20, 22, 23, 24, 25].enumerated().map { .next(10 * ($0.offset + 1), $0.element) } + [end]
        )
        var ys: ConnectableObservable<Int>!
        var subscription: Disposable!
        var connection: Disposable!
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = makeConnectable(xs) }
        scheduler.scheduleAt(450) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(disposed) { subscription.dispose() }
        scheduler.scheduleAt(400) { connection = ys.connect() }
        scheduler.scheduleAt(520) { connection.dispose() }
        scheduler.scheduleAt(650) { connection = ys.connect() }
        scheduler.scheduleAt(700) { connection.dispose() }
        scheduler.start()
        return (res.events, xs.subscriptions)
    }

    func testReplayCount_LateSubscriberGetsTheLastThreeThenFollows() {
        let tail: [Recorded<Event<Int>>] = [.next(460, 23), .next(470, 24), .next(480, 25)]
        let head: [Recorded<Event<Int>>] = [.next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22)]

        let basic = replayAcrossConnections(end: .error(130, TestError.boom)) { $0.replay(3) }
        XCTAssertEqual(basic.events, head + tail)
        XCTAssertEqual(basic.subscriptions, [Subscription(400, 520), Subscription(650, 700)])

        let failing = replayAcrossConnections(end: .error(90, TestError.boom)) { $0.replay(3) }
        XCTAssertEqual(failing.events, head + tail + [.error(490, TestError.boom)])
        XCTAssertEqual(failing.subscriptions, [Subscription(400, 490), Subscription(650, 700)])

        let completing = replayAcrossConnections(end: .completed(90)) { $0.replay(3) }
        XCTAssertEqual(completing.events, head + tail + [.completed(490)])
        XCTAssertEqual(completing.subscriptions, [Subscription(400, 490), Subscription(650, 700)])

        let disposed = replayAcrossConnections(end: .completed(130), disposed: 475) { $0.replay(3) }
        XCTAssertEqual(disposed.events, head + tail.prefix(2))
        XCTAssertEqual(disposed.subscriptions, [Subscription(400, 520), Subscription(650, 700)])
    }

    func testReplayOne_LateSubscriberGetsTheLatestThenFollows() {
        let expected: [Recorded<Event<Int>>] = [.next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24), .next(480, 25)]

        let basic = replayAcrossConnections(end: .completed(130)) { $0.replay(1) }
        XCTAssertEqual(basic.events, expected)
        XCTAssertEqual(basic.subscriptions, [Subscription(400, 520), Subscription(650, 700)])

        let failing = replayAcrossConnections(end: .error(90, TestError.boom)) { $0.replay(1) }
        XCTAssertEqual(failing.events, expected + [.error(490, TestError.boom)])
        XCTAssertEqual(failing.subscriptions, [Subscription(400, 490), Subscription(650, 700)])
    }

    func testReplayAll_LateSubscriberGetsEverythingThenFollows() {
        let expected: [Recorded<Event<Int>>] = [
            .next(450, 5), .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22),
            .next(460, 23), .next(470, 24), .next(480, 25),
        ]

        let basic = replayAcrossConnections(end: .completed(130)) { $0.replayAll() }
        XCTAssertEqual(basic.events, expected)
        XCTAssertEqual(basic.subscriptions, [Subscription(400, 520), Subscription(650, 700)])

        let failing = replayAcrossConnections(end: .error(90, TestError.boom)) { $0.replayAll() }
        XCTAssertEqual(failing.events, expected + [.error(490, TestError.boom)])
        XCTAssertEqual(failing.subscriptions, [Subscription(400, 490), Subscription(650, 700)])

        let completing = replayAcrossConnections(end: .completed(90)) { $0.replayAll() }
        XCTAssertEqual(completing.events, expected + [.completed(490)])
        XCTAssertEqual(completing.subscriptions, [Subscription(400, 490), Subscription(650, 700)])
    }

    // MARK: - multicast(_:selector:)

    func testMulticastSelector_Completed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(40, 0), .next(90, 1), .next(150, 2), .next(210, 3), .next(240, 4), .next(270, 5),
            .next(330, 6), .next(340, 7), .completed(390),
        ])
        var subjectsMade = 0
        var selectorCalls = 0

        let res = scheduler.start {
            xs.multicast({ () -> PublishSubject<Int> in
                subjectsMade += 1
                return PublishSubject()
            }, selector: { shared in
                selectorCalls += 1
                return shared
            })
        }

        XCTAssertEqual(res.events, [.next(210, 3), .next(240, 4), .next(270, 5), .next(330, 6), .next(340, 7), .completed(390)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
        XCTAssertEqual(subjectsMade, 1)
        XCTAssertEqual(selectorCalls, 1)
    }

    func testMulticastSelector_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 2), .next(210, 3), .next(240, 4), .error(390, TestError.boom)])

        let res = scheduler.start { xs.multicast({ PublishSubject<Int>() }, selector: { $0 }) }

        XCTAssertEqual(res.events, [.next(210, 3), .next(240, 4), .error(390, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
    }

    func testMulticastSelector_DisposeEndsTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 3), .next(240, 4), .next(340, 7)])

        let res = scheduler.start(disposed: 300) { xs.multicast({ PublishSubject<Int>() }, selector: { $0 }) }

        XCTAssertEqual(res.events, [.next(210, 3), .next(240, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMulticastSelector_TheSharedSourceIsSubscribedOnceForSeveralUses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 3), .next(240, 4), .next(270, 5), .completed(390)])

        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { shared in Observable.zip(shared, shared) { $0 + $1 } })
        }

        XCTAssertEqual(res.events, [.next(210, 6), .next(240, 8), .next(270, 10), .completed(390)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
    }

    func testMulticastSelector_EachSubscriptionGetsItsOwnSubjectAndConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        var subjectsMade = 0
        var ys: Observable<Int>!
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(TestScheduler.Defaults.created) {
            ys = xs.multicast({ () -> PublishSubject<Int> in
                subjectsMade += 1
                return PublishSubject()
            }, selector: { $0 })
        }
        scheduler.scheduleAt(200) { _ = ys.subscribe(first) }
        scheduler.scheduleAt(300) { _ = ys.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, [.next(310, 1), .next(320, 2), .completed(330)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(300, 330)])
        XCTAssertEqual(subjectsMade, 2)
    }

    func testMulticastSelector_SubjectSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        var selectorCalls = 0

        let res = scheduler.start {
            xs.multicast({ () throws -> PublishSubject<Int> in throw TestError.boom }, selector: { shared in
                selectorCalls += 1
                return shared
            })
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [])
        XCTAssertEqual(selectorCalls, 0)
    }

    func testMulticastSelector_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])

        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { _ -> Observable<Int> in throw TestError.boom })
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [])
    }
}

// MARK: - Lock discipline

extension MulticastTests {
    func testConnection_DisposeUnsubscribesFromTheSourceAfterUnlocking() {
        let inversion = LockInversion()
        let source = ObserverBox<Int>().source(onDispose: { inversion.calloutNeedsForeignLock() })
        let connectable = UncheckedSendable(value: source.publish())
        let connection = UncheckedSendable(value: connectable.value.connect())

        inversion.run(
            "Connection.dispose",
            callOut: { connection.value.dispose() },
            reachIn: { connectable.value.subscribe { _ in }.dispose() }
        )
    }
}
