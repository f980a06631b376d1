import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The objects alive at the end read ahead on a thread of their own with their creators'
/// sites (``LiveObjectSitesReadAhead``) are the rows the leak finder reads itself, each site the
/// one ``EnclosingSubscriptionSites`` finds, and the leak report built from them is the same
/// report.
final class LiveObjectSitesReadAheadTests: RxTraceTestCase {
    /// How many subscriptions the trace makes, each leaving its observer alive: more than a
    /// page of live objects, so that the finder reads them ahead.
    private static let subscriptionCount = LiveObjectSitesReadAhead.pageSize + 300

    /// A finished trace of many open subscriptions made inside an outer subscribe and outside
    /// any, with disposed ones among them. The subject completes once the recording has
    /// stopped, which ends them for the test's leak check but not in the trace.
    private func traceOfManyLiveObjects() throws -> String {
        let path = Fixture.temporaryTracePath("sites-ahead")
        let recording = try record(to: path, program: "sites-ahead")
        let subject = PublishSubject<Int>()
        let outer = Observable<Int>.create { _ in
            _ = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            return Disposables.create()
        }
        for index in 0..<Self.subscriptionCount {
            switch index % 5 {
            case 1: outer.subscribe().dispose()
            case 2: subject.subscribe(onNext: { _ in }).dispose()
            default: _ = subject.subscribe(onNext: { _ in })
            }
        }
        try recording.stop()
        subject.onCompleted()
        return path
    }

    func testPagesReadAhead_areTheLiveObjectRows_eachWithTheSiteOfItsEnclosingSubscription() throws {
        let reader = try TraceReader(path: try traceOfManyLiveObjects())
        var rows: [LiveObjectRow] = []
        try reader.forEachLiveObjectRow { rows.append($0) }
        let expected = try reader.innermostSubscriptionSites(enclosing: rows.compactMap(\.callID))
        // Every other object's site is looked for.
        let ahead = try XCTUnwrap(
            LiveObjectSitesReadAhead.start(reader: reader, isPlaced: { $0.id % 2 == 0 }),
            "a finished trace file has a second connection (on a machine of more than one core)")
        defer { ahead.stop() }

        var placed: [LiveObjectSitesReadAhead.Placed] = []
        while let page = try ahead.next() { placed += page }

        XCTAssertEqual(placed.map(\.object), rows)
        XCTAssertGreaterThan(rows.count, LiveObjectSitesReadAhead.pageSize)
        var sitesFound = 0
        for (index, object) in placed.enumerated() {
            let window = index % LiveObjectSitesReadAhead.pageSize / ChainWindows.windowSize
            let isLeftToTheFinder =
                window % LiveObjectSitesReadAhead.windowsLeftToTheFinder
                == LiveObjectSitesReadAhead.windowsLeftToTheFinder - 1
            guard object.object.id % 2 == 0, !isLeftToTheFinder else {
                XCTAssertNil(object.site, "#\(object.object.id) is not looked for")
                continue
            }
            let site = try XCTUnwrap(object.site, "#\(object.object.id)").get()
            XCTAssertEqual(site, object.object.callID.flatMap { expected[$0] ?? nil }, "#\(object.object.id)")
            if site != nil { sitesFound += 1 }
        }
        XCTAssertGreaterThan(sitesFound, Self.subscriptionCount / 4)
    }

    func testTheLeakReport_withTheSitesReadAhead_isTheReportReadOnOneThread() throws {
        let path = try traceOfManyLiveObjects()
        let readAhead = try TraceReader(path: path)
        // Without a file path: no second connection, so the finder reads everything itself.
        let oneThread = try TraceReader(database: Database(path: path, mode: .readOnly))
        XCTAssertNil(LiveObjectSitesReadAhead.start(reader: oneThread, isPlaced: { _ in true }))

        let report = try LeakFinder(reader: readAhead).report()

        XCTAssertEqual(report, try LeakFinder(reader: oneThread).report())
        XCTAssertGreaterThan(report.liveObjectCount, LiveObjectSitesReadAhead.pageSize)
        XCTAssertEqual(try LeakFinder(reader: readAhead).summary(), try LeakFinder(reader: oneThread).summary())
    }

    func testStopping_afterTheFirstPage_endsTheReadingThread() throws {
        let reader = try TraceReader(path: try traceOfManyLiveObjects())
        let ahead = try XCTUnwrap(LiveObjectSitesReadAhead.start(reader: reader, isPlaced: { _ in true }))

        XCTAssertEqual(try ahead.next()?.count, LiveObjectSitesReadAhead.pageSize)
        ahead.stop()
    }
}
