// Mirrors RxCocoa's RxCocoa/Traits/Driver/ObservableConvertibleType+Driver.swift.

extension ObservableConvertibleType {
    /// This sequence as a ``Driver``: observed on the main scheduler, ending with
    /// `onErrorJustReturn` and completion instead of an error.
    public func asDriver(
        onErrorJustReturn: Element
    ) -> Driver<Element> {
        let call = TraceCall.enterFromUser("asDriver(onErrorJustReturn:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: DriverSharingStrategy.scheduler)
            .catchAndReturn(onErrorJustReturn)
        return Driver(source)
    }

    /// This sequence as a ``Driver``: observed on the main scheduler, going on with
    /// `onErrorDriveWith` instead of an error.
    public func asDriver(
        onErrorDriveWith: Driver<Element>
    ) -> Driver<Element> {
        let call = TraceCall.enterFromUser("asDriver(onErrorDriveWith:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: DriverSharingStrategy.scheduler)
            .catch({ _ in onErrorDriveWith.asObservable() })
        return Driver(source)
    }

    /// This sequence as a ``Driver``: observed on the main scheduler, going on with the
    /// driver `onErrorRecover` returns for an error.
    public func asDriver(
        onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>
    ) -> Driver<Element> {
        let call = TraceCall.enterFromUser("asDriver(onErrorRecover:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: DriverSharingStrategy.scheduler)
            .catch({ error in onErrorRecover(error).asObservable() })
        return Driver(source)
    }
}
