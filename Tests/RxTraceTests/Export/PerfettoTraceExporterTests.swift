import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The Perfetto export is a JSON trace-event document that keeps the format's rules (checked by
/// ``TraceEventChecker``): threads as tracks, calls as nested slices, subscriptions as async
/// slices, events as flow arrows, `Resources.total` as a counter.
final class PerfettoTraceExporterTests: RxTraceTestCase {
    private func events(_ json: String) throws -> [[String: Any]] {
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try XCTUnwrap(document["traceEvents"] as? [[String: Any]])
    }

    func testExport_keepsTheTraceEventFormatsRules() throws {
        let reader = try recordedTraceOfEveryKind()

        let json = try exported(PerfettoTraceExporter(reader: reader).write)

        XCTAssertEqual(TraceEventChecker.violations(of: Data(json.utf8)), [])
    }

    func testThreadsAreTracks_CallsAreSlices_SubscriptionsAreAsyncSlices_EventsAreFlows() throws {
        let reader = try recordedTraceOfEveryKind()

        let events = try events(try exported(PerfettoTraceExporter(reader: reader).write))

        let threadNames = events.filter { $0["name"] as? String == "thread_name" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        // A serial queue's work runs on whichever of libdispatch's threads is free, so a loaded
        // machine may show a second one: main, then T1, T2, … in order.
        XCTAssertEqual(threadNames, ["main"] + (1..<max(threadNames.count, 2)).map { "T\($0)" })
        XCTAssertEqual(events.filter { $0["ph"] as? String == "X" }.count, try reader.count(.call))
        let subscriptionCount = try reader.count(.subscription)
        XCTAssertEqual(subscriptionCount, 4)
        XCTAssertEqual(events.filter { $0["ph"] as? String == "b" }.count, subscriptionCount)
        XCTAssertEqual(events.filter { $0["ph"] as? String == "e" }.count, subscriptionCount)
        let never = events.filter { $0["ph"] as? String == "e" && ($0["args"] as? [String: Any])?["end"] as? String == "never ended" }
        XCTAssertEqual(never.count, 1)
        XCTAssertEqual(
            Set(events.filter { $0["ph"] as? String == "e" }.compactMap { ($0["args"] as? [String: Any])?["end"] as? String }),
            ["disposed", "completed", "never ended"]
        )
        // Every event whose sender's call and receiver's call were recorded has an arrow.
        let arrows = events.filter { $0["ph"] as? String == "s" }
        XCTAssertGreaterThanOrEqual(arrows.count, 5)
        XCTAssertTrue(arrows.contains { $0["name"] as? String == "next(hello)" }, "\(arrows)")
        // An arrow joins the sender's slice to the receiver's: the hop's next arrives on T1.
        let threads = Dictionary(uniqueKeysWithValues: events.filter { $0["name"] as? String == "thread_name" }
            .map { (($0["args"] as? [String: Any])?["name"] as? String ?? "", $0["tid"] as? Int ?? 0) })
        XCTAssertTrue(events.contains { $0["ph"] as? String == "f" && $0["tid"] as? Int == threads["T1"] })
    }

    func testEachArrow_endsOnTheCallThatReceivedItsEvent() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }

        let events = try events(try exported(PerfettoTraceExporter(reader: reader).write))

        let slices = events.filter { $0["ph"] as? String == "X" }
        let arrows = events.filter { $0["ph"] as? String == "f" }
        // just sends next and completed to the map's sink, which forwards both to the observer.
        XCTAssertEqual(arrows.compactMap { $0["name"] as? String }, ["next(1)", "next(2)", "completed", "completed"])
        for arrow in arrows {
            let kind = (arrow["name"] as? String ?? "").prefix { $0 != "(" }
            let receiving = try XCTUnwrap(slices.first {
                $0["tid"] as? Int == arrow["tid"] as? Int && $0["ts"] as? Double == arrow["ts"] as? Double
            })
            XCTAssertTrue((receiving["name"] as? String ?? "").contains("(.\(kind)"), "\(arrow) lands on \(receiving)")
        }
    }

    func testCounters_liveObjectsOverTime_andResourcesTotalAtTheStartAndTheEnd() throws {
        let reader = try recordedTraceOfEveryKind()

        let counters = try events(try exported(PerfettoTraceExporter(reader: reader).write))
            .filter { $0["ph"] as? String == "C" }
        func values(_ name: String) -> [Int] {
            counters.filter { $0["name"] as? String == name }.compactMap { ($0["args"] as? [String: Any])?["value"] as? Int }
        }

        let live = values("live objects")
        XCTAssertEqual(live.first, 0)
        XCTAssertEqual(live.last, try reader.liveObjects().count)
        XCTAssertEqual(live.max(), try reader.database.scalar(
            """
            SELECT max(alive) FROM (SELECT (SELECT count(*) FROM object AS other WHERE other.start_ts <= object.start_ts
                AND (other.end_ts IS NULL OR other.end_ts > object.start_ts)) AS alive FROM object)
            """
        )?.integer.map(Int.init))
        XCTAssertEqual(values("Resources.total"), [reader.run.resourcesTotalStart, reader.run.resourcesTotalEnd].compactMap { $0 })
    }

    func testValuesWithQuotesBackslashesAndControlCharacters_areEscaped() throws {
        let value = "say \"hi\" \\ then\nnew line\u{1}\u{7F} 🙂"
        let reader = try recordedTraceOfEveryKind(value: value)

        let json = try exported(PerfettoTraceExporter(reader: reader).write)

        XCTAssertEqual(TraceEventChecker.violations(of: Data(json.utf8)), [])
        XCTAssertFalse(json.contains("\n" + "new line"), "a raw newline inside a string")
        let names = try events(json).compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains { $0.contains(value) }, "the value survives the round trip")
    }

    func testACallThatNeverReturned_lastsUntilTheEnd() throws {
        let reader = try recordedTrace {}
        try reader.database.execute("PRAGMA query_only = 0")
        try reader.database.execute(
            """
            INSERT INTO thread (id, tid, name) VALUES (1, 1, 'main');
            INSERT INTO step (id, name, file, line) VALUES (1, 'Producer.subscribe', 'RxCore/Producer.swift', 16);
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur) VALUES (1, NULL, 0, 1, 1, 1000, NULL);
            INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur) VALUES (2, 1, 1, 1, 1, 1500, 100);
            """
        )

        let slices = try events(try exported(PerfettoTraceExporter(reader: reader).write)).filter { $0["ph"] as? String == "X" }

        XCTAssertEqual(slices.map { $0["ts"] as? Double }, [1.0, 1.5])
        let end = try reader.endNanoseconds()
        XCTAssertEqual(slices.map { $0["dur"] as? Double }, [Double(end - 1000) / 1000, 0.1])
        XCTAssertEqual((slices[0]["args"] as? [String: Any])?["returned"] as? Bool, false)
    }

    func testMicroseconds_keepEveryNanosecond() {
        XCTAssertEqual(PerfettoTraceExporter.microseconds(0), "0.000")
        XCTAssertEqual(PerfettoTraceExporter.microseconds(7), "0.007")
        XCTAssertEqual(PerfettoTraceExporter.microseconds(1_234_567), "1234.567")
        XCTAssertEqual(PerfettoTraceExporter.microseconds(-1_500), "-1.500")
    }

    func testTheChecker_catchesBrokenNestingPairingAndFlows() {
        let broken = """
            {"traceEvents":[
            {"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":10},
            {"ph":"X","name":"b","pid":1,"tid":1,"ts":5,"dur":10},
            {"ph":"b","cat":"c","id":1,"name":"s","pid":1,"tid":1,"ts":0},
            {"ph":"s","cat":"c","id":2,"name":"f","pid":1,"tid":1,"ts":100},
            {"ph":"E","pid":1,"tid":2,"ts":3},
            {"ph":"Q","name":"q","pid":1,"tid":1,"ts":0},
            {"ph":"C","name":"c","pid":1,"tid":0,"ts":0,"args":{"n":"x"}}
            ]}
            """

        let problems = TraceEventChecker.violations(of: Data(broken.utf8))

        XCTAssertEqual(problems.count, 6, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("overlaps") })
        XCTAssertTrue(problems.contains { $0.contains("has no e") })
        XCTAssertTrue(problems.contains { $0.contains("has no f") })
        XCTAssertTrue(problems.contains { $0.contains("no open B") })
        XCTAssertTrue(problems.contains { $0.contains("unknown ph") })
        XCTAssertTrue(problems.contains { $0.contains("args must be an object of numbers") })
    }
}
