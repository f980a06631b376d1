import RxCore
import RxRelay

/// Seed 002, section "RxRelay" (its `bind`): a `BehaviorRelay` held by a view-model-like
/// object, fed with `bind(to:)` from a text field's edits. Each edit reaches the relay through
/// `accept`; the field's completion stops at the binding, so the relay keeps its value and
/// stays open.
public struct RelayBindExample: TracedExample {
    public init() {}
    public var name: String { "relay-bind" }
    public var seed: String { "002" }
    public var summary: String { "bind(to:) a BehaviorRelay: elements are accepted, completion is ignored" }

    /// A screen's view model: the name it shows, as a relay that never ends.
    final class ProfileViewModel {
        let name = BehaviorRelay(value: "(none)")
    }

    public func run(_ output: ExampleOutput) {
        let bag = DisposeBag()
        let viewModel = ProfileViewModel()
        viewModel.name
            .subscribe(onNext: { output.print("shows \($0)") }, onCompleted: { output.print("completed") })
            .disposed(by: bag)
        let nameField = PublishSubject<String>()
        nameField
            .bind(to: viewModel.name)
            .disposed(by: bag)
        nameField.onNext("Ann")
        nameField.onNext("Bob")
        nameField.onCompleted()
        output.print("value \(viewModel.name.value)")
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension RelayBindExample {
    public var whatToNotice: String {
        "Every element becomes accept on the relay; the text field's completion stops at the binding, so the relay keeps its last value and stays open."
    }
}
