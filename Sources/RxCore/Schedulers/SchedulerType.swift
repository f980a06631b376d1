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
}
