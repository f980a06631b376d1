import RxCore

/// Seed 002, section "イベント通知を止める条件" (and seed 001's `ObserverBase.on`): the stop
/// rule as `ObserverBase.on` applies it. A subject hands each event straight to its
/// subscribers' `AnonymousObserver`s, with no sink in between, from the list it took when the
/// event arrived. Here the first subscriber completes the subject while it is still delivering
/// `1`: the completion reaches both subscribers, and then the subject's loop hands the stale `1`
/// to the second one, whose `ObserverBase.on` drops it: it never gets to `onCore`.
/// (`stop-rule` shows the same rule applied earlier, by the sink `create` puts in between.)
public struct StopRuleObserverBaseExample: TracedExample {
    public init() {}
    public var name: String { "stop-rule-observer-base" }
    public var seed: String { "002" }
    public var summary: String { "a next that reaches a stopped observer is dropped by ObserverBase.on" }

    public func run(_ output: ExampleOutput) {
        let subject = PublishSubject<Int>()
        _ = subject.subscribe { event in
            output.print("first \(event)")
            if case .next = event {
                subject.onCompleted()
            }
        }
        _ = subject.subscribe { event in output.print("second \(event)") }
        subject.onNext(1)
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension StopRuleObserverBaseExample {
    public var whatToNotice: String {
        "The first subscriber completes the subject while 1 is being delivered. The stale 1 still reaches the second observer, but ObserverBase.on drops it because the observer has stopped: it never gets to onCore."
    }
}
