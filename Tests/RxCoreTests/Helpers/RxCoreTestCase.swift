import RxTesting
import XCTest

#if RXCORE_TESTS_WITHOUT_LEAK_CHECKS
/// A measurement knob, never a way to run the tests for a verdict: built with
/// `-Xswiftc -DRXCORE_TESTS_WITHOUT_LEAK_CHECKS` (as `Benchmarks/leak-check-overhead.sh` does,
/// into a scratch path of its own), the tests run as plain XCTest cases, so that the leak
/// check's cost can be timed against them.
class RxCoreTestCase: XCTestCase {}
#else
/// The base of every test class in RxCoreTests: each test runs under the leak check, which
/// fails it when it leaves Rx objects alive (traced in its scope, or counted by
/// `Resources.total`) or a subscription neither disposed nor terminated.
class RxCoreTestCase: RxLeakCheckedTestCase {}
#endif
