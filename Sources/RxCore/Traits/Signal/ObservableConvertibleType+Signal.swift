// Mirrors RxCocoa's RxCocoa/Traits/Signal/ObservableConvertibleType+Signal.swift.

extension ObservableConvertibleType {
    /// This sequence as a ``Signal``: observed on the main scheduler, ending with
    /// `onErrorJustReturn` and completion instead of an error.
    public func asSignal(
        onErrorJustReturn: Element, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Element> {
        let call = TraceCall.enterFromUser("asSignal(onErrorJustReturn:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: SignalSharingStrategy.scheduler, file: file, line: line)
            .catchAndReturn(onErrorJustReturn, file: file, line: line)
        return Signal(source)
    }

    /// This sequence as a ``Signal``: observed on the main scheduler, going on with
    /// `onErrorSignalWith` instead of an error.
    public func asSignal(
        onErrorSignalWith: Signal<Element>, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Element> {
        let call = TraceCall.enterFromUser("asSignal(onErrorSignalWith:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: SignalSharingStrategy.scheduler, file: file, line: line)
            .catch({ _ in onErrorSignalWith.asObservable() }, file: file, line: line)
        return Signal(source)
    }

    /// This sequence as a ``Signal``: observed on the main scheduler, going on with the
    /// signal `onErrorRecover` returns for an error.
    public func asSignal(
        onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Signal<Element> {
        let call = TraceCall.enterFromUser("asSignal(onErrorRecover:)", on: nil); defer { call.exit() }
        let source = asObservable()
            .observe(on: SignalSharingStrategy.scheduler, file: file, line: line)
            .catch({ error in onErrorRecover(error).asObservable() }, file: file, line: line)
        return Signal(source)
    }
}
