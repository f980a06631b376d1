import RxCore
@testable import RxTrace
import XCTest

/// What a trace shows of multicasting and of the shared sequences: where user code built them,
/// and the connect and disconnect steps.
final class SharingTraceTests: RxTraceTestCase {
    private func stepNames(_ reader: TraceReader) throws -> Set<String> {
        Set(try reader.database.column("SELECT DISTINCT step.name FROM call JOIN step ON step.id = call.step_id"))
    }

    func testPublishRefCount_RecordsWhereItWasBuiltAndTheConnectAndDisconnectSteps() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            line = #line; let shared = Observable.of(1, 2).publish().refCount()
            let subscription = shared.subscribe(onNext: { _ in })
            subscription.dispose()
        }

        let assemblies = try reader.objects().compactMap(\.assembly)
        let file = "RxTraceTests/SharingTraceTests.swift"
        XCTAssertTrue(assemblies.contains(Assembly(name: "publish", file: file, line: Int(line))), "\(assemblies)")
        XCTAssertTrue(assemblies.contains(Assembly(name: "refCount", file: file, line: Int(line))), "\(assemblies)")
        let steps = try stepNames(reader)
        for step in [
            "RefCount.run", "RefCountSink.run", "ConnectableObservableAdapter.subscribe",
            "ConnectableObservableAdapter.connect", "Connection.on", "Connection.dispose", "RefCountSink.on",
        ] {
            XCTAssertTrue(steps.contains(step), "no \(step) step in \(steps.sorted())")
        }
    }

    func testShareReplay1_RecordsTheConnectionAndTheLastSubscriberLeaving() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            line = #line; let shared = subject.share(replay: 1)
            let first = shared.subscribe(onNext: { _ in })
            subject.onNext(1)
            let late = shared.subscribe(onNext: { _ in })
            first.dispose()
            late.dispose()
        }

        let assemblies = try reader.objects().compactMap(\.assembly)
        XCTAssertTrue(
            assemblies.contains(Assembly(name: "share", file: "RxTraceTests/SharingTraceTests.swift", line: Int(line))),
            "\(assemblies)"
        )
        let steps = try stepNames(reader)
        for step in [
            "ShareReplay1WhileConnected.subscribe", "ShareReplay1WhileConnectedConnection.connect",
            "ShareReplay1WhileConnectedConnection.synchronized_subscribe", "ShareReplay1WhileConnectedConnection.on",
            "ShareReplay1WhileConnectedConnection.synchronizedUnsubscribe",
        ] {
            XCTAssertTrue(steps.contains(step), "no \(step) step in \(steps.sorted())")
        }
        let replayed = try reader.database.integer("""
            SELECT count(*) FROM call JOIN step ON step.id = call.step_id
            WHERE step.name = 'ShareReplay1WhileConnectedConnection.on' AND call.detail = 'next(1)'
            """)
        XCTAssertEqual(replayed, 1, "the element is sent once; the late subscriber gets it replayed")
    }

    func testAsDriver_RecordsTheUsersLineForItsOperatorsAndForTheStrategysShare() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            // Built, not subscribed: nothing is scheduled on the main queue.
            line = #line; _ = Observable.just(1).asDriver(onErrorJustReturn: 0).map { $0 + 1 }
        }

        let assemblies = try reader.objects().compactMap(\.assembly)
        let file = "RxTraceTests/SharingTraceTests.swift"
        // The strategy's `share` has RxCocoa's signature, and its stack leads to the user's line too.
        for name in ["observe(on:)", "catchAndReturn", "map", "share"] {
            XCTAssertTrue(assemblies.contains(Assembly(name: name, file: file, line: Int(line))), "\(name): \(assemblies)")
        }
    }
}
