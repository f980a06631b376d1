// Mirrors RxCocoa's RxCocoa/Traits/SharedSequence/ObservableConvertibleType+SharedSequence.swift.

extension ObservableConvertibleType {
    /// This sequence as a ``SharedSequence``: observed on the strategy's scheduler, ending with
    /// `onErrorJustReturn` and completion instead of an error.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorJustReturn: Element
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enterFromUser("asSharedSequence(onErrorJustReturn:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: SharingStrategy.scheduler)
            .catchAndReturn(onErrorJustReturn)
        return SharedSequence(source)
    }

    /// This sequence as a ``SharedSequence``: observed on the strategy's scheduler, going on
    /// with `onErrorDriveWith` instead of an error.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorDriveWith: SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enterFromUser("asSharedSequence(onErrorDriveWith:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: SharingStrategy.scheduler)
            .catch({ _ in onErrorDriveWith.asObservable() })
        return SharedSequence(source)
    }

    /// This sequence as a ``SharedSequence``: observed on the strategy's scheduler, going on
    /// with the sequence `onErrorRecover` returns for an error.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorRecover: @escaping (_ error: Swift.Error) -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enterFromUser("asSharedSequence(onErrorRecover:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: SharingStrategy.scheduler)
            .catch({ error in onErrorRecover(error).asObservable() })
        return SharedSequence(source)
    }
}
