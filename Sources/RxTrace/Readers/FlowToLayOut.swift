/// A flow with everything read from the trace that it shows, its steps not yet laid out: its
/// heading, its calls, the objects they created and the flows its work items ran in.
///
/// ``FlowBuilder/flowToLayOut(number:root:subscription:read:)`` makes one where it reads the
/// trace, and ``laidOut()`` makes the ``Flow`` without reading anything, so a report can lay
/// its flows out on the thread that prints them while another reads the next ones
/// (``FlowBuilder/forEachFlowReadAhead(limit:tag:_:)``). Released once laid out.
struct FlowToLayOut: Sendable {
    /// The flow without its steps (or, when ``parts`` is `nil`, the whole flow).
    private(set) var heading: Flow
    /// What the steps are laid out from; `nil` once they are.
    private let parts: Parts?

    /// What ``FlowBuilder/steps(root:calls:objects:)`` lays out, and the hops it marks.
    private struct Parts: Sendable {
        var root: FlowCall
        var calls: [FlowCall]
        var objects: [ObjectRecord]
        /// The flows each work item among `objects` ran in, by item.
        var hops: [Int64: [FlowHop]]
    }

    /// The flow `heading`, whose steps are laid out from `calls` under `root`, the `objects`
    /// they created and the `hops` of its work items.
    init(heading: Flow, root: FlowCall, calls: [FlowCall], objects: [ObjectRecord], hops: [Int64: [FlowHop]]) {
        self.heading = heading
        parts = Parts(root: root, calls: calls, objects: objects, hops: hops)
    }

    /// `flow`, laid out already.
    init(_ flow: Flow) {
        heading = flow
        parts = nil
    }

    /// How many steps the flow has or will have: what it weighs while it waits.
    var stepCount: Int {
        parts.map { $0.calls.count + $0.objects.count } ?? heading.steps.count
    }

    /// Hands each step the flow will show, in order, with its depth, as what it is laid out
    /// from (``FlowBuilder/forEachStepInTreeOrder(root:calls:objects:_:)``), without laying it
    /// out: a call's to `call`, an object created's to `object`; stops when either returns
    /// `false`. `false` when the flow is laid out already (``init(_:)``) and has no such parts.
    func forEachStepToLayOut(
        call: (FlowCall, _ depth: Int) -> Bool, object: (ObjectRecord, _ depth: Int) -> Bool
    ) -> Bool {
        guard let parts else { return false }
        let calls = FlowBuilder.inIDOrder(parts.calls)
        FlowBuilder.forEachStepInTreeOrder(root: parts.root, calls: calls, objects: parts.objects) { step, depth in
            switch step {
            case .call(let index?): call(calls[index], depth)
            case .call(nil): call(parts.root, depth)
            case .object(let index): object(parts.objects[index], depth)
            }
        }
        return true
    }

    /// The flow, its steps laid out, each `init` of a work item that ran as another flow's
    /// top-level step marked with those flows.
    func laidOut() -> Flow {
        guard let parts else { return heading }
        var steps = FlowBuilder.steps(root: parts.root, calls: parts.calls, objects: parts.objects)
        if !parts.hops.isEmpty {
            for index in steps.indices where steps[index].kind == .`init` {
                guard let objectID = steps[index].objectID, let runsIn = parts.hops[objectID] else { continue }
                steps[index].runsIn = runsIn
            }
        }
        var flow = heading
        flow.steps = steps
        return flow
    }
}
