import RxTesting

/// The base of every test class in RxCoreTests: each test runs under the leak check, which
/// fails it when it leaves Rx objects alive (traced in its scope, or counted by
/// `Resources.total`) or a subscription neither disposed nor terminated.
class RxCoreTestCase: RxLeakCheckedTestCase {}
