import Dispatch
import RxCore

/// Seed 000: the third of Rx's elements, beside observables and operators, is the scheduler.
/// `observe(on:)` hands each event to a serial queue: the subscribe and the sends run on the
/// main thread, each delivery on the queue's thread, and each `ScheduledWorkItem` appears in
/// both flows, where it was enqueued and where it ran.
public struct ObserveOnExample: TracedExample {
    public init() {}
    public var name: String { "observe-on" }
    public var seed: String { "000" }
    public var summary: String { "observe(on:) hops each event to a serial queue's thread; the work item links the flows" }

    public func run(_ output: ExampleOutput) {
        // The scheduler's queue targets one this example holds suspended while it subscribes,
        // so the deliveries run together, in one thread's turn, after every send: the trace
        // comes out the same each run.
        let gate = DispatchQueue(label: "rxtrace.example.observe-on.gate")
        gate.suspend()
        let scheduler = SerialDispatchQueueScheduler(queue: gate, internalSerialQueueName: "rxtrace.example.observe-on")

        let subscription = Observable.of(1, 2)
            .observe(on: scheduler)
            .subscribe(onNext: { output.print($0) }, onCompleted: { output.print("completed") })

        gate.resume()
        gate.sync {}
        subscription.dispose()
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension ObserveOnExample {
    public var whatToNotice: String {
        "The sends run on the main thread; each delivery runs later on the queue's thread in a flow of its own. Stepping goes across the two threads in recorded order, and each ScheduledWorkItem appears where it was enqueued and where it ran."
    }
}
