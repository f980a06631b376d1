import RxSwift
import XCTest

// A library's own alias, written as libraries written for RxSwift declare it. RxSwift 6.10.2
// (and so RxCore) declares `RxObservable<Element>` too; this module's declaration is found
// first, so the library compiles unchanged.
public typealias RxObservable = RxSwift.Observable

/// `RxObservable`, RxSwift's second name for `Observable`, and a library's alias of the same name.
final class RxObservableTests: RxRelayTestCase {
    func testRxObservable_LibrarysOwnAlias_CompilesAndNamesObservable() throws {
        let doubled: RxObservable<Int> = RxObservable.of(1, 2).map { $0 * 2 }

        XCTAssertEqual(try doubled.toBlocking(timeout: 5).toArray(), [2, 4])
    }

    func testRxObservable_ModuleQualified_IsRxSwiftsObservable() throws {
        let numbers: RxSwift.RxObservable<Int> = Observable.of(1, 2)
        // The same type, not a conversion: assigning compiles only because it is.
        let observable: RxSwift.Observable<Int> = numbers

        XCTAssertEqual(try observable.toBlocking(timeout: 5).toArray(), [1, 2])
    }
}
