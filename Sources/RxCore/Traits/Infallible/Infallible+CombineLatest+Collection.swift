// Mirrors RxSwift's RxSwift/Traits/Infallible/Infallible+CombineLatest+Collection.swift.

extension InfallibleType {
    /// Combines the latest elements of every infallible in `collection` with
    /// `resultSelector`, in the collection's order, each time any of them sends, once every
    /// one has sent an element.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        let call = TraceCall.enter("Infallible.combineLatest"); defer { call.exit() }
        return Infallible(
            Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector)
        )
    }

    /// Combines the latest elements of every infallible in `collection` into arrays, in the
    /// collection's order, each time any of them sends, once every one has sent an element.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Infallible<[Element]> where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        let call = TraceCall.enter("Infallible.combineLatest"); defer { call.exit() }
        return Infallible(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
