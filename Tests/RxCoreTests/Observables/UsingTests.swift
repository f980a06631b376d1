import RxCore
import RxTesting
import XCTest

/// A resource that remembers when it was disposed, on the test scheduler's clock.
private final class TestResource: Disposable {
    let value: Int
    private let scheduler: TestScheduler
    private(set) var disposedAt: [Int] = []

    init(value: Int, scheduler: TestScheduler) {
        self.value = value
        self.scheduler = scheduler
    }

    func dispose() {
        disposedAt.append(scheduler.clock)
    }
}

final class UsingTests: RxCoreTestCase {
    func testUsing_Complete_DisposesTheResourceAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        var resourceFactoryCalls = 0
        var observableFactoryCalls = 0
        var resource: TestResource?
        var xs: TestableObservable<Int>?

        let res = scheduler.start {
            Observable.using({ () -> TestResource in
                resourceFactoryCalls += 1
                resource = TestResource(value: 42, scheduler: scheduler)
                return resource!
            }, observableFactory: { made in
                observableFactoryCalls += 1
                xs = scheduler.createColdObservable([.next(100, made.value), .completed(200)])
                return xs!.asObservable()
            })
        }

        XCTAssertEqual(resourceFactoryCalls, 1)
        XCTAssertEqual(observableFactoryCalls, 1)
        XCTAssertEqual(res.events, [.next(300, 42), .completed(400)])
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(resource?.disposedAt, [400])
    }

    func testUsing_Error_DisposesTheResourceAtTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: TestResource?
        var xs: TestableObservable<Int>?

        let res = scheduler.start {
            Observable.using({ () -> TestResource in
                resource = TestResource(value: 42, scheduler: scheduler)
                return resource!
            }, observableFactory: { made in
                xs = scheduler.createColdObservable([.next(100, made.value), .error(200, TestError.boom)])
                return xs!.asObservable()
            })
        }

        XCTAssertEqual(res.events, [.next(300, 42), .error(400, TestError.boom)])
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(resource?.disposedAt, [400])
    }

    func testUsing_Dispose_DisposesTheResourceWithTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: TestResource?
        var xs: TestableObservable<Int>?

        let res = scheduler.start {
            Observable.using({ () -> TestResource in
                resource = TestResource(value: 42, scheduler: scheduler)
                return resource!
            }, observableFactory: { made in
                xs = scheduler.createColdObservable([.next(100, made.value), .next(1000, made.value + 1)])
                return xs!.asObservable()
            })
        }

        XCTAssertEqual(res.events, [.next(300, 42)])
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(resource?.disposedAt, [1000])
    }

    func testUsing_ResourceFactoryThrows_SendsTheErrorWithoutCallingTheObservableFactory() {
        let scheduler = TestScheduler(initialClock: 0)
        var observableFactoryCalls = 0

        let res = scheduler.start {
            Observable<Int>.using({ () -> TestResource in
                throw TestError.boom
            }, observableFactory: { _ in
                observableFactoryCalls += 1
                return Observable.never()
            })
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(observableFactoryCalls, 0)
    }

    func testUsing_ObservableFactoryThrows_SendsTheErrorAndDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: TestResource?

        let res = scheduler.start {
            Observable<Int>.using({ () -> TestResource in
                resource = TestResource(value: 42, scheduler: scheduler)
                return resource!
            }, observableFactory: { _ in
                throw TestError.boom
            })
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(resource?.disposedAt, [200])
    }

    func testUsing_EachSubscriptionMakesItsOwnResource() {
        var resources: [TestDisposable] = []
        let used = Observable<Int>.using({ () -> TestDisposable in
            resources.append(TestDisposable())
            return resources.last!
        }, observableFactory: { _ in Observable.just(resources.count) })

        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = used.subscribe(first)
        _ = used.subscribe(second)

        XCTAssertEqual(first.events, [.next(1), .completed])
        XCTAssertEqual(second.events, [.next(2), .completed])
        XCTAssertEqual(resources.map(\.disposeCount), [1, 1])
    }
}
