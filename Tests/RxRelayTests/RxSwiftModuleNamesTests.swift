import RxBlocking
import RxCocoa
import RxSwift
import RxTest
import XCTest

// A library written for RxSwift names its types through their modules; these lines compile as
// they are, with RxSwift's module names mapped onto RxCore, RxRelay and RxTesting.
private typealias LibraryObservable<Element> = RxSwift.Observable<Element>
private typealias LibraryDisposeBag = RxSwift.DisposeBag
private typealias LibraryDriver<Element> = RxCocoa.Driver<Element>
private typealias LibraryRelay<Element> = RxRelay.BehaviorRelay<Element>
private typealias LibraryScheduler = RxTest.TestScheduler
private typealias LibraryBlocking<Element> = RxBlocking.BlockingObservable<Element>

/// Code written for RxSwift, RxCocoa, RxTest and RxBlocking compiles with no change at all,
/// imports included, and behaves as it does there.
final class RxSwiftModuleNamesTests: RxRelayTestCase {
    func testRxTestCode_withRxSwiftsImports_recordsTheSameEvents() {
        let scheduler = LibraryScheduler(initialClock: 0)
        let relay = LibraryRelay(value: 1)
        let doubled: LibraryObservable<Int> = relay.asObservable().map { $0 * 2 }
        let observer = scheduler.createObserver(Int.self)
        let bag = LibraryDisposeBag()

        scheduler.scheduleAt(100) { doubled.subscribe(observer).disposed(by: bag) }
        scheduler.scheduleAt(200) { relay.accept(5) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(100, 2), .next(200, 10)])
    }

    func testRxBlockingCode_withRxSwiftsImports_blocksForTheElements() throws {
        let blocking: LibraryBlocking<Int> = LibraryObservable.from([1, 2, 3]).toBlocking(timeout: 5)

        XCTAssertEqual(try blocking.toArray(), [1, 2, 3])
    }

    func testRxCocoaCode_seesDriversAndRelays_asRxCocoaDoes() throws {
        let relay = PublishRelay<String>()
        let driver: LibraryDriver<Int> = relay.asObservable().map(\.count).asDriver(onErrorJustReturn: 0)
        var received: [Int] = []
        let subscription = driver.drive(onNext: { received.append($0) })

        relay.accept("four")
        subscription.dispose()

        XCTAssertEqual(received, [4])
    }
}
