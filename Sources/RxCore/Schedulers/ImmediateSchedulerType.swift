// Mirrors RxSwift's RxSwift/ImmediateSchedulerType.swift.

/// A scheduler that can run work as soon as it can.
public protocol ImmediateSchedulerType {
    /// Schedules `action` to run with `state`.
    ///
    /// - Returns: a disposable that cancels the action if it has not run yet, and disposes
    ///   what the action returned if it has.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}
