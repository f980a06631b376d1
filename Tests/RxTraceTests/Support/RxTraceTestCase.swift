import RxTesting

/// The base of every test class in RxTraceTests: each test runs under the leak check, which
/// fails it when it leaves Rx objects alive or a subscription open. The recorder tests install
/// recorders of their own, so for them the check compares `Resources.total`.
class RxTraceTestCase: RxLeakCheckedTestCase {}
