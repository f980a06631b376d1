import RxCore

/// Seed 001: `Observable<Int>.empty().subscribe { print($0) }`, the walk through RxSwift's
/// source that the article makes: `empty` → `subscribe` → `AnonymousObserver` →
/// `subscribeSafe` → `Empty.subscribe` → `on(.completed)`.
public struct EmptyExample: TracedExample {
    public init() {}
    public var name: String { "empty" }
    public var seed: String { "001" }
    public var summary: String { "empty() completes its subscriber inside subscribe, with no sink" }

    public func run(_ output: ExampleOutput) {
        _ = Observable<Int>.empty().subscribe { event in
            output.print(event)
        }
    }
}
