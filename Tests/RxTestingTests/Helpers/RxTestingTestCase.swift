import RxTesting

/// The base of every test class in RxTestingTests: each test runs under the leak check, which
/// fails it when it leaves Rx objects alive or a subscription open.
class RxTestingTestCase: RxLeakCheckedTestCase {}

/// Errors the tests send through sequences and throw from closures.
enum TestError: Error, Equatable {
    case boom
    case other
}
