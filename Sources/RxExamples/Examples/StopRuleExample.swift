import RxCore

/// Seeds 000 and 001: the stop rule. After `completed`, an observable's further events are
/// dropped, and so is a second terminal event.
public struct StopRuleExample: TracedExample {
    public init() {}
    public var name: String { "stop-rule" }
    public var seed: String { "000" }
    public var summary: String { "events sent after completed are dropped by the sink and never reach the observer" }

    public func run(_ output: ExampleOutput) {
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe { event in output.print(event) }
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension StopRuleExample {
    public var whatToNotice: String {
        "The events sent after completed reach the sink but go no further: the sink is stopped, so the observer's lane ends with the completion."
    }
}
