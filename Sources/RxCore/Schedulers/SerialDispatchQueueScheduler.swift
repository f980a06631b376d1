// Mirrors RxSwift's RxSwift/Schedulers/SerialDispatchQueueScheduler.swift.

import Dispatch
import Foundation

/// Runs work on a serial dispatch queue: one action at a time, in the order scheduled.
///
/// Any queue passed in is treated as possibly concurrent, so the scheduler always runs its
/// work on an internal serial queue (that targets it, when one is given). Operators rely on
/// the seriality: `observe(on:)` takes a faster path for this scheduler. While recording,
/// each action shows as a `SerialDispatchQueueScheduler.schedule` step on the scheduling
/// thread and a `SerialDispatchQueueScheduler.invoke` step on the queue's thread, both naming
/// the same ``ScheduledWorkItem``.
public class SerialDispatchQueueScheduler: SchedulerType, TraceableObject {
    /// A span of time, as in RxSwift.
    public typealias TimeInterval = Foundation.TimeInterval
    /// A point in time, as in RxSwift.
    public typealias Time = Date

    /// The current date.
    public var now: Date {
        Date()
    }

    /// The serial queue, the timer leeway, and how work gets to them.
    let configuration: DispatchQueueConfiguration

    /// The id the recorder gave this scheduler, or ``ObjectID/none``.
    public private(set) var traceObjectID = ObjectID.none

    /// A scheduler on `serialQueue`, which must be serial.
    ///
    /// - Parameters:
    ///   - invokeStepName: the step the queue's thread records for each action.
    ///   - isTraced: `false` for the process-wide instances (`MainScheduler.instance`,
    ///     `MainScheduler.asyncInstance`), which live as long as the process and would show
    ///     as alive at the end of every trace.
    init(
        serialQueue: DispatchQueue,
        leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0),
        invokeStepName: StaticString = "SerialDispatchQueueScheduler.invoke",
        isTraced: Bool = true
    ) {
        self.configuration = DispatchQueueConfiguration(
            queue: serialQueue, leeway: leeway, invokeStepName: invokeStepName
        )
        if isTraced {
            self.traceObjectID = Instrumentation.objectInitialized(self)
        }
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName`.
    ///
    /// - Parameters:
    ///   - internalSerialQueueName: the new queue's label.
    ///   - serialQueueConfiguration: called with the new queue before the scheduler uses it,
    ///     to set it up further.
    ///   - leeway: how late the system may fire the timers of delayed and periodic work.
    public convenience init(
        internalSerialQueueName: String,
        serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName` that targets `queue`.
    ///
    /// - Parameters:
    ///   - queue: where the work finally runs; may be concurrent.
    ///   - internalSerialQueueName: the label of the serial queue in front of it.
    ///   - leeway: how late the system may fire the timers of delayed and periodic work.
    public convenience init(
        queue: DispatchQueue,
        internalSerialQueueName: String,
        leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)
    ) {
        let serialQueue = DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue)
        self.init(serialQueue: serialQueue, leeway: leeway)
    }

    /// A scheduler on a new serial queue in front of the global concurrent queue of `qos`.
    ///
    /// - Parameters:
    ///   - qos: the quality of service of the global queue the work runs on.
    ///   - internalSerialQueueName: the label of the serial queue in front of it.
    ///   - leeway: how late the system may fire the timers of delayed and periodic work.
    public convenience init(
        qos: DispatchQoS,
        internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)
    ) {
        self.init(
            queue: DispatchQueue.global(qos: qos.qosClass),
            internalSerialQueueName: internalSerialQueueName,
            leeway: leeway
        )
    }

    /// Schedules `action` to run with `state` on the queue, after the work already scheduled.
    ///
    /// - Returns: a disposable that cancels the action if it has not started (best effort),
    ///   and disposes what it returned once it has.
    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let call = TraceCall.enter("SerialDispatchQueueScheduler.schedule", on: self); defer { call.exit() }
        return scheduleInternal(state, action: action)
    }

    /// How ``schedule(_:action:)`` reaches the queue; ``MainScheduler`` overrides it to run
    /// at once when it already is on the main queue.
    func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    /// Schedules `action` to run with `state` on the queue once `dueTime` has passed.
    ///
    /// - Returns: a disposable that cancels the action if it has not started (best effort),
    ///   and disposes what it returned once it has.
    public final func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let call = TraceCall.enter(
            "SerialDispatchQueueScheduler.scheduleRelative", on: self, detail: "after \(dueTime)"
        )
        defer { call.exit() }
        return configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter`, then every `period`, each time with the
    /// state the previous run returned, until the returned disposable is disposed.
    ///
    /// - Returns: a disposable that stops the periodic work.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let call = TraceCall.enter(
            "SerialDispatchQueueScheduler.schedulePeriodic", on: self, detail: "every \(period)"
        )
        defer { call.exit() }
        return configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// After `init` the scheduler holds only constants (the queue, the leeway, its trace id), and
// `MainScheduler`'s one counter is atomic.
extension SerialDispatchQueueScheduler: @unchecked Sendable {}
