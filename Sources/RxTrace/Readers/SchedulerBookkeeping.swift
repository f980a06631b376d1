/// Flows that are only a scheduler's bookkeeping, which a report folds into one line.
///
/// RxTesting's `TestScheduler` queues each recorded event of a hot observable, and
/// `start(create:)` its create, subscribe and dispose, by calling
/// `VirtualTimeScheduler.scheduleAbsoluteVirtual` from user code, outside any traced step: each
/// becomes a top-level flow that only makes and keeps the queued item's disposables (54 of the
/// first 100 flows of a test run's report). A run of them, one after another on one thread and one scheduler, is
/// handed over as its first flow, titled `VirtualTimeScheduler.scheduleAbsoluteVirtual × 7
/// (Flows 1–7: scheduler bookkeeping, folded)`, in the text, the JSON and the page alike.
enum SchedulerBookkeeping {
    /// The steps that only queue work on a scheduler.
    static let stepNames: Set<String> = ["VirtualTimeScheduler.scheduleAbsoluteVirtual"]
    /// The steps a queuing step takes to keep the queued item's disposable.
    static let innerStepNames: Set<String> = ["Bag.insert", "CompositeDisposable.insert"]

    /// Whether `flow`, whose top-level call is `root`, is bookkeeping alone: one queuing step
    /// that started and ended no subscription, and under it only the disposables it made for
    /// the queued item and the steps that keep them.
    static func isBookkeeping(_ flow: Flow, root: CallRecord) -> Bool {
        guard stepNames.contains(root.name), flow.subscriptionID == nil, flow.endsSubscriptions == nil else {
            return false
        }
        return flow.steps.dropFirst().allSatisfy { step in
            switch step.kind {
            case .`init`: step.label.hasSuffix("Disposable #\(step.objectID ?? 0)")
            case .call: innerStepNames.contains(String(step.label.prefix { $0 != "(" && $0 != " " }))
            }
        }
    }

    /// `folded` (a bookkeeping flow, or a run of them) with `flow` folded in, or `nil` when
    /// `flow` does not continue the run: another thread, scheduler or step, or not the next flow.
    static func folding(_ flow: Flow, into folded: Flow) -> Flow? {
        let count = folded.foldedCount ?? 1
        guard flow.threadName == folded.threadName, flow.root.objectID == folded.root.objectID,
            flow.number == folded.number + count, let name = folded.steps.first?.label.prefix(while: { $0 != "(" })
        else { return nil }
        guard flow.root.label.hasPrefix(name) else { return nil }
        var merged = folded
        merged.foldedCount = count + 1
        merged.title = "\(name) × \(count + 1) (Flows \(folded.number)–\(flow.number): scheduler bookkeeping, folded)"
        return merged
    }
}
