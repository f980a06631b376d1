// Mirrors RxSwift's RxSwift/Schedulers/RecursiveScheduler.swift (`RecursiveImmediateScheduler`).
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
