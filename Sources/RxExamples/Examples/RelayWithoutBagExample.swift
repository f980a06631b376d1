import RxCore
import RxRelay

/// Seeds 002 and 004: a leak with a relay. A `BehaviorRelay` never completes (seed 002,
/// "RxRelay"), so a subscription to it ends only when it is disposed; this view model keeps
/// its subscription without a bag (seed 004's `DisposeBag`) and captures itself in the
/// closure, so nothing ever ends it and view model → relay → observer → closure → view model
/// stay alive. `rxtrace report --leaks` names the `subscribe` line below.
public struct RelayWithoutBagExample: TracedExample {
    public init() {}
    public var name: String { "relay-without-bag" }
    public var seed: String { "002" }
    public var summary: String { "a BehaviorRelay subscription kept without a bag: the leak names its subscribe line" }
    public var isLeakExpected: Bool { true }

    /// A screen's view model that renders each new title.
    final class TitleViewModel {
        let title = BehaviorRelay(value: "Inbox")
        private let output: ExampleOutput

        init(output: ExampleOutput) {
            self.output = output
        }

        func start() {
            _ = title.subscribe(onNext: { self.render($0) })
        }

        private func render(_ title: String) {
            output.print("renders \(title)")
        }
    }

    public func run(_ output: ExampleOutput) {
        let viewModel = TitleViewModel(output: output)
        viewModel.start()
        viewModel.title.accept("Inbox (1)")
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension RelayWithoutBagExample {
    public var whatToNotice: String {
        "This example leaks on purpose. The subscription to the relay is never disposed: at the last step it is still open, and the view model, the relay, the observer and the closure are all still alive."
    }
}
