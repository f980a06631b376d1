// Mirrors RxSwift's RxSwift/Observables/Filter.swift (`ignoreElements()`, kept there beside `filter`).
// Simpler than RxSwift: it builds the `FlatMap` directly around one shared `Observable<Never>.empty()`
// (RxSwift calls `flatMap { _ in Observable<Never>.empty() }`, a new empty per element); same events.

extension ObservableType {
    /// Only this sequence's completion or error, without its elements.
    ///
    /// The result's element type is `Never`: it can only terminate. As in RxSwift 6, it is a
    /// `flatMap` of each element to an empty sequence, so its steps show as `FlatMapSink`'s.
    public func ignoreElements() -> Observable<Never> {
        let call = TraceCall.enter("ignoreElements"); defer { call.exit() }
        let empty = Observable<Never>.empty()
        return FlatMap(source: asObservable(), selector: { _ in empty })
            .assembled(by: "ignoreElements")
    }
}
