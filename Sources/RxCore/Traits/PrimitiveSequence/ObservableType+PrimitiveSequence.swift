// Mirrors RxSwift's RxSwift/Traits/PrimitiveSequence/ObservableType+PrimitiveSequence.swift.
// The sinks and producers are in Observables/AsSingle.swift, AsMaybe.swift and First.swift,
// as in RxSwift.

extension ObservableType {
    /// This sequence as a ``Single``: its one element, sent once it completes.
    ///
    /// Completing without an element fails with `RxError.noElements`; a second element
    /// fails with `RxError.moreThanOneElement` at once.
    public func asSingle() -> Single<Element> {
        let call = TraceCall.enter("asSingle"); defer { call.exit() }
        return PrimitiveSequence(raw: AsSingle(source: asObservable()).assembled(by: "asSingle"))
    }

    /// A ``Single`` of this sequence's first element, sent at once, or of `nil` when it
    /// completes empty.
    public func first() -> Single<Element?> {
        let call = TraceCall.enter("first"); defer { call.exit() }
        return PrimitiveSequence(raw: First(source: asObservable()).assembled(by: "first"))
    }

    /// This sequence as a ``Maybe``: its element, if any, sent once it completes.
    ///
    /// A second element fails with `RxError.moreThanOneElement` at once.
    public func asMaybe() -> Maybe<Element> {
        let call = TraceCall.enter("asMaybe"); defer { call.exit() }
        return PrimitiveSequence(raw: AsMaybe(source: asObservable()).assembled(by: "asMaybe"))
    }
}

extension ObservableType where Element == Never {
    /// This element-less sequence as a ``Completable``.
    public func asCompletable() -> Completable {
        PrimitiveSequence(raw: asObservable())
    }
}
