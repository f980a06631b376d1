// Mirrors RxSwift's RxSwift/Traits/Infallible/ObservableConvertibleType+Infallible.swift.

extension ObservableConvertibleType {
    /// This sequence as an ``Infallible``: an error is replaced by `element` and completion.
    public func asInfallible(
        onErrorJustReturn element: Element
    ) -> Infallible<Element> {
        let call = TraceCall.enter("asInfallible(onErrorJustReturn:)"); defer { call.exit() }
        return Infallible(
            asObservable().catchAndReturn(element)
                .assembled(by: "asInfallible")
        )
    }

    /// This sequence as an ``Infallible``: an error is replaced by the events of
    /// `infallible`.
    public func asInfallible(
        onErrorFallbackTo infallible: Infallible<Element>
    ) -> Infallible<Element> {
        let call = TraceCall.enter("asInfallible(onErrorFallbackTo:)"); defer { call.exit() }
        return Infallible(
            asObservable().catch({ _ in infallible.asObservable() })
                .assembled(by: "asInfallible")
        )
    }

    /// This sequence as an ``Infallible``: an error is replaced by the events of the
    /// infallible `onErrorRecover` returns for it.
    public func asInfallible(
        onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>
    ) -> Infallible<Element> {
        let call = TraceCall.enter("asInfallible(onErrorRecover:)"); defer { call.exit() }
        return Infallible(
            asObservable().catch({ onErrorRecover($0).asObservable() })
                .assembled(by: "asInfallible")
        )
    }
}
