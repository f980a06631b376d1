// Mirrors RxSwift's RxSwift/Schedulers/ConcurrentMainScheduler.swift.

import Dispatch
import Foundation

/// Runs work on `DispatchQueue.main`, at once when already called on the main queue: the
/// scheduler for `subscribe(on:)` to the main thread.
///
/// Unlike ``MainScheduler``, it does not wait for work it queued earlier before running new
/// work inline, which suits subscribing; for `observe(on:)` use ``MainScheduler``. Delayed and
/// periodic work go through ``MainScheduler/instance``. Its one ``instance`` lives as long as
/// the process and is not a traced object; its steps carry no object.
public final class ConcurrentMainScheduler: SchedulerType {
    /// A span of time, as in RxSwift.
    public typealias TimeInterval = Foundation.TimeInterval
    /// A point in time, as in RxSwift.
    public typealias Time = Date

    private let mainScheduler: MainScheduler
    private let mainQueue: DispatchQueue

    /// The current date.
    public var now: Date {
        mainScheduler.now
    }

    private init(mainScheduler: MainScheduler) {
        self.mainQueue = DispatchQueue.main
        self.mainScheduler = mainScheduler
    }

    /// The shared instance.
    public static let instance = ConcurrentMainScheduler(mainScheduler: MainScheduler.instance)

    /// Runs `action` with `state` at once when called on the main queue; otherwise queues it
    /// there.
    ///
    /// - Returns: what the action returned when it ran at once; otherwise a disposable that
    ///   cancels it if it has not started, and disposes what it returned once it has.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let call = TraceCall.enter("ConcurrentMainScheduler.schedule"); defer { call.exit() }
        if DispatchQueue.isMain {
            return action(state)
        }

        let cancel = SingleAssignmentDisposable()
        let item = ScheduledWorkItem(invokeStepName: "ConcurrentMainScheduler.invoke") {
            if cancel.isDisposed {
                return
            }
            cancel.setDisposable(action(state))
        }
        item.enqueue { item in
            mainQueue.async { item.invoke() }
        }
        return cancel
    }

    /// Schedules `action` to run with `state` on the main queue once `dueTime` has passed,
    /// through ``MainScheduler/instance``.
    ///
    /// - Returns: a disposable that cancels the action if it has not started (best effort).
    public final func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue after `startAfter`, then every `period`, through
    /// ``MainScheduler/instance``.
    ///
    /// - Returns: a disposable that stops the periodic work.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}

// Only constants: the main queue and the shared main scheduler.
extension ConcurrentMainScheduler: @unchecked Sendable {}
