// Mirrors RxSwift's RxSwift/Schedulers/ConcurrentDispatchQueueScheduler.swift.

import Dispatch
import Foundation

/// Runs work on a dispatch queue that may be concurrent: actions scheduled one after another
/// may run at the same time, on different threads.
///
/// For background work that may run in parallel. While recording, each action shows as a
/// `ConcurrentDispatchQueueScheduler.schedule` step on the scheduling thread and a
/// `ConcurrentDispatchQueueScheduler.invoke` step on the thread that runs it, both naming the
/// same ``ScheduledWorkItem``.
public class ConcurrentDispatchQueueScheduler: SchedulerType, TraceableObject {
    /// A span of time, as in RxSwift.
    public typealias TimeInterval = Foundation.TimeInterval
    /// A point in time, as in RxSwift.
    public typealias Time = Date

    /// The current date.
    public var now: Date {
        Date()
    }

    /// The queue, the timer leeway, and how work gets to them.
    let configuration: DispatchQueueConfiguration

    /// The id the recorder gave this scheduler, or ``ObjectID/none``.
    public private(set) var traceObjectID = ObjectID.none

    /// A scheduler on `queue`.
    ///
    /// - Parameters:
    ///   - queue: where the work runs.
    ///   - leeway: how late the system may fire the timers of delayed and periodic work.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)) {
        self.configuration = DispatchQueueConfiguration(
            queue: queue, leeway: leeway, invokeStepName: "ConcurrentDispatchQueueScheduler.invoke"
        )
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// A scheduler on a new concurrent queue of quality of service `qos`, labelled
    /// `rxswift.queue.<qos>` as in RxSwift.
    ///
    /// - Parameters:
    ///   - qos: the new queue's quality of service.
    ///   - leeway: how late the system may fire the timers of delayed and periodic work.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)) {
        self.init(
            queue: DispatchQueue(label: "rxswift.queue.\(qos)", qos: qos, attributes: [.concurrent], target: nil),
            leeway: leeway
        )
    }

    /// Schedules `action` to run with `state` on the queue.
    ///
    /// - Returns: a disposable that cancels the action if it has not started (best effort),
    ///   and disposes what it returned once it has.
    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let call = TraceCall.enter("ConcurrentDispatchQueueScheduler.schedule", on: self); defer { call.exit() }
        return configuration.schedule(state, action: action)
    }

    /// Schedules `action` to run with `state` on the queue once `dueTime` has passed.
    ///
    /// - Returns: a disposable that cancels the action if it has not started (best effort),
    ///   and disposes what it returned once it has.
    public final func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let call = TraceCall.enter(
            "ConcurrentDispatchQueueScheduler.scheduleRelative", on: self, detail: "after \(dueTime)"
        )
        defer { call.exit() }
        return configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter`, then every `period`, each time with the
    /// state the previous run returned, until the returned disposable is disposed. The runs
    /// never overlap: one timer fires them.
    ///
    /// - Returns: a disposable that stops the periodic work.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let call = TraceCall.enter(
            "ConcurrentDispatchQueueScheduler.schedulePeriodic", on: self, detail: "every \(period)"
        )
        defer { call.exit() }
        return configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// After `init` the scheduler holds only constants: the queue, the leeway and its trace id.
extension ConcurrentDispatchQueueScheduler: @unchecked Sendable {}
