import RxCore
import RxTesting
import XCTest

final class ConcatTests: RxCoreTestCase {
    func testConcat_EmptyEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .completed(230)])
        let xs2 = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { Observable.concat([xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
    }

    func testConcat_EmptyNever_SubscribesTheSecondForever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .completed(230)])
        let xs2 = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { Observable.concat([xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 1000)])
    }

    func testConcat_NeverReturn_NeverSubscribesTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1)])
        let xs2 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(230)])

        let res = scheduler.start { Observable.concat([xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(xs2.subscriptions, [])
    }

    func testConcat_ReturnReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(230)])
        let xs2 = scheduler.createHotObservable([.next(150, 1), .next(240, 3), .completed(250)])

        let res = scheduler.start { Observable.concat([xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, [.next(220, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
    }

    func testConcat_ThrowReturn_EndsWithoutTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .error(230, TestError.boom)])
        let xs2 = scheduler.createHotObservable([.next(150, 1), .next(240, 2), .completed(250)])

        let res = scheduler.start { Observable.concat([xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [])
    }

    func testConcat_ReturnThrow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(230)])
        let xs2 = scheduler.createHotObservable([.next(150, 1), .error(250, TestError.other)])

        let res = scheduler.start { Observable.concat([xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, [.next(220, 2), .error(250, TestError.other)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
    }

    func testConcat_SomeDataSomeData_DropsTheSecondsEarlierHotElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(225)])
        let xs2 = scheduler.createHotObservable([
            .next(150, 1), .next(222, 9), .next(230, 4), .next(240, 5), .completed(250),
        ])

        let res = scheduler.start { Observable.concat([xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(225, 250)])
    }

    func testConcat_EnumerableTiming_ResubscribesARepeatedColdSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let xs2 = scheduler.createColdObservable([.next(50, 4), .next(60, 5), .next(70, 6), .completed(80)])
        let xs3 = scheduler.createHotObservable([
            .next(150, 1), .next(200, 2), .next(210, 3), .next(220, 4), .next(230, 5), .next(270, 6),
            .next(320, 7), .next(330, 8), .completed(340),
        ])

        let res = scheduler.start {
            Observable.concat([xs1, xs2, xs3, xs2].map { $0.asObservable() })
        }

        XCTAssertEqual(res.events, [
            .next(210, 2), .next(220, 3), .next(280, 4), .next(290, 5), .next(300, 6), .next(320, 7),
            .next(330, 8), .next(390, 4), .next(400, 5), .next(410, 6), .completed(420),
        ])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 310), Subscription(340, 420)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(310, 340)])
    }

    func testConcat_NoSources_CompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.concat([Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testConcat_Dispose_EndsTheCurrentSourceAndSendsNothingMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let xs2 = scheduler.createHotObservable([.next(230, 2), .next(260, 3), .completed(270)])
        let xs3 = scheduler.createHotObservable([.next(280, 4), .completed(290)])

        let res = scheduler.start(disposed: 250) {
            Observable.concat([xs1, xs2, xs3].map { $0.asObservable() })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(220, 250)])
        XCTAssertEqual(xs3.subscriptions, [])
    }

    func testConcat_Variadic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { Observable.concat(xs1.asObservable(), xs2.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(220, 240)])
    }

    func testConcat_Instance_AppendsTheSecondSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .error(20, TestError.boom)])

        let res = scheduler.start { xs1.concat(xs2) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .error(240, TestError.boom)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(220, 240)])
    }

    func testConcat_Sequence_PullsEachSourceOnlyWhenItIsNeeded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let xs2 = scheduler.createHotObservable([.next(230, 2)])
        let sources = [xs1, xs2, xs1]
        var pulled = 0
        let sequence = AnySequence { () -> AnyIterator<Observable<Int>> in
            var index = 0
            return AnyIterator {
                guard index < sources.count else { return nil }
                defer { index += 1 }
                pulled += 1
                return sources[index].asObservable()
            }
        }
        var pulledAt215 = -1
        scheduler.scheduleAt(215) { pulledAt215 = pulled }

        let res = scheduler.start { Observable.concat(sequence) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(pulledAt215, 1)
        XCTAssertEqual(pulled, 2)
        XCTAssertEqual(xs2.subscriptions, [Subscription(220, 1000)])
    }

    func testConcat_TenThousandSources_DoNotOverflowTheStack() {
        let recorder = EventRecorder<Int>()

        let subscription = Observable.concat((0..<10_000).map { Observable.just($0) }).subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events, (0..<10_000).map { .next($0) } + [.completed])
    }

    func testConcat_TenThousandScheduledSources_DoNotOverflowTheStack() {
        let recorder = EventRecorder<Int>()

        let subscription = Observable.concat(AnySequence((0..<10_000).lazy.map { Observable.of($0) }))
            .subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events, (0..<10_000).map { .next($0) } + [.completed])
    }

    func testConcat_LazilyNestedConcats_AreWalkedInPlace() {
        let recorder = EventRecorder<Int>()
        var made = 0

        // The nesting ends at 20 000, so that a walk that goes on after `take` ended (a
        // trampoline that runs nested work at once, a sink that ignores its disposal) fails
        // this test instead of hanging it.
        let subscription = generateCollection(0, upTo: 20_000) { element in
            made += 1
            return Observable.of(element)
        }
        .take(10_000)
        .subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events, (0..<10_000).map { .next($0) } + [.completed])
        XCTAssertEqual(made, 10_000, "the walk stops once take(10_000) ended")
    }

    func testConcat_ChainedInstanceConcats() {
        let recorder = EventRecorder<Int>()
        let chain = (1..<1_000).reduce(Observable.just(0)) { chain, index in chain.concat(Observable.just(index)) }

        let subscription = chain.subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events, (0..<1_000).map { .next($0) } + [.completed])
    }

    func testConcat_ASourceEndingWhileSubscribed_MovesOnBeforeLaterQueuedWork() {
        let recorder = EventRecorder<Int>()
        let first = Observable.concat([Observable.just(1), Observable.just(2)])
        let second = Observable.of(10, 20)

        // The outer `of` delivers `first`, then `second`, one trampoline step each. `concat`
        // moves from `just(1)` to `just(2)` inside its own gate, as RxSwift does, not on the
        // trampoline behind `second`'s steps.
        let subscription = Observable.of(first, second).flatMap { $0 }.subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(10), .next(20), .completed])
    }

    func testConcat_TailRecursionCollection_KeepsOneIteratorOnTheStack() {
        maxTailRecursiveSinkStackSize = 0
        let recorder = EventRecorder<Int>()

        let subscription = generateCollection(0, upTo: 20_000) { Observable.of($0) }
            .take(10_000)
            .subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events.count, 10_001)
        XCTAssertEqual(maxTailRecursiveSinkStackSize, 1, "an iterator known to be spent is not kept")
    }

    func testConcat_TailRecursionSequence_KeepsEveryIteratorOfUnknownLength() {
        maxTailRecursiveSinkStackSize = 0
        let recorder = EventRecorder<Int>()

        let subscription = generateSequence(0, upTo: 2_000) { Observable.of($0) }
            .take(1_500)
            .subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events.count, 1_501)
        XCTAssertGreaterThan(maxTailRecursiveSinkStackSize, 1_000, "an iterator of unknown length stays")
    }

    /// `[make(start), [make(start + 1), […].concat()].concat()].concat()`, built lazily: the
    /// shape RxSwift's tail-recursion tests use, ending with an empty sequence at `limit`.
    private func generateCollection(
        _ start: Int, upTo limit: Int, _ make: @escaping (Int) -> Observable<Int>
    ) -> Observable<Int> {
        if start == limit {
            return Observable.empty()
        }
        let parts = [0, 1].lazy.map { part in
            part == 0 ? make(start) : self.generateCollection(start + 1, upTo: limit, make)
        }
        return Observable.concat(parts)
    }

    /// As ``generateCollection(_:upTo:_:)``, but each level is an `AnySequence`, whose length
    /// the sink cannot know: the shape of RxSwift's `generateSequence`.
    private func generateSequence(
        _ start: Int, upTo limit: Int, _ make: @escaping (Int) -> Observable<Int>
    ) -> Observable<Int> {
        if start == limit {
            return Observable.empty()
        }
        let parts = [0, 1].lazy.map { part in
            part == 0 ? make(start) : self.generateSequence(start + 1, upTo: limit, make)
        }
        return Observable.concat(AnySequence(parts))
    }
}
