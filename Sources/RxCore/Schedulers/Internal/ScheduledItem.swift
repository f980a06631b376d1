// Mirrors RxSwift's RxSwift/Schedulers/Internal/ScheduledItem.swift.
// Simpler than RxSwift: a final class (RxSwift: a struct), and `ScheduledItemType` is declared here
// without RxSwift's `InvocableType` (RxSwift: in ScheduledItemType.swift and InvocableType.swift).

/// Work waiting in a scheduler's queue.
@usableFromInline protocol ScheduledItemType: Cancelable {
    /// Runs the work, unless it was cancelled.
    func invoke()
}

/// One action and its state, waiting in a scheduler's queue; disposing it cancels the action,
/// or disposes what the action returned once it has run.
final class ScheduledItem<StateType>: ScheduledItemType {
    private let action: (StateType) -> Disposable
    private let state: StateType
    private let disposable = SingleAssignmentDisposable()

    init(action: @escaping (StateType) -> Disposable, state: StateType) {
        self.action = action
        self.state = state
    }

    func invoke() {
        disposable.setDisposable(action(state))
    }

    func dispose() {
        disposable.dispose()
    }

    var isDisposed: Bool {
        disposable.isDisposed
    }
}

// Performance: `ScheduledItemType` is @usableFromInline because the inlined trampoline drains a
// queue of them (rows W1s, W2); see Documentation/Performance.md.
