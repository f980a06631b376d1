// Mirrors RxCocoa's RxCocoa/Traits/Signal/ObservableConvertibleType+Signal.swift.

extension ObservableConvertibleType {
    /// This sequence as a ``Signal``: observed on the main scheduler, ending with
    /// `onErrorJustReturn` and completion instead of an error.
    public func asSignal(
        onErrorJustReturn: Element
    ) -> Signal<Element> {
        let call = TraceCall.enterFromUser("asSignal(onErrorJustReturn:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: SignalSharingStrategy.scheduler)
            .catchAndReturn(onErrorJustReturn)
        return Signal(source)
    }

    /// This sequence as a ``Signal``: observed on the main scheduler, going on with
    /// `onErrorSignalWith` instead of an error.
    public func asSignal(
        onErrorSignalWith: Signal<Element>
    ) -> Signal<Element> {
        let call = TraceCall.enterFromUser("asSignal(onErrorSignalWith:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: SignalSharingStrategy.scheduler)
            .catch({ _ in onErrorSignalWith.asObservable() })
        return Signal(source)
    }

    /// This sequence as a ``Signal``: observed on the main scheduler, going on with the
    /// signal `onErrorRecover` returns for an error.
    public func asSignal(
        onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>
    ) -> Signal<Element> {
        let call = TraceCall.enterFromUser("asSignal(onErrorRecover:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: SignalSharingStrategy.scheduler)
            .catch({ error in onErrorRecover(error).asObservable() })
        return Signal(source)
    }
}
