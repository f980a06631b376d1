import RxCore

/// Seed 002, section "Binder" (after "Foundation の Rx 拡張"): a user's own class made
/// `ReactiveCompatible`, a `Binder` reached through its `.rx` proxy, and `bind(to:)` setting
/// each element on it. The binder holds its target weakly, runs the binding on its scheduler
/// and ignores completion. Its scheduler here is `CurrentThreadScheduler.instance` (instead of
/// the main scheduler a UI binder uses), which runs the binding at once on the calling thread,
/// so the run is deterministic and needs no main queue.
public struct BinderExample: TracedExample {
    public init() {}
    public var name: String { "binder" }
    public var seed: String { "002" }
    public var summary: String { "bind(to:) a Binder on a user's class: each element set on its scheduler, completion ignored" }

    /// A stand-in for a label: the text it shows.
    final class Label: ReactiveCompatible {
        var text = "" {
            didSet { output.print("label shows \(text)") }
        }
        let output: ExampleOutput

        init(output: ExampleOutput) {
            self.output = output
        }
    }

    public func run(_ output: ExampleOutput) {
        let label = Label(output: output)
        let subscription = Observable.of(1, 2)
            .map { "\($0) new messages" }
            .bind(to: label.rx.text)
        subscription.dispose()
    }
}

extension Reactive where Base == BinderExample.Label {
    /// Sets the label's text, on the current thread.
    var text: Binder<String> {
        Binder(base, scheduler: CurrentThreadScheduler.instance) { label, text in
            label.text = text
        }
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension BinderExample {
    public var whatToNotice: String {
        "Each element reaches the Binder through its scheduler and is set on the target; the completion stops at the binding and is never set. The Binder holds its target weakly, so the target's lifetime is the user's."
    }
}
