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
