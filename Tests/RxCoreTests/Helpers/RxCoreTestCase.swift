import RxCore
import XCTest

/// The base of every test class in RxCoreTests: fails a test that ends with more (or fewer)
/// live Rx objects than it began with.
///
/// `setUp` records ``Resources/total``; `tearDown` compares. Everything a test creates in its
/// body is released when the test method returns, so a difference is a leak (or an extra
/// release) that the test caused.
class RxCoreTestCase: XCTestCase {
    private var startingTotal: Int32 = 0

    override func setUp() {
        super.setUp()
        startingTotal = Resources.total
    }

    override func tearDown() {
        let endingTotal = Resources.total
        XCTAssertEqual(
            endingTotal, startingTotal,
            """
            Resources.total was \(startingTotal) when the test began and is \(endingTotal) at its end: \
            the test left \(endingTotal - startingTotal) Rx object(s) alive. Dispose the subscriptions it \
            made, or let the sequences terminate.
            """
        )
        super.tearDown()
    }
}
