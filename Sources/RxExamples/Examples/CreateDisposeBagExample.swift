import RxCore

/// Seed 002: `create` with `AnonymousObservable`, a subscription added to a `DisposeBag`
/// with `disposed(by:)`, and the bag disposing it when it goes away.
public struct CreateDisposeBagExample: TracedExample {
    public init() {}
    public var name: String { "create-dispose-bag" }
    public var seed: String { "002" }
    public var summary: String { "create + disposed(by:): the bag's deinit disposes the open subscription" }

    public func run(_ output: ExampleOutput) {
        let source = Observable<String>.create { observer in
            observer.onNext("a")
            observer.onNext("b")
            return Disposables.create { output.print("create's disposable ran") }
        }
        var bag: DisposeBag? = DisposeBag()
        if let bag {
            source
                .subscribe(onNext: { output.print($0) }, onDisposed: { output.print("disposed") })
                .disposed(by: bag)
        }
        bag = nil
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension CreateDisposeBagExample {
    public var whatToNotice: String {
        "The subscription stays open while the bag is alive; the bag's deinit is the step that disposes it. Step to DisposeBag.dispose and watch the bag's entry end and the sink's objects go."
    }
}
