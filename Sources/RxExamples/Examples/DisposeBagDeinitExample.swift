import RxCore

/// Seed 003: a `DisposeBag` that goes out of scope disposes every subscription in it, so a
/// later event reaches no one.
public struct DisposeBagDeinitExample: TracedExample {
    public init() {}
    public var name: String { "dispose-bag-deinit" }
    public var seed: String { "003" }
    public var summary: String { "the bag's deinit disposes its subscriptions; later events reach no one" }

    public func run(_ output: ExampleOutput) {
        let subject = PublishSubject<String>()
        do {
            let bag = DisposeBag()
            subject.subscribe(onNext: { output.print("first: \($0)") }).disposed(by: bag)
            subject.subscribe(onNext: { output.print("second: \($0)") }).disposed(by: bag)
            subject.onNext("hello")
        }
        subject.onNext("nobody hears this")
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension DisposeBagDeinitExample {
    public var whatToNotice: String {
        "When the bag goes out of scope its deinit disposes every subscription it holds; the event sent afterwards reaches no observer."
    }
}
