import RxCore

/// Seed 000: a `PublishSubject` built step by step: subscribe, `onNext`, dispose, and an
/// `onNext` after the dispose that no longer arrives.
public struct PublishSubjectExample: TracedExample {
    public init() {}
    public var name: String { "publish-subject" }
    public var seed: String { "000" }
    public var summary: String { "subscribe, next, dispose: the next after dispose is not delivered" }

    public func run(_ output: ExampleOutput) {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { output.print("received \($0)") })
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension PublishSubjectExample {
    public var whatToNotice: String {
        "The subject keeps its observer in its Bag from subscribe until dispose. The onNext after the dispose finds the bag empty: the alive-objects panel shows the subject with no open subscription, and nothing is delivered."
    }
}
