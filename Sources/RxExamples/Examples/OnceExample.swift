import RxCore

/// Seed 003: the look-alike's `once` option is `take(1)`: the first element, then completion
/// and cleanup.
public struct OnceExample: TracedExample {
    public init() {}
    public var name: String { "once" }
    public var seed: String { "003" }
    public var summary: String { "take(1) completes after the first element and ends the subscription" }

    public func run(_ output: ExampleOutput) {
        let subject = PublishSubject<String>()
        _ = subject.take(1).subscribe { event in output.print(event) }
        subject.onNext("first")
        subject.onNext("second")
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension OnceExample {
    public var whatToNotice: String {
        "take(1) forwards the first element, then sends completed itself and disposes the source subscription: the later elements are never delivered."
    }
}
