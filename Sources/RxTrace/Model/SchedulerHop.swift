/// The rule for a thread hop through a scheduler: a step run on a scheduler's work item, other
/// than the item's enqueue, runs work that the call which created the item queued, possibly on
/// another thread.
///
/// The `call_cause` view applies it in SQL (``sqlCondition``) and ``FlowBuilder`` in Swift
/// (``isWorkItem(typeName:)``, ``isHop(stepName:objectTypeName:itemCreatorCallID:)``).
public enum SchedulerHop {
    /// The type of the work item a scheduler queues.
    public static let workItemTypeName = "ScheduledWorkItem"
    /// The step that queues a work item: it runs on the scheduling thread, so it is no hop.
    public static let enqueueStepName = "ScheduledWorkItem.enqueue"

    /// Whether an object of type `typeName` is a scheduler's work item.
    public static func isWorkItem(typeName: String) -> Bool {
        typeName == workItemTypeName
    }

    /// Whether a step named `stepName`, run on an object of type `objectTypeName` that call
    /// `itemCreatorCallID` created, runs scheduled work: its cause is then that creating call.
    public static func isHop(stepName: String, objectTypeName: String?, itemCreatorCallID: Int64?) -> Bool {
        guard let objectTypeName, isWorkItem(typeName: objectTypeName) else { return false }
        return stepName != enqueueStepName && itemCreatorCallID != nil
    }

    /// The rule as an SQL condition over a `call` row joined with its `site`, its `object` and
    /// that object's `type`, as the `call_cause` view writes it.
    static let sqlCondition =
        "type.type_name = '\(workItemTypeName)' AND step.name <> '\(enqueueStepName)' AND object.call_id IS NOT NULL"
}
