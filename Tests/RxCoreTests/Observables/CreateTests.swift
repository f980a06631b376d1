import RxCore
import RxTesting
import XCTest

final class CreateTests: RxCoreTestCase {
    func testCreate_Next() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                return Disposables.create()
            }
        }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2)])
    }

    func testCreate_Completed() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.onCompleted()
                observer.onNext(100)
                observer.onError(TestError.boom)
                observer.onCompleted()
                return Disposables.create()
            }
        }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testCreate_Error() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.onError(TestError.boom)
                observer.onNext(100)
                observer.onError(TestError.other)
                observer.onCompleted()
                return Disposables.create()
            }
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    func testCreate_EventsScheduledLaterAndDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []

        let res = scheduler.start {
            Observable<Int>.create { observer in
                var isStopped = false
                scheduler.scheduleAt(600) { if !isStopped { observer.onNext(1) } }
                scheduler.scheduleAt(700) { if !isStopped { observer.onNext(2) } }
                scheduler.scheduleAt(1100) { if !isStopped { observer.onNext(3) } }
                return Disposables.create {
                    isStopped = true
                    disposedAt.append(scheduler.clock)
                }
            }
        }

        XCTAssertEqual(res.events, [.next(600, 1), .next(700, 2)])
        XCTAssertEqual(disposedAt, [1000])
    }

    func testCreate_DisposesReturnedDisposableOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []

        let res = scheduler.start {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(300) { observer.onCompleted() }
                return Disposables.create { disposedAt.append(scheduler.clock) }
            }
        }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(disposedAt, [300])
    }

    func testCreate_RunsClosureOncePerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedAt: [Int] = []
        let source = Observable<Int>.create { observer in
            subscribedAt.append(scheduler.clock)
            observer.onCompleted()
            return Disposables.create()
        }

        scheduler.scheduleAt(210) { _ = source.subscribe(onNext: { _ in }) }
        scheduler.scheduleAt(220) { _ = source.subscribe(onNext: { _ in }) }
        scheduler.start()

        XCTAssertEqual(subscribedAt, [210, 220])
    }
}
