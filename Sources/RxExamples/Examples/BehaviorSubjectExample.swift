import RxCore

/// Seed 002: a `BehaviorSubject` replays its latest value to each new subscriber, and
/// `value()` reads it.
public struct BehaviorSubjectExample: TracedExample {
    public init() {}
    public var name: String { "behavior-subject" }
    public var seed: String { "002" }
    public var summary: String { "a new subscriber first receives the current value; value() reads it" }

    public func run(_ output: ExampleOutput) {
        let subject = BehaviorSubject(value: 0)
        let subscription = subject.subscribe(onNext: { output.print("received \($0)") })
        subject.onNext(1)
        if let current = try? subject.value() {
            output.print("value() = \(current)")
        }
        subscription.dispose()
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension BehaviorSubjectExample {
    public var whatToNotice: String {
        "The subscribe itself delivers a next: the subject's current value reaches the new observer before any onNext is called. The marble diagram starts with that replayed element."
    }
}
