import Foundation
import RxCore
import XCTest

/// The base of every test class in RxTestingTests: fails a test that ends with more (or
/// fewer) live Rx objects than it began with.
///
/// Blocking tests release some objects on other queues just after the test body returns, so
/// `tearDown` waits up to a second for the count to come back before failing.
class RxTestingTestCase: XCTestCase {
    private var startingTotal: Int32 = 0

    override func setUp() {
        super.setUp()
        startingTotal = Resources.total
    }

    override func tearDown() {
        var endingTotal = Resources.total
        for _ in 0..<20 where endingTotal != startingTotal {
            Thread.sleep(forTimeInterval: 0.05)
            endingTotal = Resources.total
        }
        XCTAssertEqual(
            endingTotal, startingTotal,
            """
            Resources.total was \(startingTotal) when the test began and is \(endingTotal) at its end: \
            the test left \(endingTotal - startingTotal) Rx object(s) alive.
            """
        )
        super.tearDown()
    }
}

/// Errors the tests send through sequences and throw from closures.
enum TestError: Error, Equatable {
    case boom
    case other
}
