import RxCore
@testable import RxTrace
import XCTest

/// FlowBuilder turns a trace's calls back into the trees a reader follows: one flow per
/// top-level call, steps in the order they ran, a file:line on every step.
final class FlowBuilderTests: RxTraceTestCase {
    /// The labels of a flow's steps, depth first, in the order they happened.
    private func labels(_ flow: Flow) -> [String] {
        flow.steps.map(\.label)
    }

    func testJustMapSubscribe_makesOneFlowPerTopLevelCall_andTheSubscribeFlowNamesItsLine() throws {
        var subscribeLine: UInt = 0
        let reader = try recordedTrace {
            let source = Observable.just(1).map { $0 + 1 }
            subscribeLine = #line; _ = source.subscribe(onNext: { _ in })
        }

        let flows = try FlowBuilder(reader: reader).flows()

        XCTAssertEqual(flows.map(\.number), [1, 2, 3])
        XCTAssertEqual(flows.map(\.root.label), ["just", "map", "subscribe(onNext:onError:onCompleted:onDisposed:)"])
        XCTAssertEqual(flows[2].title, "subscribe(onNext:onError:onCompleted:onDisposed:) at RxTraceTests/FlowBuilderTests.swift:\(subscribeLine)")
        XCTAssertEqual(flows[2].subscriptionID, 1)
        XCTAssertNil(flows[0].subscriptionID)
        XCTAssertEqual(flows[2].threadName, "main")
    }

    func testSubscribeFlow_followsProducerRunAndSinkInTheOrderTheyRan() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).map { $0 + 1 }.subscribe(onNext: { _ in })
        }

        let steps = labels(try FlowBuilder(reader: reader).flows()[2])

        let expectedOrder = [
            "subscribe(onNext:onError:onCompleted:onDisposed:)",
            "init AnonymousObserver<Int> #3",
            "subscribeSafe [Map<Int, Int> #2]",
            "Producer.subscribe [Map<Int, Int> #2]",
            "CurrentThreadScheduler.schedule",
            "init SinkDisposer #4",
            "Map.run [Map<Int, Int> #2]",
            "init MapSink<…> #5",
            "subscribeSafe [Just<Int> #1]",
            "Just.subscribe [Just<Int> #1]",
            "MapSink.on(.next(1)) [MapSink<…> #5]",
            "Sink.forwardOn(.next(2)) [MapSink<…> #5]",
            "ObserverBase.on(.next(2)) [AnonymousObserver<Int> #3]",
        ]
        XCTAssertEqual(Array(steps.prefix(expectedOrder.count)), expectedOrder)
    }

    func testEveryCallStep_hasTheFileAndLineOfItsImplementation_andInitsOfAssembledObservablesTheUsersLine() throws {
        var buildLine: UInt = 0
        let reader = try recordedTrace {
            buildLine = #line; _ = Observable.just(1).map { $0 + 1 }.subscribe(onNext: { _ in })
        }

        func check(_ node: FlowStep) {
            switch node.kind {
            case .call:
                let location = node.location ?? ""
                XCTAssertTrue(location.hasPrefix("RxCore/"), "\(node.label) at \(location)")
                XCTAssertNotNil(Int(location.split(separator: ":").last ?? ""), "\(node.label) at \(location)")
            case .`init` where node.label.hasPrefix("init Just<") || node.label.hasPrefix("init Map<"):
                XCTAssertEqual(node.location, "built at RxTraceTests/FlowBuilderTests.swift:\(buildLine)", node.label)
            case .`init`:
                XCTAssertNil(node.location, node.label)
            }
        }
        try FlowBuilder(reader: reader).flows().forEach { $0.steps.forEach(check) }
    }

    func testAFlowThatBuiltAnObservable_isNamedAfterTheOperatorAndTheUsersLine() throws {
        var buildLine: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            buildLine = #line; let doubled = subject.map { $0 * 2 }
            _ = doubled.subscribe(onNext: { _ in })
            subject.onCompleted()
        }

        let titles = try FlowBuilder(reader: reader).flows().map(\.title)

        XCTAssertEqual(titles.first, "map at RxTraceTests/FlowBuilderTests.swift:\(buildLine)")
    }

    func testFlowsForSubscription_areTheFlowsThatBuiltAndStartedIt_andNilForAnUnknownOne() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }
        let builder = FlowBuilder(reader: reader)

        let flows = try XCTUnwrap(try builder.flows(forSubscription: 1))

        XCTAssertTrue(flows.contains { $0.subscriptionID == 1 })
        XCTAssertTrue(flows.contains { $0.root.label == "map" }, "the flow that built the observable")
        XCTAssertNil(try builder.flows(forSubscription: 99))
    }

    func testCallsOnAnotherThread_makeTheirOwnFlowNamedAfterThatThread() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                subject.onNext(1)
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the other thread's onNext returned")
            subscription.dispose()
        }

        let flows = try FlowBuilder(reader: reader).flows()

        let onNext = try XCTUnwrap(flows.first { $0.root.label.hasPrefix("PublishSubject.on(.next(1))") })
        XCTAssertEqual(onNext.threadName, "T1")
    }

    func testAFlowOfMoreCallsThanTheLimit_keepsItsFirstSteps_andCountsTheCallsLeftOut() throws {
        let reader = try recordedTrace {
            _ = Observable.range(start: 0, count: 50).map { $0 + 1 }.subscribe(onNext: { _ in })
        }
        let whole = try XCTUnwrap(FlowBuilder(reader: reader).flows().last)
        let wholeCalls = whole.steps.filter { $0.kind == .call }.count
        XCTAssertNil(whole.omittedCalls)

        let cut = try XCTUnwrap(FlowBuilder(reader: reader, callLimit: 40).flows().last)

        XCTAssertEqual(cut.steps.filter { $0.kind == .call }.count, 40)
        XCTAssertEqual(cut.omittedCalls, wholeCalls - 40)
        XCTAssertEqual(cut.steps, Array(whole.steps.prefix(cut.steps.count)), "the cut flow is the whole flow's beginning")
        XCTAssertEqual(cut.title, whole.title)
        XCTAssertTrue(
            FlowTreeRenderer().render(cut).hasSuffix(
                "… \(wholeCalls - 40) more calls of this flow not shown (and the objects they created): rxtrace query TRACE \""
                    + TraceReader.callTreeQuery(under: try XCTUnwrap(cut.root.callID)) + "\""
            ))
        let left = try reader.database.rows(TraceReader.callTreeQuery(under: try XCTUnwrap(cut.root.callID)))
        XCTAssertEqual(left.count, wholeCalls, "the query in the note lists the whole flow")
    }

    func testAFlowOfExactlyTheLimit_isWhole() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).subscribe(onNext: { _ in })
        }
        let whole = try XCTUnwrap(FlowBuilder(reader: reader).flows().last)
        let calls = whole.steps.filter { $0.kind == .call }.count

        let atTheLimit = try XCTUnwrap(FlowBuilder(reader: reader, callLimit: calls).flows().last)

        XCTAssertEqual(atTheLimit, whole)
    }
}
