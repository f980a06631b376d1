// RxCore's own: RxSwift hands a bare closure to the queue, the timer or the operation queue.
// Wrapping it in a traced object lets a trace join the thread that scheduled the work to the
// thread that ran it.

/// One piece of work a queue-backed scheduler hands to another thread: its dispatch queue, its
/// timer or its operation queue.
///
/// The scheduling thread records the step `ScheduledWorkItem.enqueue` on the item, inside the
/// scheduler's own `…schedule` step; the thread that runs it records the scheduler's `…invoke`
/// step (`SerialDispatchQueueScheduler.invoke`) on the same item. Each thread keeps its own call
/// stack, and the item's id is what links the two flows in a report. A periodic timer's item
/// records one `…invoke` per tick.
///
/// Created by the scheduler for each `schedule`, `scheduleRelative` and `schedulePeriodic`;
/// released once the queue has run it, or once its timer is cancelled. Traced, but not counted
/// in ``Resources/total``: RxSwift has no such object.
final class ScheduledWorkItem: TraceableObject {
    /// The step the running thread records: `SerialDispatchQueueScheduler.invoke`.
    private let invokeStepName: StaticString
    /// The scheduler's wrapper around the user's action.
    private let work: () -> Void

    /// The id the recorder gave this item, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    /// An item that runs `work` as the step `invokeStepName`.
    init(invokeStepName: StaticString, work: @escaping () -> Void) {
        self.invokeStepName = invokeStepName
        self.work = work
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Hands the item over to whatever will run it (`handOver` calls `queue.async`, resumes a
    /// timer or adds an operation), as the step `ScheduledWorkItem.enqueue` on this item.
    func enqueue(_ handOver: (ScheduledWorkItem) -> Void) {
        let call = TraceCall.enter("ScheduledWorkItem.enqueue", on: self); defer { call.exit() }
        handOver(self)
    }

    /// Runs the work on the current thread, as the scheduler's `…invoke` step on this item.
    func invoke() {
        let call = TraceCall.enter(invokeStepName, on: self); defer { call.exit() }
        work()
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// Everything is immutable after `init`. The work runs on one thread at a time: a dispatch
// source's handler and an operation never overlap themselves, and a queued block runs once.
// The work's own state (a `SingleAssignmentDisposable`, a timer's state) is what it guards.
extension ScheduledWorkItem: @unchecked Sendable {}
