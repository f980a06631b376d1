import RxCore

/// Seed 004, the commonest leak in real RxSwift code: a view model subscribes with a closure
/// that captures `self` strongly and puts the `Disposable` into its own `disposeBag`. The
/// model holds the bag, the bag holds the subscription, the subscription's observer holds the
/// closure, and the closure holds the model: a cycle, so when the screen lets go of the model
/// nothing is ever released. The report names the bag's line, says the bag was never
/// released, and points at the strong capture.
public struct RetainCycleThroughBagExample: TracedExample {
    public init() {}
    public var name: String { "retain-cycle-through-bag" }
    public var seed: String { "004" }
    public var summary: String { "a closure that captures self strongly, in a bag self owns: a retain cycle" }
    public var isLeakExpected: Bool { true }

    /// A screen's model: greets the name it is sent.
    final class GreetingViewModel {
        let name = PublishSubject<String>()
        private(set) var greeting = ""
        private let disposeBag = DisposeBag()

        init() {
            name.map { "Hello, \($0)!" }
                .subscribe(onNext: { self.greeting = $0 })
                .disposed(by: disposeBag)
        }
    }

    public func run(_ output: ExampleOutput) {
        var model: GreetingViewModel? = GreetingViewModel()
        model?.name.onNext("Ada")
        output.print(model?.greeting ?? "")
        // The screen closes and lets go of its model, which the cycle keeps alive all the same.
        model = nil
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension RetainCycleThroughBagExample {
    public var whatToNotice: String {
        "This example leaks on purpose. The model holds the bag, the bag holds the subscription, and the subscription's closure holds the model: at the last step the bag is still alive with its entry, and no deinit of the model ever comes."
    }
}
