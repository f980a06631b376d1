// Mirrors RxSwift's RxSwift/Schedulers/SchedulerServices+Emulation.swift.

import Synchronization

/// The two steps of the periodic emulation: a timer tick, and a run of the user's action.
enum SchedulePeriodicRecursiveCommand {
    /// The period elapsed: schedule the next tick and, if no run is pending, run now.
    case tick
    /// Run the action once, and again later if ticks arrived while it ran.
    case dispatchStart
}

/// Periodic work on a scheduler that only knows relative scheduling: a recursion that
/// schedules the next tick one period ahead before it runs the action.
///
/// Created by ``SchedulerType/schedulePeriodic(_:startAfter:period:action:)``; its recursion
/// (an ``AnyRecursiveScheduler``) keeps it alive until the returned disposable is disposed.
/// When the action takes longer than a period, the ticks that arrive meanwhile are counted
/// and the action runs again as a separate step rather than nested inside a tick.
final class SchedulePeriodicRecursive<State> {
    typealias RecursiveAction = (State) -> State
    typealias RecursiveScheduler = AnyRecursiveScheduler<SchedulePeriodicRecursiveCommand>

    private let scheduler: SchedulerType
    private let startAfter: RxTimeInterval
    private let period: RxTimeInterval
    private let action: RecursiveAction

    /// What the action returned last. Only the one pending `dispatchStart` reads and writes it:
    /// `pendingTickCount` lets a single run go at a time.
    private var state: State
    /// Ticks whose run has not finished yet.
    private let pendingTickCount = Atomic<Int>(0)

    init(
        scheduler: SchedulerType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping RecursiveAction,
        state: State
    ) {
        self.scheduler = scheduler
        self.startAfter = startAfter
        self.period = period
        self.action = action
        self.state = state
    }

    /// Schedules the first tick `startAfter` from now.
    func start() -> Disposable {
        scheduler.scheduleRecursive(SchedulePeriodicRecursiveCommand.tick, dueTime: startAfter, action: tick)
    }

    /// One step of the recursion.
    func tick(_ command: SchedulePeriodicRecursiveCommand, scheduler: RecursiveScheduler) {
        let call = TraceCall.enter("SchedulePeriodicRecursive.tick", detail: "\(command)"); defer { call.exit() }
        switch command {
        case .tick:
            scheduler.schedule(.tick, dueTime: period)
            // No run pending: run now. Otherwise the pending run picks this tick up.
            if pendingTickCount.add(1, ordering: .sequentiallyConsistent).oldValue == 0 {
                tick(.dispatchStart, scheduler: scheduler)
            }
        case .dispatchStart:
            state = action(state)
            // Ticks arrived during the run: run again, as a step of its own so that the
            // scheduler's timers keep their turn.
            if pendingTickCount.subtract(1, ordering: .sequentiallyConsistent).oldValue > 1 {
                scheduler.schedule(SchedulePeriodicRecursiveCommand.dispatchStart)
            }
        }
    }
}
