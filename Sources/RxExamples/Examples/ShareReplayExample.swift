import RxCore

/// Seed 002, section "RxCocoa Traits" (what `Driver`'s `share(replay: 1, scope: .whileConnected)`
/// does): `share(replay: 1)` subscribes to its source once for all its subscribers, keeps the
/// latest element, and hands it to a late subscriber at once. When the last subscriber leaves,
/// the source is disconnected and the buffer forgotten: a new subscriber starts the source again.
public struct ShareReplayExample: TracedExample {
    public init() {}
    public var name: String { "share-replay" }
    public var seed: String { "002" }
    public var summary: String { "share(replay: 1): one source subscription, the latest replayed to a late subscriber" }

    public func run(_ output: ExampleOutput) {
        let temperature = PublishSubject<Int>()
        let shared = temperature
            .do(onSubscribe: { output.print("source subscribed") })
            .share(replay: 1)

        let first = shared.subscribe(onNext: { output.print("first got \($0)") })
        temperature.onNext(20)
        temperature.onNext(21)
        let late = shared.subscribe(onNext: { output.print("late got \($0)") })
        temperature.onNext(22)
        first.dispose()
        late.dispose()

        let again = shared.subscribe(onNext: { output.print("again got \($0)") })
        temperature.onNext(23)
        again.dispose()
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension ShareReplayExample {
    public var whatToNotice: String {
        "One source subscription serves both subscribers: the do(onSubscribe:) runs once. The late subscriber receives 21 inside its subscribe, from the replay buffer. After both are disposed, the next subscriber starts the source again."
    }
}
