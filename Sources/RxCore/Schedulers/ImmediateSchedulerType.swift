// Mirrors RxSwift's RxSwift/ImmediateSchedulerType.swift.

/// A scheduler that can run work as soon as it can.
public protocol ImmediateSchedulerType {
    /// Schedules `action` to run with `state`.
    ///
    /// - Returns: a disposable that cancels the action if it has not run yet, and disposes
    ///   what the action returned if it has.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

extension ImmediateSchedulerType {
    /// Schedules `action` with `state`; `action` may call its second argument to schedule
    /// itself again with a new state.
    ///
    /// This is how a loop runs on a scheduler: `from([1, 2, 3])` sends one element per
    /// scheduled step, so each step returns to the scheduler before the next one runs.
    ///
    /// - Returns: a disposable that stops the recursion and cancels the pending step.
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursiveScheduler = RecursiveImmediateScheduler(action: action, scheduler: self)
        recursiveScheduler.schedule(state)
        return Disposables.create(with: recursiveScheduler.dispose)
    }
}
