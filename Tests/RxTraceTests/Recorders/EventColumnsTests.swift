import RxCore
@testable import RxTrace
import XCTest

/// What the writer stores in an event's and a subscription's enumerated and value columns,
/// however it binds them: the kind's name, and the value's description as text.
final class EventColumnsTests: RxTraceTestCase {
    func testEveryValue_isStoredAsTheTextOfItsDescription_integersIncluded() throws {
        let values: [TraceValue] = [
            TraceValue(0), TraceValue(-1), TraceValue(116), TraceValue(Int.max), TraceValue(Int.min),
            TraceValue(1.5), TraceValue(true), TraceValue("116"), TraceValue("a longer text, with ünïcode"),
        ]
        let recorder = try InMemoryTraceRecorder(program: "values")
        let source = recorder.objectInitialized(PublishSubject<Int>.self)
        let observer = recorder.objectInitialized(AnyObserver<Int>.self)
        for value in values {
            recorder.eventDelivered(.next, value: value, from: source, to: observer)
        }
        recorder.eventDelivered(.completed, value: nil, from: source, to: observer)

        let rows = try recorder.finish().rows("SELECT id, kind, value, typeof(value) AS storage FROM event ORDER BY id")

        XCTAssertEqual(rows.map { $0.integer("id") }, (1...Int64(values.count + 1)).map { $0 }, "serial, in delivery order")
        XCTAssertEqual(rows.map { $0.text("value") }, values.map(\.description) + [nil])
        XCTAssertEqual(rows.map { $0.text("storage") }, Array(repeating: "text", count: values.count) + ["null"])
        XCTAssertEqual(rows.map { $0.text("kind") }, Array(repeating: "next", count: values.count) + ["completed"])
    }

    func testEveryKindAndEnd_isStoredByItsName() throws {
        let recorder = try InMemoryTraceRecorder(program: "kinds")
        let source = recorder.objectInitialized(PublishSubject<Int>.self)
        let observer = recorder.objectInitialized(AnyObserver<Int>.self)
        for kind in EventKind.allCases {
            recorder.eventDelivered(kind, value: nil, from: source, to: observer)
        }
        for end in SubscriptionEnd.allCases {
            let subscription = recorder.subscriptionStarted(
                observable: source, observer: observer, at: CallSite(file: #fileID, line: #line))
            recorder.subscriptionTerminated(subscription, by: end)
        }
        let database = try recorder.finish()

        XCTAssertEqual(
            try database.rows("SELECT kind FROM event ORDER BY id").map { $0.text("kind") },
            EventKind.allCases.map(\.rawValue))
        XCTAssertEqual(
            try database.rows("SELECT end_kind FROM subscription ORDER BY id").map { $0.text("end_kind") },
            SubscriptionEnd.allCases.map(\.rawValue))
    }
}
