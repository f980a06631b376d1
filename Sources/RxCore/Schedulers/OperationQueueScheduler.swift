// Mirrors RxSwift's RxSwift/Schedulers/OperationQueueScheduler.swift.

import Dispatch
import Foundation

/// Runs work as operations on a Foundation `OperationQueue`, so the queue's
/// `maxConcurrentOperationCount` bounds how much runs at once.
///
/// For larger chunks of background work. Each action becomes a `BlockOperation` with the
/// scheduler's ``queuePriority``. While recording, an action shows as an
/// `OperationQueueScheduler.schedule` step on the scheduling thread and an
/// `OperationQueueScheduler.invoke` step on the operation's thread, both naming the same
/// ``ScheduledWorkItem``.
public class OperationQueueScheduler: ImmediateSchedulerType, TraceableObject {
    /// The queue the operations are added to.
    public let operationQueue: OperationQueue
    /// The priority every operation gets.
    public let queuePriority: Operation.QueuePriority

    /// The id the recorder gave this scheduler, or ``ObjectID/none``.
    public private(set) var traceObjectID = ObjectID.none

    /// A scheduler that adds its work to `operationQueue`.
    ///
    /// - Parameters:
    ///   - operationQueue: where the work runs.
    ///   - queuePriority: the priority each operation gets.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Adds an operation that runs `action` with `state`.
    ///
    /// - Returns: a disposable that cancels the action if it has not started (best effort),
    ///   and disposes what it returned once it has.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let call = TraceCall.enter("OperationQueueScheduler.schedule", on: self); defer { call.exit() }
        let cancel = SingleAssignmentDisposable()
        let item = ScheduledWorkItem(invokeStepName: "OperationQueueScheduler.invoke") {
            if cancel.isDisposed {
                return
            }
            cancel.setDisposable(action(state))
        }
        item.enqueue { item in
            let operation = BlockOperation { item.invoke() }
            operation.queuePriority = queuePriority
            operationQueue.addOperation(operation)
        }
        return cancel
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// After `init` the scheduler holds only constants; `OperationQueue` is thread-safe.
extension OperationQueueScheduler: @unchecked Sendable {}
