import RxCocoa
import RxSwift
import RxTest
import XCTest

// A library's own `map(to:)`, as real libraries declare one: in scope, it must not win over
// `map(_:)` for a closure, as it does not with RxSwift.
extension ObservableType {
    fileprivate func map<Result>(to value: Result) -> Observable<Result> {
        map { _ in value }
    }
}

/// RxCore's operators, factories and `subscribe` forms have RxSwift 6.10.2's signatures, with no
/// extra parameters: they can be passed as functions, and overload resolution picks what it
/// picks with RxSwift.
final class RxSwiftSignaturesTests: RxRelayTestCase {
    func testObservableJust_asAnUnappliedFunction_mapsAnOptional() throws {
        let optional: Int? = 3

        let observable = optional.map(Observable.just)

        var received: [Int] = []
        let subscription = try XCTUnwrap(observable).subscribe(onNext: { received.append($0) })
        subscription.dispose()
        XCTAssertEqual(received, [3])
    }

    func testObservableJust_asAnUnappliedFunction_isAFlatMapSelector() {
        var received: [Int] = []

        let subscription = Observable.of(1, 2).flatMap(Observable.just).subscribe(onNext: { received.append($0) })

        subscription.dispose()
        XCTAssertEqual(received, [1, 2])
    }

    func testDriverJust_asAnUnappliedFunction_isAFlatMapSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        var driver: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) { driver = Driver.just(1).flatMap(Driver.just) }
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?

        scheduler.scheduleAt(100) { subscription = driver.drive(observer) }
        scheduler.scheduleAt(200) { subscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events.compactMap(\.value.element), [1])
    }

    func testSingleJust_asAnUnappliedFunction_isAFlatMapSelector() {
        var received: [Int] = []

        let subscription = Single.just(2).flatMap(Single.just).subscribe(onSuccess: { received.append($0) })

        subscription.dispose()
        XCTAssertEqual(received, [2])
    }

    func testSubscribe_asAnUnappliedMethod_hasRxSwiftsFourClosures() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscribe: (Observable<Int>) -> (
            ((Int) -> Void)?, ((Swift.Error) -> Void)?, (() -> Void)?, (() -> Void)?
        ) -> Disposable = Observable<Int>.subscribe(onNext:onError:onCompleted:onDisposed:)

        let subscription = subscribe(subject.asObservable())({ received.append($0) }, nil, nil, nil)
        subject.onNext(1)

        subscription.dispose()
        XCTAssertEqual(received, [1])
    }

    func testMapOfAClosure_withALibrarysMapToInScope_picksMapAndFiltersItsTuples() {
        var received: [Int] = []

        let subscription = Observable.of(1, 2, 3)
            .map { ($0, $0 > 1) }
            .filter { $0.1 }
            .subscribe(onNext: { received.append($0.0) })

        subscription.dispose()
        XCTAssertEqual(received, [2, 3])
    }

    func testTheLibrarysMapTo_isStillCalledWithItsLabel() {
        var received: [String] = []

        let subscription = Observable.of(1, 2).map(to: "x").subscribe(onNext: { received.append($0) })

        subscription.dispose()
        XCTAssertEqual(received, ["x", "x"])
    }
}
