import Dispatch
import RxCore
@testable import RxTrace
import XCTest

/// What a trace shows of work that one thread schedules and another runs.
final class SchedulerHopTraceTests: RxTraceTestCase {
    /// Records `observe(on:)` delivering `just(1)` on a serial dispatch queue scheduler.
    private func recordObserveOnSerialQueue() throws -> TraceReader {
        try recordedTrace {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.hop")
            let completed = DispatchSemaphore(value: 0)
            let subscription = Observable.just(1).observe(on: scheduler).subscribe(onCompleted: { completed.signal() })
            XCTAssertEqual(completed.wait(timeout: .now() + 5), .success, "the events never arrived")
            // The queue is serial: once this runs, the deliveries' steps have all exited.
            let fence = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                fence.signal()
                return Disposables.create()
            }
            XCTAssertEqual(fence.wait(timeout: .now() + 5), .success, "the queue never drained")
            subscription.dispose()
        }
    }

    func testObserveOn_ScheduleStepOnOneThread_InvokeStepOfTheSameItemOnAnother() throws {
        let reader = try recordObserveOnSerialQueue()

        let steps = try reader.database.rows("""
            SELECT call.id AS id, call.parent_id AS parent, call.thread_id AS thread,
                   call.object_id AS object, step.name AS name, type.type_name AS type
            FROM call
            JOIN step ON step.id = call.step_id
            LEFT JOIN object ON object.id = call.object_id
            LEFT JOIN type ON type.id = object.type_id
            WHERE step.name IN ('SerialDispatchQueueScheduler.schedule', 'ScheduledWorkItem.enqueue',
                                'SerialDispatchQueueScheduler.invoke')
            ORDER BY call.id
            """)
        let schedules = steps.filter { $0.text("name") == "SerialDispatchQueueScheduler.schedule" }
        let enqueues = steps.filter { $0.text("name") == "ScheduledWorkItem.enqueue" }
        let invokes = steps.filter { $0.text("name") == "SerialDispatchQueueScheduler.invoke" }

        // `just(1)` sends next and completed: two deliveries, then the test's fence.
        XCTAssertEqual(schedules.count, 3)
        XCTAssertEqual(enqueues.count, 3)
        XCTAssertEqual(invokes.count, 3)
        XCTAssertTrue(schedules.allSatisfy { $0.text("type") == "SerialDispatchQueueScheduler" })

        for (schedule, enqueue) in zip(schedules, enqueues) {
            XCTAssertEqual(enqueue.integer("parent"), schedule.integer("id"))
            XCTAssertEqual(enqueue.integer("thread"), schedule.integer("thread"))
            XCTAssertEqual(enqueue.text("type"), "ScheduledWorkItem")
            let invoke = try XCTUnwrap(invokes.first { $0.integer("object") == enqueue.integer("object") })
            XCTAssertNotEqual(invoke.integer("thread"), enqueue.integer("thread"))
            XCTAssertNil(invoke.integer("parent"))
        }
        XCTAssertEqual(Set(invokes.map { $0.integer("object") }).count, 3)
    }

    func testObserveOn_TheInvokeStepCarriesTheDeliveryOnTheQueuesThread() throws {
        let reader = try recordObserveOnSerialQueue()

        let deliveries = try reader.database.rows("""
            SELECT child.detail AS detail, child.thread_id AS thread, parent_step.name AS parent
            FROM call AS child
            JOIN step ON step.id = child.step_id
            JOIN call AS parent ON parent.id = child.parent_id
            JOIN step AS parent_step ON parent_step.id = parent.step_id
            WHERE step.name = 'ObserveOnSerialDispatchQueueSink.cachedScheduleLambda'
            ORDER BY child.id
            """)

        XCTAssertEqual(deliveries.map { $0.text("detail") }, ["next(1)", "completed"])
        XCTAssertEqual(Set(deliveries.map { $0.text("parent") }), ["SerialDispatchQueueScheduler.invoke"])
        let subscribeThread = try reader.database.integer("""
            SELECT call.thread_id FROM call JOIN step ON step.id = call.step_id
            WHERE step.name = 'observe(on:)'
            """)
        XCTAssertTrue(deliveries.allSatisfy { $0.integer("thread") != subscribeThread })
    }

    func testObserveOn_GenericPath_EveryInvokeStepHasItsEnqueueStep_AndRunsOffTheSubscribingThread() throws {
        let reader = try recordedTrace {
            let queue = DispatchQueue(label: "rxtrace.tests.concurrent", attributes: .concurrent)
            let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
            let completed = DispatchSemaphore(value: 0)
            let subscription = Observable.just(1).observe(on: scheduler).subscribe(onCompleted: { completed.signal() })
            XCTAssertEqual(completed.wait(timeout: .now() + 5), .success, "the events never arrived")
            // A barrier waits for the drain's last step to return.
            queue.sync(flags: .barrier) {}
            subscription.dispose()
        }

        let steps = try reader.database.rows("""
            SELECT call.thread_id AS thread, call.object_id AS object, step.name AS name
            FROM call JOIN step ON step.id = call.step_id
            WHERE step.name IN ('ScheduledWorkItem.enqueue', 'ConcurrentDispatchQueueScheduler.invoke', 'observe(on:)')
            ORDER BY call.id
            """)
        let subscribeThread = try XCTUnwrap(steps.first { $0.text("name") == "observe(on:)" }?.integer("thread"))
        let enqueues = steps.filter { $0.text("name") == "ScheduledWorkItem.enqueue" }
        let invokes = steps.filter { $0.text("name") == "ConcurrentDispatchQueueScheduler.invoke" }

        // Two drain steps: the drain for next schedules itself again, from the queue, when
        // completed is already waiting; when it is not, completed starts a new drain from the
        // subscribing thread.
        XCTAssertEqual(enqueues.count, 2)
        XCTAssertEqual(invokes.map { $0.integer("object") }, enqueues.map { $0.integer("object") })
        XCTAssertEqual(enqueues.first?.integer("thread"), subscribeThread)
        XCTAssertTrue(invokes.allSatisfy { $0.integer("thread") != subscribeThread })

        let drained = try reader.database.column("""
            SELECT child.detail FROM call AS child
            JOIN step ON step.id = child.step_id
            JOIN call AS parent ON parent.id = child.parent_id
            JOIN step AS parent_step ON parent_step.id = parent.step_id
            WHERE step.name = 'ObserverBase.on' AND parent_step.name = 'ObserveOnSink.run'
            ORDER BY child.id
            """)
        XCTAssertEqual(drained, ["next(1)", "completed"])
    }

    func testFlows_LinkTheHop_TheInvokeFlowNamesTheFlowThatScheduledIt_AndTheItemsInitTheFlowThatRanIt() throws {
        let reader = try recordObserveOnSerialQueue()

        let flows = try FlowBuilder(reader: reader).flows()
        let subscribe = try XCTUnwrap(flows.first { $0.subscriptionID != nil })
        let allInvokes = flows.filter { $0.title == "SerialDispatchQueueScheduler.invoke" }
        // next(1) and completed; the test's fence is scheduled in a flow of its own.
        let invokes = allInvokes.filter { $0.scheduledIn?.flowNumber == subscribe.number }
        let itemInits = subscribe.steps.filter { $0.label.hasPrefix("init ScheduledWorkItem") }

        XCTAssertEqual(allInvokes.count, 3)
        XCTAssertEqual(invokes.count, 2)
        for invoke in allInvokes {
            XCTAssertEqual(invoke.scheduledIn?.threadName, "main")
            XCTAssertNotEqual(invoke.threadName, "main")
        }
        XCTAssertEqual(itemInits.compactMap { $0.runsIn?.first?.flowNumber }, invokes.map(\.number))
        XCTAssertEqual(itemInits.compactMap { $0.runsIn?.first?.itemLabel }, invokes.map { $0.root.label.components(separatedBy: "[").last!.dropLast().description })

        let rendered = FlowTreeRenderer().render(invokes[0])
        XCTAssertTrue(rendered.hasPrefix("Flow \(invokes[0].number) · SerialDispatchQueueScheduler.invoke · thread \(invokes[0].threadName) · scheduled in Flow \(subscribe.number) (thread main)\n"), rendered)
        XCTAssertTrue(FlowTreeRenderer().render(subscribe).contains("→ runs in Flow \(invokes[0].number) (thread \(invokes[0].threadName))"))
    }

    func testFlowsForSubscription_IncludeTheFlowsThatRanItsScheduledWork() throws {
        let reader = try recordObserveOnSerialQueue()

        let titles = try XCTUnwrap(FlowBuilder(reader: reader).flows(forSubscription: 1)).map(\.title)

        XCTAssertEqual(titles.filter { $0 == "SerialDispatchQueueScheduler.invoke" }.count, 2, "\(titles)")
    }
}
