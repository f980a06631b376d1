import RxCore

/// Seed 004: the leak. A model subscribes to its own subject, throws the disposable away, and
/// captures itself in the closure: the subject never completes, so nothing ever ends the
/// subscription, and the cycle model → subject → sink → observer → closure → model keeps all
/// of it alive. The report names the `subscribe` line below.
public struct SubjectNeverCompletesExample: TracedExample {
    public init() {}
    public var name: String { "subject-never-completes" }
    public var seed: String { "004" }
    public var summary: String { "a subscription never disposed on a subject that never completes: the leak" }
    public var isLeakExpected: Bool { true }

    /// A screen's model that totals the taps it is sent.
    final class TapCounter {
        let taps = PublishSubject<Int>()
        private let output: ExampleOutput
        private var total = 0

        init(output: ExampleOutput) {
            self.output = output
        }

        func start() {
            _ = taps.map { $0 * 2 }.subscribe(onNext: { self.record($0) })
        }

        private func record(_ value: Int) {
            total += value
            output.print("total \(total)")
        }
    }

    public func run(_ output: ExampleOutput) {
        let counter = TapCounter(output: output)
        counter.start()
        counter.taps.onNext(1)
        counter.taps.onNext(2)
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension SubjectNeverCompletesExample {
    public var whatToNotice: String {
        "This example leaks on purpose. The subject never completes and the disposable is thrown away, so at the last step the subscription is still open and the model, subject, sink and observer are all still alive."
    }
}
