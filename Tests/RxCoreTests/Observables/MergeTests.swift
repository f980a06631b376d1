import RxCore
import RxTesting
import XCTest

final class MergeTests: RxCoreTestCase {
    /// Two cold inner sequences sent by a hot outer one at 300 and 350; the outer completes
    /// at 400, as both inners do.
    private func makeSources(
        _ scheduler: TestScheduler, secondInnerEnd: Recorded<Event<Int>> = .completed(50)
    ) -> (xs: TestableObservable<TestableObservable<Int>>, ys1: TestableObservable<Int>, ys2: TestableObservable<Int>) {
        let ys1 = scheduler.createColdObservable([.next(10, 102), .next(90, 103), .completed(100)])
        let ys2 = scheduler.createColdObservable([.next(20, 202), secondInnerEnd])
        let early = scheduler.createColdObservable([.next(10, -1)])
        let xs = scheduler.createHotObservable([.next(150, early), .next(300, ys1), .next(350, ys2), .completed(400)])
        return (xs, ys1, ys2)
    }

    func testFlatMap_Complete() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys1, ys2) = makeSources(scheduler)

        let res = scheduler.start { xs.flatMap { $0 } }

        XCTAssertEqual(res.events, [.next(310, 102), .next(370, 202), .next(390, 103), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(350, 400)])
    }

    func testFlatMap_CompletesOnlyWhenOuterAndAllInnersComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(100, 5), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.flatMap { _ in inner } }

        XCTAssertEqual(res.events, [.next(310, 5), .completed(410)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 410)])
    }

    func testFlatMap_InnerErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys1, ys2) = makeSources(scheduler, secondInnerEnd: .error(25, TestError.boom))

        let res = scheduler.start { xs.flatMap { $0 } }

        XCTAssertEqual(res.events, [.next(310, 102), .next(370, 202), .error(375, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 375)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 375)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(350, 375)])
    }

    func testFlatMap_OuterErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 102), .next(90, 103), .completed(100)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .error(320, TestError.other)])

        let res = scheduler.start { xs.flatMap { $0 } }

        XCTAssertEqual(res.events, [.next(310, 102), .error(320, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 320)])
    }

    func testFlatMap_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys1, ys2) = makeSources(scheduler)
        var invoked = 0

        let res = scheduler.start {
            xs.flatMap { inner -> TestableObservable<Int> in
                invoked += 1
                if invoked == 2 { throw TestError.boom }
                return inner
            }
        }

        XCTAssertEqual(res.events, [.next(310, 102), .error(350, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 350)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    func testFlatMap_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys1, ys2) = makeSources(scheduler)

        let res = scheduler.start(disposed: 380) { xs.flatMap { $0 } }

        XCTAssertEqual(res.events, [.next(310, 102), .next(370, 202)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 380)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 380)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(350, 380)])
    }

    func testFlatMap_SynchronousInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.flatMap { Observable.of($0 * 10, $0 * 10 + 1) } }

        XCTAssertEqual(res.events, [
            .next(210, 10), .next(210, 11), .next(220, 20), .next(220, 21), .completed(230),
        ])
    }

    func testFlatMap_CallsSelectorOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        var invoked: [Int] = []

        let res = scheduler.start {
            xs.flatMap { value -> Observable<Int> in
                invoked.append(value)
                return Observable.just(value * 10)
            }
        }

        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .next(230, 30), .completed(240)])
        XCTAssertEqual(invoked, [1, 2, 3])
    }

    // MARK: merge()

    /// Three cold inner sequences that overlap when sent at 300, 340 and 360.
    private func makeOverlappingInners(
        _ scheduler: TestScheduler, thirdInnerEnd: Recorded<Event<Int>> = .completed(30)
    ) -> (ys1: TestableObservable<Int>, ys2: TestableObservable<Int>, ys3: TestableObservable<Int>) {
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(60, 12), .completed(100)])
        let ys2 = scheduler.createColdObservable([.next(5, 21), .next(30, 22), .completed(40)])
        let ys3 = scheduler.createColdObservable([.next(10, 31), thirdInnerEnd])
        return (ys1, ys2, ys3)
    }

    func testMerge_InterleavesEveryInnerAndCompletesAfterTheLastInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, ys2, ys3) = makeOverlappingInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(340, ys2), .next(360, ys3), .completed(370)])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, [
            .next(310, 11), .next(345, 21), .next(360, 12), .next(370, 22), .next(370, 31), .completed(400),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 370)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(340, 380)])
        XCTAssertEqual(ys3.subscriptions, [Subscription(360, 390)])
    }

    func testMerge_CompletesWithTheOuterWhenEveryInnerIsDone() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, ys2, _) = makeOverlappingInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(340, ys2), .completed(500)])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, [.next(310, 11), .next(345, 21), .next(360, 12), .next(370, 22), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(340, 380)])
    }

    func testMerge_InnerErrorEndsEveryInnerAndTheOuter() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, ys2, ys3) = makeOverlappingInners(scheduler, thirdInnerEnd: .error(15, TestError.boom))
        let late = scheduler.createColdObservable([.next(1, 99)])
        let xs = scheduler.createHotObservable([
            .next(300, ys1), .next(340, ys2), .next(360, ys3), .next(450, late), .completed(500),
        ])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, [
            .next(310, 11), .next(345, 21), .next(360, 12), .next(370, 22), .next(370, 31), .error(375, TestError.boom),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 375)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 375)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(340, 375)])
        XCTAssertEqual(ys3.subscriptions, [Subscription(360, 375)])
        XCTAssertEqual(late.subscriptions, [])
    }

    func testMerge_OuterErrorEndsEveryInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, ys2, _) = makeOverlappingInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(340, ys2), .error(350, TestError.other)])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, [.next(310, 11), .next(345, 21), .error(350, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 350)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(340, 350)])
    }

    func testMerge_DisposeEndsEverySubscriptionAndNothingFollows() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, ys2, ys3) = makeOverlappingInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(340, ys2), .next(360, ys3), .completed(370)])

        let res = scheduler.start(disposed: 350) { xs.merge() }

        XCTAssertEqual(res.events, [.next(310, 11), .next(345, 21)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 350)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(340, 350)])
        XCTAssertEqual(ys3.subscriptions, [])
    }

    func testMerge_SynchronousInnersAndOuter() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.of(Observable.of(1, 2), Observable.empty(), Observable.of(3)).merge()
        }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }

    func testMerge_EmptyOuterCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Observable<Int>>.empty().merge() }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testMerge_SynchronousInnerErrorStopsTheRest() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.of(Observable.of(1), Observable<Int>.error(TestError.boom), Observable.of(3)).merge()
        }

        XCTAssertEqual(res.events, [.next(200, 1), .error(200, TestError.boom)])
    }

    // MARK: merge(maxConcurrent:)

    /// Four cold inner sequences sent at 210, 230, 250 and 260, the outer completing at `outerEnd`.
    private func makeLimitedSources(
        _ scheduler: TestScheduler,
        thirdInnerEnd: Recorded<Event<Int>> = .completed(50),
        outerEnd: Recorded<Event<TestableObservable<Int>>> = .completed(300)
    ) -> (
        xs: TestableObservable<TestableObservable<Int>>,
        ys: [TestableObservable<Int>]
    ) {
        let ys1 = scheduler.createColdObservable([.next(10, 11), .completed(100)])
        let ys2 = scheduler.createColdObservable([.next(10, 21), .next(50, 22), .completed(60)])
        let ys3 = scheduler.createColdObservable([.next(20, 31), thirdInnerEnd])
        let ys4 = scheduler.createColdObservable([.next(5, 41), .completed(10)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(230, ys2), .next(250, ys3), .next(260, ys4), outerEnd])
        return (xs, [ys1, ys2, ys3, ys4])
    }

    func testMergeMaxConcurrent_QueuesInnersBeyondTheLimitAndStartsEachWhenAPlaceFrees() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeLimitedSources(scheduler)

        let res = scheduler.start { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [
            .next(220, 11), .next(240, 21), .next(280, 22), .next(310, 31), .next(315, 41), .completed(340),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 310)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(230, 290)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(290, 340)])
        XCTAssertEqual(ys[3].subscriptions, [Subscription(310, 320)])
    }

    func testMergeMaxConcurrent_LimitAboveTheInnerCountBehavesAsMerge() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeLimitedSources(scheduler)

        let res = scheduler.start { xs.merge(maxConcurrent: 10) }

        XCTAssertEqual(res.events, [
            .next(220, 11), .next(240, 21), .next(265, 41), .next(270, 31), .next(280, 22), .completed(310),
        ])
        XCTAssertEqual(ys.map(\.subscriptions), [
            [Subscription(210, 310)], [Subscription(230, 290)], [Subscription(250, 300)], [Subscription(260, 270)],
        ])
    }

    func testMergeMaxConcurrent_OuterCompletingLastCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeLimitedSources(scheduler, outerEnd: .completed(400))

        let res = scheduler.start { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events.last, .completed(400))
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(290, 340)])
        XCTAssertEqual(ys[3].subscriptions, [Subscription(310, 320)])
    }

    func testMergeMaxConcurrent_InnerErrorEndsEverythingAndDropsTheQueue() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeLimitedSources(scheduler, thirdInnerEnd: .error(25, TestError.boom))

        let res = scheduler.start { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 11), .next(320, 21), .next(360, 22), .next(390, 31), .error(395, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 310)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(310, 370)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(370, 395)])
        XCTAssertEqual(ys[3].subscriptions, [])
    }

    func testMergeMaxConcurrent_OuterErrorEndsTheRunningInnersAndDropsTheQueue() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeLimitedSources(scheduler, outerEnd: .error(270, TestError.other))

        let res = scheduler.start { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [.next(220, 11), .next(240, 21), .error(270, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 270)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(230, 270)])
        XCTAssertEqual(ys[2].subscriptions, [])
        XCTAssertEqual(ys[3].subscriptions, [])
    }

    func testMergeMaxConcurrent_DisposeNeverStartsTheQueuedInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeLimitedSources(scheduler)

        let res = scheduler.start(disposed: 285) { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [.next(220, 11), .next(240, 21), .next(280, 22)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 285)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 285)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(230, 285)])
        XCTAssertEqual(ys[2].subscriptions, [])
        XCTAssertEqual(ys[3].subscriptions, [])
    }

    func testMergeMaxConcurrent_EmptyOuterCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Observable<Int>>.empty().merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testMergeMaxConcurrent_SynchronousInners() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.of(Observable.of(1, 2), Observable.of(3), Observable.of(4, 5)).merge(maxConcurrent: 1)
        }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .next(200, 4), .next(200, 5), .completed(200)])
    }

    func testMergeMaxConcurrent_ManyQueuedSynchronousInnersRunOneAfterTheOtherWithoutNesting() {
        let scheduler = TestScheduler(initialClock: 0)
        let count = 20_000
        let first = scheduler.createColdObservable([.next(10, 0), .completed(20)])
        let queued: [Recorded<Event<Observable<Int>>>] = (1...count).map { .next(215, Observable.just($0)) }
        let xs = scheduler.createHotObservable([.next(210, first.asObservable())] + queued + [.completed(220)])

        let res = scheduler.start { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events.count, count + 2)
        XCTAssertEqual(res.events.first, .next(220, 0))
        XCTAssertEqual(res.events[count], .next(230, count))
        XCTAssertEqual(res.events.last, .completed(230))
    }

    // MARK: concat()

    func testConcat_SubscribesEachInnerWhenThePreviousCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeLimitedSources(scheduler)

        let res = scheduler.start { xs.concat() }

        XCTAssertEqual(res.events, [
            .next(220, 11), .next(320, 21), .next(360, 22), .next(390, 31), .next(425, 41), .completed(430),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.map(\.subscriptions), [
            [Subscription(210, 310)], [Subscription(310, 370)], [Subscription(370, 420)], [Subscription(420, 430)],
        ])
    }

    func testConcat_InnerThatNeverCompletesHoldsBackTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1)])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(230)])

        let res = scheduler.start { xs.concat() }

        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 1000)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    // MARK: concatMap

    func testConcatMap_MapsOnArrivalAndRunsTheInnersInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeLimitedSources(scheduler)
        let numbers = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .next(250, 2), .next(260, 3), .completed(300)])
        var mappedAt: [Int] = []

        let res = scheduler.start {
            numbers.concatMap { index -> TestableObservable<Int> in
                mappedAt.append(scheduler.clock)
                return ys[index]
            }
        }

        XCTAssertEqual(mappedAt, [210, 230, 250, 260], "the selector runs once per element, when it arrives")
        XCTAssertEqual(res.events, [
            .next(220, 11), .next(320, 21), .next(360, 22), .next(390, 31), .next(425, 41), .completed(430),
        ])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.map(\.subscriptions), [
            [Subscription(210, 310)], [Subscription(310, 370)], [Subscription(370, 420)], [Subscription(420, 430)],
        ])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testConcatMap_SelectorThrowingForAQueuedElementEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler)
        let numbers = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .next(250, 2), .completed(300)])
        var invoked = 0

        let res = scheduler.start {
            numbers.concatMap { index -> TestableObservable<Int> in
                invoked += 1
                if index == 2 { throw TestError.boom }
                return ys[index]
            }
        }

        XCTAssertEqual(invoked, 3)
        XCTAssertEqual(res.events, [.next(220, 11), .error(250, TestError.boom)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(ys[1].subscriptions, [])
    }

    func testConcatMap_OuterErrorEndsTheRunningInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler)
        let numbers = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .error(240, TestError.other)])

        let res = scheduler.start { numbers.concatMap { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .error(240, TestError.other)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(ys[1].subscriptions, [])
    }

    func testConcatMap_InnerErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler, thirdInnerEnd: .error(25, TestError.boom))
        let numbers = scheduler.createHotObservable([.next(210, 2), .next(220, 0), .completed(300)])

        let res = scheduler.start { numbers.concatMap { ys[$0] } }

        XCTAssertEqual(res.events, [.next(230, 31), .error(235, TestError.boom)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(210, 235)])
        XCTAssertEqual(ys[0].subscriptions, [])
    }

    func testConcatMap_DisposeEndsTheRunningInnerAndNothingFollows() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler)
        let numbers = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .completed(300)])

        let res = scheduler.start(disposed: 315) { numbers.concatMap { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 310)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(310, 315)])
    }

    // MARK: flatMapFirst

    func testFlatMapFirst_DropsElementsWhileAnInnerRunsWithoutCallingTheSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler)
        let numbers = scheduler.createHotObservable([
            .next(210, 0), .next(230, 1), .next(250, 2), .next(320, 3), .next(325, 1), .completed(400),
        ])
        var invoked: [Int] = []

        let res = scheduler.start {
            numbers.flatMapFirst { index -> TestableObservable<Int> in
                invoked.append(index)
                return ys[index]
            }
        }

        XCTAssertEqual(invoked, [0, 3], "the selector runs only for elements that start an inner sequence")
        XCTAssertEqual(res.events, [.next(220, 11), .next(325, 41), .completed(400)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys.map(\.subscriptions), [[Subscription(210, 310)], [], [], [Subscription(320, 330)]])
    }

    func testFlatMapFirst_CompletesWhenTheRunningInnerCompletesAfterTheOuter() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler)
        let numbers = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .completed(240)])

        let res = scheduler.start { numbers.flatMapFirst { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .completed(310)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 310)])
        XCTAssertEqual(ys[1].subscriptions, [])
    }

    func testFlatMapFirst_InnerErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler, thirdInnerEnd: .error(25, TestError.boom))
        let numbers = scheduler.createHotObservable([.next(210, 2), .next(220, 0), .completed(300)])

        let res = scheduler.start { numbers.flatMapFirst { ys[$0] } }

        XCTAssertEqual(res.events, [.next(230, 31), .error(235, TestError.boom)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(210, 235)])
        XCTAssertEqual(ys[0].subscriptions, [])
    }

    func testFlatMapFirst_OuterErrorEndsTheRunningInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler)
        let numbers = scheduler.createHotObservable([.next(210, 0), .error(250, TestError.other)])

        let res = scheduler.start { numbers.flatMapFirst { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .error(250, TestError.other)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 250)])
    }

    func testFlatMapFirst_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler)
        let numbers = scheduler.createHotObservable([.next(210, 3), .next(218, 0), .next(230, 1), .completed(300)])
        var invoked = 0

        let res = scheduler.start {
            numbers.flatMapFirst { index -> TestableObservable<Int> in
                invoked += 1
                if invoked == 2 { throw TestError.boom }
                return ys[index]
            }
        }

        XCTAssertEqual(invoked, 2, "the element dropped at 218 never reaches the selector")
        XCTAssertEqual(res.events, [.next(215, 41), .error(230, TestError.boom)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys[3].subscriptions, [Subscription(210, 220)])
        XCTAssertEqual(ys[0].subscriptions, [])
        XCTAssertEqual(ys[1].subscriptions, [])
    }

    func testFlatMapFirst_DisposeEndsTheRunningInnerAndNothingFollows() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys) = makeLimitedSources(scheduler)
        let numbers = scheduler.createHotObservable([.next(230, 1), .completed(300)])

        let res = scheduler.start(disposed: 260) { numbers.flatMapFirst { ys[$0] } }

        XCTAssertEqual(res.events, [.next(240, 21)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(230, 260)])
    }

    // MARK: static merge

    /// Every static `merge` form over `sources`: variadic, array and collection.
    private func staticMergeForms(_ sources: [Observable<Int>]) -> [(name: String, merged: Observable<Int>)] {
        var variadic: Observable<Int>
        switch sources.count {
        case 0: variadic = Observable.merge()
        case 1: variadic = Observable.merge(sources[0])
        case 2: variadic = Observable.merge(sources[0], sources[1])
        default: variadic = Observable.merge(sources[0], sources[1], sources[2])
        }
        precondition(sources.count <= 3)
        return [
            ("variadic", variadic),
            ("array", Observable.merge(sources)),
            ("collection", Observable.merge(AnyCollection(sources))),
        ]
    }

    func testStaticMerge_SubscribesToEverySourceAtOnceAndCompletesAfterTheLast() {
        for form in ["variadic", "array", "collection"] {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 11), .next(40, 12), .completed(100)])
            let ys2 = scheduler.createColdObservable([.next(20, 21), .completed(30)])
            let ys3 = scheduler.createColdObservable([.next(10, 31), .completed(60)])

            let res = scheduler.start {
                self.staticMergeForms([ys1.asObservable(), ys2.asObservable(), ys3.asObservable()])
                    .first { $0.name == form }!.merged
            }

            XCTAssertEqual(
                res.events,
                [.next(210, 11), .next(210, 31), .next(220, 21), .next(240, 12), .completed(300)],
                form
            )
            XCTAssertEqual(ys1.subscriptions, [Subscription(200, 300)], form)
            XCTAssertEqual(ys2.subscriptions, [Subscription(200, 230)], form)
            XCTAssertEqual(ys3.subscriptions, [Subscription(200, 260)], form)
        }
    }

    func testStaticMerge_NoSourceCompletesAtOnce() {
        for form in ["variadic", "array", "collection"] {
            let scheduler = TestScheduler(initialClock: 0)

            let res = scheduler.start { self.staticMergeForms([]).first { $0.name == form }!.merged }

            XCTAssertEqual(res.events, [.completed(200)], form)
        }
    }

    func testStaticMerge_AnEmptySourceDoesNotCompleteTheMerge() {
        for form in ["variadic", "array", "collection"] {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, 1), .completed(50)])

            let res = scheduler.start {
                self.staticMergeForms([Observable.empty(), ys.asObservable()]).first { $0.name == form }!.merged
            }

            XCTAssertEqual(res.events, [.next(210, 1), .completed(250)], form)
            XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)], form)
        }
    }

    func testStaticMerge_SourceErrorEndsEverySource() {
        for form in ["variadic", "array", "collection"] {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 11), .completed(100)])
            let ys2 = scheduler.createColdObservable([.next(5, 21), .error(15, TestError.boom)])
            let ys3 = scheduler.createColdObservable([.next(20, 31), .completed(30)])

            let res = scheduler.start {
                self.staticMergeForms([ys1.asObservable(), ys2.asObservable(), ys3.asObservable()])
                    .first { $0.name == form }!.merged
            }

            XCTAssertEqual(res.events, [.next(205, 21), .next(210, 11), .error(215, TestError.boom)], form)
            XCTAssertEqual(ys1.subscriptions, [Subscription(200, 215)], form)
            XCTAssertEqual(ys2.subscriptions, [Subscription(200, 215)], form)
            XCTAssertEqual(ys3.subscriptions, [Subscription(200, 215)], form)
        }
    }

    func testStaticMerge_SynchronousErrorWhileSubscribingEndsEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 3)])

        let res = scheduler.start {
            Observable.merge(Observable.of(1), Observable<Int>.error(TestError.boom), ys.asObservable())
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)], "`of` sends on the trampoline, after the error")
        XCTAssertEqual(
            ys.subscriptions, [Subscription(200, 200)],
            "as in RxSwift, a later source is still subscribed while the subscribe runs, and disposed with it"
        )
    }

    func testStaticMerge_DisposeEndsEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(60, 12), .completed(100)])
        let ys2 = scheduler.createColdObservable([.next(20, 21), .next(70, 22), .completed(80)])

        let res = scheduler.start(disposed: 250) { Observable.merge(ys1.asObservable(), ys2.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 11), .next(220, 21)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(200, 250)])
    }

    // MARK: re-entrancy

    func testFlatMap_ReentrantOuterElementFromTheObserver() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.flatMap { Observable.just($0 * 10) }.subscribe(onNext: { value in
            received.append(value)
            if value < 30 { subject.onNext(value / 10 + 1) }
        })

        subject.onNext(1)
        subscription.dispose()

        XCTAssertEqual(received, [10, 20, 30])
    }

    func testConcatMap_ReentrantOuterElementWaitsForTheRunningInner() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var mapped: [Int] = []
        let subscription = subject
            .concatMap { value -> Observable<Int> in
                mapped.append(value)
                return Observable.of(value * 10, value * 10 + 1)
            }
            .subscribe(onNext: { value in
                received.append(value)
                if value == 10 { subject.onNext(2) }
            })

        subject.onNext(1)
        subscription.dispose()

        XCTAssertEqual(mapped, [1, 2])
        XCTAssertEqual(received, [10, 11, 20, 21], "the element sent from inside the first inner runs after it")
    }
}

// MARK: - Lock discipline

extension MergeTests {
    /// `merge` of a failing subject, a source whose disposal needs the foreign lock, and a
    /// source the other thread sends 1 into: the error disposes the second source, which must
    /// happen after the merge unlocked, and the 1 is not forwarded after the error.
    private func checkAnErrorDisposesTheOtherSourcesAfterUnlocking(
        _ what: String, _ merge: ([Observable<Int>]) -> Observable<Int>,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let inversion = LockInversion()
        let failing = PublishSubject<Int>()
        let sender = ObserverBox<Int>()
        let events = SynchronizedLog<TestEvent<Int>>()
        let subscription = merge([
            failing.asObservable(), ObserverBox<Int>().source(onDispose: { inversion.calloutNeedsForeignLock() }),
            sender.source(),
        ]).subscribe { events.append(TestEvent($0)) }
        let sendable = UncheckedSendable(value: failing)

        inversion.run(
            what, callOut: { sendable.value.onError(TestError.boom) }, reachIn: { sender.observer?.onNext(1) },
            file: file, line: line
        )

        XCTAssertEqual(events.values, [.error(TestError.boom)], what, file: file, line: line)
        subscription.dispose()
    }

    /// `merge` of a source that completes, whose disposal needs the foreign lock, and another
    /// that sends 1 from the other thread meanwhile.
    private func checkACompletedSourceIsDisposedAfterUnlocking(
        _ what: String, _ merge: (Observable<Int>, Observable<Int>) -> Observable<Int>,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let inversion = LockInversion()
        let completing = ObserverBox<Int>()
        let other = ObserverBox<Int>()
        let events = SynchronizedLog<TestEvent<Int>>()
        let subscription = merge(completing.source(onDispose: { inversion.calloutNeedsForeignLock() }), other.source())
            .subscribe { events.append(TestEvent($0)) }

        inversion.run(
            what, callOut: { completing.observer?.onCompleted() }, reachIn: { other.observer?.onNext(1) },
            file: file, line: line
        )

        XCTAssertEqual(events.values, [.next(1)], what, file: file, line: line)
        subscription.dispose()
    }

    func testMerge_AnErrorDisposesTheOtherSourcesAfterUnlocking() {
        checkAnErrorDisposesTheOtherSourcesAfterUnlocking("Observable.merge") { Observable.merge($0) }
        checkAnErrorDisposesTheOtherSourcesAfterUnlocking("merge()") { Observable.from($0).merge() }
        checkAnErrorDisposesTheOtherSourcesAfterUnlocking("merge(maxConcurrent:)") {
            Observable.from($0).merge(maxConcurrent: 3)
        }
    }

    func testMerge_ACompletedSourceIsDisposedAfterUnlocking() {
        checkACompletedSourceIsDisposedAfterUnlocking("Observable.merge") { Observable.merge($0, $1) }
        checkACompletedSourceIsDisposedAfterUnlocking("merge()") { Observable.of($0, $1).merge() }
        checkACompletedSourceIsDisposedAfterUnlocking("merge(maxConcurrent:)") {
            Observable.of($0, $1).merge(maxConcurrent: 2)
        }
    }

    func testFlatMap_TheCompletedOuterSequenceIsDisposedAfterUnlocking() {
        let inversion = LockInversion()
        let outer = ObserverBox<Int>()
        let inner = ObserverBox<Int>()
        let events = SynchronizedLog<TestEvent<Int>>()
        let subscription = outer.source(onDispose: { inversion.calloutNeedsForeignLock() })
            .flatMap { _ in inner.source() }
            .subscribe { events.append(TestEvent($0)) }
        outer.observer?.onNext(0)

        inversion.run(
            "flatMap, the outer sequence completing",
            callOut: { outer.observer?.onCompleted() },
            reachIn: { inner.observer?.onNext(1) }
        )

        XCTAssertEqual(events.values, [.next(1)])
        subscription.dispose()
    }
}
