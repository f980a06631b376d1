import RxCore
import RxTesting
import XCTest

/// Trait code written for RxSwift 5 still compiles: each old spelling behaves as its RxSwift 6
/// name.
///
/// The test methods are themselves deprecated, which keeps the compiler's deprecation warnings
/// for the old names out of the build.
final class PrimitiveSequenceDeprecatedTests: RxCoreTestCase {
    @available(*, deprecated)
    func testObserveOn_and_SubscribeOn_areObserveOn_and_SubscribeOn() {
        let scheduler = TestScheduler(initialClock: 0)

        let observed = scheduler.start { Single.just(1).observeOn(scheduler) }
        scheduler.advanceTo(1000)
        let subscribed = scheduler.start(created: 1000, subscribed: 1000, disposed: 2000) {
            Maybe.just(2).subscribeOn(scheduler)
        }

        XCTAssertEqual(observed.events, [.next(201, 1), .completed(202)])
        XCTAssertEqual(subscribed.events, [.next(1001, 2), .completed(1001)])
    }

    @available(*, deprecated)
    func testCatchError_isCatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError.boom)])
        var handlerCalls = 0

        let res = scheduler.start {
            xs.asSingle().catchError { _ in
                handlerCalls += 1
                return .just(-1)
            }
        }

        XCTAssertEqual(res.events, [.next(210, -1), .completed(210)])
        XCTAssertEqual(handlerCalls, 1)
    }

    @available(*, deprecated)
    func testCatchErrorJustReturn_isCatchAndReturn_OnSingleAndMaybe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError.boom)])

        let single = scheduler.start { xs.asSingle().catchErrorJustReturn(-1) }
        scheduler.advanceTo(1000)
        let maybe = scheduler.start(created: 1000, subscribed: 1000, disposed: 2000) {
            xs.asMaybe().catchErrorJustReturn(-2)
        }

        XCTAssertEqual(single.events, [.next(210, -1), .completed(210)])
        XCTAssertEqual(maybe.events, [.next(1010, -2), .completed(1010)])
    }

    @available(*, deprecated)
    func testRetryWhen_isRetryWhen_WithTypedAndUntypedErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError.boom)])
        var typedHandlerCalls = 0
        let ys = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, TestError.boom)])
        var untypedHandlerCalls = 0

        let typed = scheduler.start {
            xs.asSingle().retryWhen { (errors: Observable<TestError>) -> Observable<Int> in
                typedHandlerCalls += 1
                return errors.take(2).map { _ in 0 }
            }
        }
        scheduler.advanceTo(1000)
        let untyped = scheduler.start(created: 1000, subscribed: 1000, disposed: 2000) {
            ys.asCompletable().retryWhen { (errors: Observable<Swift.Error>) -> Observable<Int> in
                untypedHandlerCalls += 1
                return errors.take(1).map { _ in 0 }
            }
        }

        XCTAssertEqual(typed.events, [.completed(230)], "two retries, then the trigger completes")
        XCTAssertEqual(typedHandlerCalls, 1)
        XCTAssertEqual(untyped.events, [.completed(1020)])
        XCTAssertEqual(untypedHandlerCalls, 1)
    }
}
