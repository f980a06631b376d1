import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// A thread hop through a scheduler is written once (``SchedulerHop``): a step on a
/// `ScheduledWorkItem` other than its enqueue, of an item a call created. The `call_cause` view
/// and ``FlowBuilder`` both apply it.
final class SchedulerHopTests: RxTraceTestCase {
    func testAWorkItem_isAnObjectOfTheWorkItemTypeExactly() {
        XCTAssertTrue(SchedulerHop.isWorkItem(typeName: "ScheduledWorkItem"))
        XCTAssertFalse(SchedulerHop.isWorkItem(typeName: "ScheduledWorkItemQueue"))
        XCTAssertFalse(SchedulerHop.isWorkItem(typeName: "SerialDispatchQueueScheduler"))
    }

    func testAHop_isAWorkItemsStepOtherThanItsEnqueue_ofAnItemACallCreated() {
        XCTAssertTrue(SchedulerHop.isHop(stepName: "SerialDispatchQueueScheduler.invoke", objectTypeName: "ScheduledWorkItem", itemCreatorCallID: 4))
        XCTAssertFalse(SchedulerHop.isHop(stepName: "ScheduledWorkItem.enqueue", objectTypeName: "ScheduledWorkItem", itemCreatorCallID: 4))
        XCTAssertFalse(SchedulerHop.isHop(stepName: "SerialDispatchQueueScheduler.invoke", objectTypeName: "ScheduledWorkItem", itemCreatorCallID: nil))
        XCTAssertFalse(SchedulerHop.isHop(stepName: "PublishSubject.on", objectTypeName: "PublishSubject<Int>", itemCreatorCallID: 4))
        XCTAssertFalse(SchedulerHop.isHop(stepName: "PublishSubject.on", objectTypeName: nil, itemCreatorCallID: 4))
    }

    func testTheCallCauseView_writesTheSameRuleInSQL() {
        XCTAssertEqual(
            SchedulerHop.sqlCondition,
            "type.type_name = 'ScheduledWorkItem' AND step.name <> 'ScheduledWorkItem.enqueue' AND object.call_id IS NOT NULL"
        )
        XCTAssertTrue(TraceSchema.callCauseQuery.contains("CASE WHEN \(SchedulerHop.sqlCondition) THEN object.call_id"))
    }

    func testObserveOn_flowsOnTheSchedulersThread_areScheduledInTheFlowThatQueuedThem_andTheViewAgrees() throws {
        let reader = try recordedTrace {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.hop")
            let completed = DispatchSemaphore(value: 0)
            let subscription = Observable.just(1).observe(on: scheduler).subscribe(onCompleted: { completed.signal() })
            XCTAssertEqual(completed.wait(timeout: .now() + 5), .success, "the events never arrived")
            let fence = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                fence.signal()
                return Disposables.create()
            }
            XCTAssertEqual(fence.wait(timeout: .now() + 5), .success, "the queue never drained")
            subscription.dispose()
        }

        let flows = try FlowBuilder(reader: reader).flows()

        let subscribeFlow = try XCTUnwrap(flows.first { $0.subscriptionID == 1 })
        let hopped = flows.filter { $0.scheduledIn != nil }
        // observe(on:)'s deliveries were scheduled in the subscribe's flow; the fence's item in
        // a flow of its own.
        XCTAssertTrue(hopped.contains { $0.scheduledIn?.flowNumber == subscribeFlow.number }, "\(flows.map(\.title))")
        for flow in hopped {
            XCTAssertEqual(flow.scheduledIn?.itemLabel.hasPrefix("ScheduledWorkItem #"), true)
            XCTAssertNotEqual(flow.threadName, "main")
            // The call_cause view says the same of the hopped flow's top-level call.
            let causes = try reader.causes(ofCall: flow.steps[0].callID ?? 0)
            XCTAssertEqual(causes.dropFirst().first?.via, "scheduled")
        }
    }

    func testWorkRescheduledOnItsOwnThread_namesTheFlowThatScheduledIt_andTheFlowThatRunsIt() throws {
        let reader = try recordedTrace {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.hops.same-thread")
            let completed = DispatchSemaphore(value: 0)
            // Each element after the first is scheduled from the item that sent the one before.
            let subscription = Observable.range(start: 1, count: 3, scheduler: scheduler)
                .subscribe(onCompleted: { completed.signal() })
            XCTAssertEqual(completed.wait(timeout: .now() + 5), .success, "the range never completed")
            subscription.dispose()
        }

        let flows = try FlowBuilder(reader: reader).flows()
        let byNumber = Dictionary(uniqueKeysWithValues: flows.map { ($0.number, $0) })
        let rescheduled = flows.filter { flow in
            flow.scheduledIn.map { $0.threadName == flow.threadName && flow.threadName != "main" } ?? false
        }

        XCTAssertGreaterThanOrEqual(rescheduled.count, 2, "\(flows.map { "\($0.number) \($0.title) \($0.threadName)" })")
        for flow in rescheduled {
            let hop = try XCTUnwrap(flow.scheduledIn)
            let scheduling = try XCTUnwrap(byNumber[hop.flowNumber], "Flow \(hop.flowNumber)")
            XCTAssertLessThan(scheduling.number, flow.number)
            XCTAssertTrue(
                scheduling.steps.contains { $0.runsIn?.contains { $0.flowNumber == flow.number } ?? false },
                "Flow \(scheduling.number) names Flow \(flow.number) as the one that runs its item"
            )
            let heading = FlowTreeRenderer().render(flow).split(separator: "\n")[0]
            XCTAssertTrue(heading.hasSuffix("· scheduled in Flow \(hop.flowNumber) (thread \(flow.threadName))"), String(heading))
        }
    }
}
