// Mirrors RxSwift's RxSwift/SchedulerType.swift.

import Dispatch
import Foundation

/// A span of time for schedulers, as in RxSwift 6.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time for schedulers, as in RxSwift 6.
public typealias RxTime = Date

/// A scheduler that can also run work later.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Schedules `action` to run with `state` after `dueTime`.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Schedules `action` to run first after `startAfter`, then every `period`; each run gets
    /// the state the previous run returned, the first one gets `state`.
    ///
    /// - Returns: a disposable that stops the runs.
    func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension SchedulerType {
    /// Emulates periodic work with relative recursive scheduling: each tick schedules the
    /// next one `period` later, then runs `action` unless an earlier run is still going.
    ///
    /// Schedulers with a timer of their own (the dispatch queue schedulers) implement it
    /// themselves; virtual time schedulers use this one, as in RxSwift.
    ///
    /// - Returns: a disposable that stops the runs.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let call = TraceCall.enter("SchedulerType.schedulePeriodic"); defer { call.exit() }
        let schedule = SchedulePeriodicRecursive(
            scheduler: self, startAfter: startAfter, period: period, action: action, state: state
        )
        return schedule.start()
    }

    /// Schedules `action` with `state` after `dueTime`; `action` may call the scheduler it is
    /// given to schedule itself again, now or after another interval.
    ///
    /// Internal, as in RxSwift: `delay` and the periodic emulation run on it.
    ///
    /// - Returns: a disposable that stops the recursion and cancels the pending steps.
    func scheduleRecursive<State>(
        _ state: State,
        dueTime: RxTimeInterval,
        action: @escaping (State, AnyRecursiveScheduler<State>) -> Void
    ) -> Disposable {
        let scheduler = AnyRecursiveScheduler(scheduler: self, action: action)
        scheduler.schedule(state, dueTime: dueTime)
        return Disposables.create(with: scheduler.dispose)
    }
}
