import RxCore

/// Seed 002, section "Traits" ("RxSwift Traits"): `Single`, `Maybe` and `Completable` made with
/// their `create`, each sending one event through its own observer closure, and subscribed with
/// their `subscribe` forms: the event form for `Single`, and `onSuccess`/`onCompleted` for the
/// others. Each trait is a `PrimitiveSequence` wrapping an `Observable`, so the report shows the
/// trait's event turned into the observable's `next` and `completed`.
public struct SingleMaybeCompletableExample: TracedExample {
    public init() {}
    public var name: String { "single-maybe-completable" }
    public var seed: String { "002" }
    public var summary: String { "Single, Maybe and Completable: create, one event each, and their subscribe forms" }

    public func run(_ output: ExampleOutput) {
        let fetch = Single<Int>.create { single in
            single(.success(42))
            return Disposables.create()
        }
        _ = fetch.subscribe { event in output.print("single \(event)") }

        let cached = Maybe<String>.create { maybe in
            maybe(.completed)
            return Disposables.create()
        }
        _ = cached.subscribe(
            onSuccess: { output.print("maybe success \($0)") },
            onCompleted: { output.print("maybe completed") }
        )

        let save = Completable.create { completable in
            completable(.completed)
            return Disposables.create()
        }
        _ = save.subscribe(onCompleted: { output.print("completable completed") })
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension SingleMaybeCompletableExample {
    public var whatToNotice: String {
        "Each trait wraps an Observable: the trait's single event (success, completed) becomes the observable's next and completed, or just completed for Completable."
    }
}
