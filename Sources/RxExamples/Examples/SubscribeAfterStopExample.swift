import RxCore

/// Seed 000: subscribing to a subject that already completed delivers `completed` at once and
/// returns the no-op disposable; nothing is stored in the subject.
public struct SubscribeAfterStopExample: TracedExample {
    public init() {}
    public var name: String { "subscribe-after-stop" }
    public var seed: String { "000" }
    public var summary: String { "a stopped subject answers a new subscriber with its stop event and a no-op disposable" }

    public func run(_ output: ExampleOutput) {
        let subject = PublishSubject<Int>()
        subject.onCompleted()
        let subscription = subject.subscribe { event in output.print(event) }
        subscription.dispose()
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension SubscribeAfterStopExample {
    public var whatToNotice: String {
        "The subject has already completed, so subscribe delivers completed at once and returns the no-op disposable; the subject's bag stays empty."
    }
}
