import RxCore

/// Seed 003, section 【実装】 → "subscribe" (its `returnLateste` option): a late subscriber
/// that asks for the latest contents gets them at once. In RxSwift that is a `BehaviorSubject`
/// (it always has a latest value), or `share(replay: 1)` on a subject with no initial value,
/// which hands the latest on only once there is one — as `BwObservable` does with its optional
/// `latestContents`. A plain `PublishSubject` subscriber, like `returnLateste: false`, gets only
/// what comes next.
public struct LatestOnSubscribeExample: TracedExample {
    public init() {}
    public var name: String { "latest-on-subscribe" }
    public var seed: String { "003" }
    public var summary: String { "BehaviorSubject and share(replay: 1) hand the latest to a late subscriber; PublishSubject does not" }

    public func run(_ output: ExampleOutput) {
        let bag = DisposeBag()

        let status = BehaviorSubject(value: "idle")
        status.onNext("loading")
        status.subscribe(onNext: { output.print("status late got \($0)") }).disposed(by: bag)

        let contents = PublishSubject<String>()
        let latest = contents.share(replay: 1)
        latest.subscribe(onNext: { output.print("contents first got \($0)") }).disposed(by: bag)
        contents.onNext("page 1")
        contents.onNext("page 2")
        latest.subscribe(onNext: { output.print("contents late got \($0)") }).disposed(by: bag)
        contents.subscribe(onNext: { output.print("contents without latest got \($0)") }).disposed(by: bag)
        contents.onNext("page 3")
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension LatestOnSubscribeExample {
    public var whatToNotice: String {
        "The BehaviorSubject and share(replay: 1) subscribers receive the latest element inside their subscribe; the PublishSubject subscriber receives only what is sent after it subscribed."
    }
}
