import RxCore

/// Seed 004: `combineLatest` emits once both sources have an element, then on every element
/// of either, and completes when both have.
public struct CombineLatestExample: TracedExample {
    public init() {}
    public var name: String { "combine-latest" }
    public var seed: String { "004" }
    public var summary: String { "combineLatest pairs each new element with the other source's latest" }

    public func run(_ output: ExampleOutput) {
        let letters = PublishSubject<String>()
        let numbers = PublishSubject<Int>()
        _ = Observable.combineLatest(letters, numbers) { "\($0)\($1)" }
            .subscribe { event in output.print(event) }
        letters.onNext("a")
        numbers.onNext(1)
        letters.onNext("b")
        letters.onCompleted()
        numbers.onCompleted()
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension CombineLatestExample {
    public var whatToNotice: String {
        "Nothing comes out until both sources have sent an element; from then on every element of either source makes a new pair with the other's latest. Watch the two sinks' lanes feed the one result lane."
    }
}
