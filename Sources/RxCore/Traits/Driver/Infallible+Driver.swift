// Mirrors RxCocoa's RxCocoa/Traits/Driver/Infallible+Driver.swift.

extension InfallibleType {
    /// This infallible sequence as a ``Driver``: observed on the main scheduler and shared as
    /// drivers are; it needs no error fallback, since an ``Infallible`` cannot fail.
    public func asDriver() -> Driver<Element> {
        let call = TraceCall.enterFromUser("asDriver()", on: nil); defer { call.exit() }
        return Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
