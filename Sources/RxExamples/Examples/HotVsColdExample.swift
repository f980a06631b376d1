import RxCore

/// Seed 002, section "概要" (hot and cold, `ConnectableObservable`): a cold `create` runs its
/// subscribe closure once per subscriber, so two subscribers start it twice; `publish()` makes
/// it hot, a `ConnectableObservable` whose subscribers share one run of the closure, started
/// once by `connect()`. The report shows two `AnonymousObservable.run` under the two cold
/// subscriptions, and one under `connect`, delivering through the `PublishSubject` to both.
public struct HotVsColdExample: TracedExample {
    public init() {}
    public var name: String { "hot-vs-cold" }
    public var seed: String { "002" }
    public var summary: String { "a cold create runs once per subscriber; publish + connect runs it once for all" }

    public func run(_ output: ExampleOutput) {
        let request = Observable<Int>.create { observer in
            output.print("request sent")
            observer.onNext(200)
            observer.onCompleted()
            return Disposables.create()
        }
        _ = request.subscribe(onNext: { output.print("cold A got \($0)") })
        _ = request.subscribe(onNext: { output.print("cold B got \($0)") })

        let shared = request.publish()
        _ = shared.subscribe(onNext: { output.print("hot A got \($0)") })
        _ = shared.subscribe(onNext: { output.print("hot B got \($0)") })
        _ = shared.connect()
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension HotVsColdExample {
    public var whatToNotice: String {
        "The cold create runs its subscribe closure once per subscriber: two AnonymousObservable.run calls. After publish(), the subscribers only join a PublishSubject, and the closure runs once, under connect()."
    }
}
