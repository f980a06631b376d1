// Mirrors RxSwift's RxSwift/Schedulers/RecursiveScheduler.swift (both recursive schedulers).
// Simpler than RxSwift: one optional key per pending step instead of RxSwift's three-state
// enum; the behaviour is the same.

/// Runs one recursive action on an immediate scheduler, step after step, until the action
/// stops recursing or the recursion is disposed.
///
/// Created by ``ImmediateSchedulerType/scheduleRecursive(_:action:)`` and kept alive by the
/// disposable it returns and by its pending step. Each pending step's disposable sits in
/// `group`, so that disposing the recursion cancels it.
final class RecursiveImmediateScheduler<State> {
    typealias Action = (_ state: State, _ recurse: (State) -> Void) -> Void

    private let lock = RecursiveLock()
    /// The disposables of the steps scheduled but not run yet.
    private let group = CompositeDisposable()
    /// The action; `nil` once disposed. Guarded by `lock`.
    private var action: Action?
    private let scheduler: ImmediateSchedulerType

    init(action: @escaping Action, scheduler: ImmediateSchedulerType) {
        self.action = action
        self.scheduler = scheduler
    }

    /// Schedules one step of the action with `state`.
    func schedule(_ state: State) {
        let call = TraceCall.enter("RecursiveImmediateScheduler.schedule"); defer { call.exit() }
        // The step may run inside `scheduler.schedule` (nothing else was running) or later
        // (the scheduler queued it). `hasRun` and `pendingKey` tell the two apart, so that a
        // step's disposable stays in `group` only while the step waits. Guarded by `lock`.
        var hasRun = false
        var pendingKey: CompositeDisposable.DisposeKey?

        let scheduled = scheduler.schedule(state) { state -> Disposable in
            if self.group.isDisposed {
                return Disposables.create()
            }
            let action = self.lock.performLocked { () -> Action? in
                if let pendingKey {
                    self.group.remove(for: pendingKey)
                }
                hasRun = true
                return self.action
            }
            action?(state, self.schedule)
            return Disposables.create()
        }

        lock.performLocked {
            if !hasRun {
                pendingKey = group.insert(scheduled)
            }
        }
    }

    /// Stops the recursion: drops the action and cancels the pending step.
    func dispose() {
        lock.performLocked { action = nil }
        group.dispose()
    }
}

/// Runs one recursive action on a scheduler, step after step, each step now or after a
/// relative due time, until the action stops recursing or the recursion is disposed.
///
/// Created by `SchedulerType.scheduleRecursive(_:dueTime:action:)` (for `delay` and the
/// periodic emulation) and kept alive by the disposable it returns and by its pending steps.
/// The action gets the recursive scheduler itself and calls ``schedule(_:dueTime:)`` or
/// ``schedule(_:)`` on it to recurse. Each pending step's disposable sits in `group`, so that
/// disposing the recursion cancels every step still waiting.
final class AnyRecursiveScheduler<State> {
    typealias Action = (State, AnyRecursiveScheduler<State>) -> Void

    private let lock = RecursiveLock()
    /// The disposables of the steps scheduled but not run yet.
    private let group = CompositeDisposable()
    private let scheduler: SchedulerType
    /// The action; `nil` once disposed. Guarded by `lock`.
    private var action: Action?

    init(scheduler: SchedulerType, action: @escaping Action) {
        self.action = action
        self.scheduler = scheduler
    }

    /// Schedules one step of the action with `state`, `dueTime` from now.
    func schedule(_ state: State, dueTime: RxTimeInterval) {
        let call = TraceCall.enter("AnyRecursiveScheduler.schedule", detail: "after \(dueTime)")
        defer { call.exit() }
        track { step in scheduler.scheduleRelative(state, dueTime: dueTime, action: step) }
    }

    /// Schedules one step of the action with `state`, as soon as the scheduler can.
    func schedule(_ state: State) {
        let call = TraceCall.enter("AnyRecursiveScheduler.schedule"); defer { call.exit() }
        track { step in scheduler.schedule(state, action: step) }
    }

    /// Hands `scheduleStep` the step to schedule and keeps the returned disposable in `group`
    /// while the step waits.
    private func track(_ scheduleStep: (@escaping (State) -> Disposable) -> Disposable) {
        // The step may run inside `scheduleStep` (an immediate scheduler) or later. `hasRun`
        // and `pendingKey` tell the two apart, so that a step's disposable stays in `group`
        // only while the step waits. Guarded by `lock`.
        var hasRun = false
        var pendingKey: CompositeDisposable.DisposeKey?

        let scheduled = scheduleStep { state -> Disposable in
            if self.group.isDisposed {
                return Disposables.create()
            }
            let action = self.lock.performLocked { () -> Action? in
                if let pendingKey {
                    self.group.remove(for: pendingKey)
                }
                hasRun = true
                return self.action
            }
            action?(state, self)
            return Disposables.create()
        }

        lock.performLocked {
            if !hasRun {
                pendingKey = group.insert(scheduled)
            }
        }
    }

    /// Stops the recursion: drops the action and cancels the pending steps.
    func dispose() {
        lock.performLocked { action = nil }
        group.dispose()
    }
}
