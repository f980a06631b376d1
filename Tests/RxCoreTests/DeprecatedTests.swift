import RxCore
import RxTesting
import XCTest

/// Code written for RxSwift 5 still compiles: each old spelling behaves as its RxSwift 6 name.
///
/// The test methods are themselves deprecated, which keeps the compiler's deprecation warnings
/// for the old names out of the build.
final class DeprecatedTests: RxCoreTestCase {
    @available(*, deprecated)
    func testCatchError_and_CatchErrorJustReturn_areCatch_and_CatchAndReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let otherScheduler = TestScheduler(initialClock: 0)
        let ys = otherScheduler.createHotObservable([.next(210, 2), .error(220, TestError.boom)])
        var handlerCalls = 0

        let caught = scheduler.start(disposed: 300) {
            xs.catchError { _ in
                handlerCalls += 1
                return .just(-1)
            }
        }
        let returned = otherScheduler.start { ys.catchErrorJustReturn(-2) }

        XCTAssertEqual(caught.events, [.next(210, 1), .next(220, -1), .completed(220)])
        XCTAssertEqual(handlerCalls, 1)
        XCTAssertEqual(returned.events, [.next(210, 2), .next(220, -2), .completed(220)])
    }

    @available(*, deprecated)
    func testElementAt_TakeUntil_TakeWhile_SkipWhile_SkipUntil_areTheirRxSwift6Names() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(10, 1), .next(20, 2), .next(30, 3), .next(40, 4), .completed(50),
        ])
        let stop = scheduler.createColdObservable([.next(35, "stop")])

        XCTAssertEqual(scheduler.start { xs.elementAt(1) }.events, [.next(220, 2), .completed(220)])
        scheduler.advanceTo(1000)
        XCTAssertEqual(
            scheduler.start(created: 1000, subscribed: 1000, disposed: 2000) { xs.takeUntil(stop) }.events,
            [.next(1010, 1), .next(1020, 2), .next(1030, 3), .completed(1035)]
        )
        scheduler.advanceTo(3000)
        XCTAssertEqual(
            scheduler.start(created: 3000, subscribed: 3000, disposed: 4000) { xs.takeWhile { $0 < 3 } }.events,
            [.next(3010, 1), .next(3020, 2), .completed(3030)]
        )
        scheduler.advanceTo(5000)
        XCTAssertEqual(
            scheduler.start(created: 5000, subscribed: 5000, disposed: 6000) { xs.takeUntil(.inclusive) { $0 == 2 } }.events,
            [.next(5010, 1), .next(5020, 2), .completed(5020)]
        )
        scheduler.advanceTo(7000)
        XCTAssertEqual(
            scheduler.start(created: 7000, subscribed: 7000, disposed: 8000) { xs.skipWhile { $0 < 3 } }.events,
            [.next(7030, 3), .next(7040, 4), .completed(7050)]
        )
        scheduler.advanceTo(9000)
        XCTAssertEqual(
            scheduler.start(created: 9000, subscribed: 9000, disposed: 10000) { xs.skipUntil(stop) }.events,
            [.next(9040, 4), .completed(9050)]
        )
    }

    @available(*, deprecated)
    func testRetryWhen_isRetryWhen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start {
            xs.retryWhen { (errors: Observable<Swift.Error>) in errors.take(1) }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240)])
    }

    @available(*, deprecated)
    func testObserveOn_SubscribeOn_TakeForDuration_areTheirRxSwift6Names() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])

        let res = scheduler.start {
            xs.subscribeOn(scheduler).observeOn(scheduler).take(.seconds(50), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(211, 1), .completed(250)])
    }

    @available(*, deprecated)
    func testFromOptional_withoutItsLabel_isFromOptional() {
        let some: Int? = 1
        let none: Int? = nil

        XCTAssertEqual(try Observable.from(some).toBlocking(timeout: 5).toArray(), [1])
        XCTAssertEqual(try Observable.from(none, scheduler: CurrentThreadScheduler.instance).toBlocking(timeout: 5).toArray(), [])
    }

    @available(*, deprecated)
    func testStaticCatchErrorOfASequence_isCatchSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { Observable.catchError([first.asObservable(), second.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
    }

    func testEachSubjectsObserverType_isTheSubjectItself() {
        XCTAssertTrue(PublishSubject<Int>.SubjectObserverType.self == PublishSubject<Int>.self)
        XCTAssertTrue(BehaviorSubject<Int>.SubjectObserverType.self == BehaviorSubject<Int>.self)
        XCTAssertTrue(ReplaySubject<Int>.SubjectObserverType.self == ReplaySubject<Int>.self)
        XCTAssertTrue(AsyncSubject<Int>.SubjectObserverType.self == AsyncSubject<Int>.self)
    }
}
