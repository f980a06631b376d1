import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The open subscriptions' chains read ahead on threads of their own (``ChainPagesReadAhead``)
/// are the pages read on the leak finder's own thread (``OpenChainPages``), in the same order,
/// and the leak report built from them is the same report.
final class ChainPagesReadAheadTests: RxTraceTestCase {
    /// How many subscriptions the trace makes: a quarter of them disposed.
    private static let subscriptionCount = ChainWindows.windowSize * 5 + 17

    /// How many of them never end in the trace.
    private static let openCount = subscriptionCount - (subscriptionCount + 1) / 4

    /// A finished trace of many open subscriptions, more than a few pages of them, of three
    /// kinds (to a subject, through `map`, through `filter` and `map`), with disposed ones
    /// among them. The subject completes once the recording has stopped, which ends them for
    /// the test's leak check but not in the trace.
    private func traceOfManyOpenSubscriptions() throws -> String {
        let path = Fixture.temporaryTracePath("read-ahead")
        let recording = try record(to: path, program: "read-ahead")
        let subject = PublishSubject<Int>()
        for index in 0..<Self.subscriptionCount {
            switch index % 4 {
            case 1: _ = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            case 2: _ = subject.filter { $0 > 0 }.map { $0 * 2 }.subscribe(onNext: { _ in })
            case 3: subject.subscribe(onNext: { _ in }).dispose()
            default: _ = subject.subscribe(onNext: { _ in })
            }
        }
        try recording.stop()
        subject.onCompleted()
        return path
    }

    /// The same file, read as a reader without a path: no second connection, so every page is
    /// read on the finder's own thread.
    private func readerOnOneThread(_ path: String) throws -> TraceReader {
        try TraceReader(database: Database(path: path, mode: .readOnly))
    }

    func testPagesReadAhead_areThePagesReadOnTheFindersThread_inOrder() throws {
        let path = try traceOfManyOpenSubscriptions()
        let reader = try TraceReader(path: path)
        let liveObjects = LiveObjectIndex()
        var here = OpenChainPages(reader: reader, liveObjects: liveObjects, scope: nil)
        var pagesHere: [[ChainWindows.Element]] = []
        while let page = try here.next() { pagesHere.append(page) }

        let ahead = try XCTUnwrap(
            ChainPagesReadAhead.start(reader: reader, liveObjects: liveObjects, scope: nil, after: .min),
            "a finished trace file has a second connection (on a machine of more than one core)")
        defer { ahead.stop() }
        var pagesAhead: [[ChainWindows.Element]] = []
        while let page = try ahead.next() { pagesAhead.append(page) }

        XCTAssertEqual(pagesHere.count, (Self.openCount + ChainWindows.windowSize - 1) / ChainWindows.windowSize)
        XCTAssertGreaterThan(pagesHere.count, 3)
        XCTAssertEqual(pagesAhead.count, pagesHere.count)
        for (read, expected) in zip(pagesAhead, pagesHere) {
            XCTAssertEqual(read.map(\.subscription), expected.map(\.subscription))
            XCTAssertEqual(read.map(\.chain), expected.map(\.chain))
            XCTAssertEqual(read.map(\.tags), expected.map(\.tags))
            XCTAssertEqual(read.map(\.objects), expected.map(\.objects))
        }
    }

    func testChainsGivenTheLiveObjects_holdTheirObservers_asTheirRecordsName_andTheirLinksInFull() throws {
        let reader = try TraceReader(path: try traceOfManyOpenSubscriptions())
        var liveObjects = LiveObjectIndex()
        try reader.forEachLiveObjectRow { liveObjects.add(id: $0.id, typeName: $0.typeName) }
        var read = OpenChainPages(reader: reader, liveObjects: LiveObjectIndex(), scope: nil)
        var given = OpenChainPages(reader: reader, liveObjects: liveObjects, scope: nil)
        var observersGiven = 0
        while let readPage = try read.next() {
            let givenPage = try XCTUnwrap(try given.next())
            XCTAssertEqual(givenPage.map(\.chain), readPage.map(\.chain))
            for (element, expected) in zip(givenPage, readPage) {
                XCTAssertEqual(Set(element.objects.keys), Set(expected.objects.keys))
                for (id, record) in expected.objects {
                    let isLink =
                        element.chain.subscribedThrough.contains(id) || element.subscription.observableObjectID == id
                    if isLink {
                        XCTAssertEqual(element.objects[id], record, "a link or observable is read in full")
                    } else {
                        XCTAssertEqual(element.objects[id]?.typeName, record.typeName)
                        XCTAssertEqual(element.objects[id]?.id, id)
                        observersGiven += 1
                    }
                }
            }
        }
        XCTAssertNil(try given.next())
        XCTAssertGreaterThan(observersGiven, Self.openCount / 2, "the observers come from the index")
    }

    func testTheLeakReport_withItsChainsReadAhead_isTheReportReadOnOneThread() throws {
        let path = try traceOfManyOpenSubscriptions()
        let readAhead = try TraceReader(path: path)
        let oneThread = try readerOnOneThread(path)
        XCTAssertNil(
            ChainPagesReadAhead.start(reader: oneThread, liveObjects: LiveObjectIndex(), scope: nil, after: .min),
            "a reader without a file path reads on its own thread")

        let report = try LeakFinder(reader: readAhead).report()

        XCTAssertEqual(report, try LeakFinder(reader: oneThread).report())
        XCTAssertEqual(report.openSubscriptions.count, Self.openCount)
        XCTAssertEqual(try LeakFinder(reader: readAhead).summary(), try LeakFinder(reader: oneThread).summary())
    }

    func testStopping_afterTheFirstPage_endsTheReadingThread() throws {
        let path = try traceOfManyOpenSubscriptions()
        let reader = try TraceReader(path: path)
        let ahead = try XCTUnwrap(
            ChainPagesReadAhead.start(reader: reader, liveObjects: LiveObjectIndex(), scope: nil, after: .min))

        XCTAssertEqual(try ahead.next()?.count, ChainWindows.windowSize)
        ahead.stop()
    }

    func testPagesFoundByTheirEnds_areThePagesReadOneAfterTheOther() throws {
        let reader = try TraceReader(path: try traceOfManyOpenSubscriptions())
        var oneAfterTheOther = OpenChainPages(reader: reader, liveObjects: LiveObjectIndex(), scope: nil)
        let byTheirEnds = OpenChainPages(reader: reader, liveObjects: LiveObjectIndex(), scope: nil)
        var after = Int64.min
        var pages = 0

        while let expected = try oneAfterTheOther.next() {
            let end = try byTheirEnds.lastOfPage(after: after)
            let page = try XCTUnwrap(try byTheirEnds.page(after: after, through: end ?? .max))

            XCTAssertEqual(page.map(\.subscription), expected.map(\.subscription))
            XCTAssertEqual(page.map(\.chain), expected.map(\.chain))
            XCTAssertEqual(end, oneAfterTheOther.wasLastPageFull ? oneAfterTheOther.lastRead : nil)
            after = oneAfterTheOther.lastRead
            pages += 1
        }
        XCTAssertNil(try byTheirEnds.lastOfPage(after: after))
        XCTAssertNil(try byTheirEnds.page(after: after, through: .max), "no subscription after the last page")
        XCTAssertGreaterThan(pages, ChainPagesReadAhead.readingThreads + 1)
    }

    func testAReadingError_comesOutAfterThePagesReadBeforeIt() throws {
        let path = try traceOfManyOpenSubscriptions()
        // On the third page, a subscribe's call is its own parent: its tree has no root.
        let database = try Database(path: path, mode: .readWriteCreate)
        let onTheThirdPage = try XCTUnwrap(
            database.scalar(
                "SELECT call_id FROM subscription WHERE id IN (SELECT id FROM open_subscription) ORDER BY id LIMIT 1 OFFSET \(ChainWindows.windowSize * 2 + 5)")?
                .integer)
        try database.execute("UPDATE call SET parent_id = id WHERE id = \(onTheThirdPage)")
        let reader = try TraceReader(path: path)
        let ahead = try XCTUnwrap(
            ChainPagesReadAhead.start(reader: reader, liveObjects: LiveObjectIndex(), scope: nil, after: .min))
        defer { ahead.stop() }

        XCTAssertNotNil(try ahead.next())
        XCTAssertNotNil(try ahead.next())
        XCTAssertThrowsError(try ahead.next()) { XCTAssertTrue($0 is TraceFileError, "\($0)") }
        ahead.stop()
        // The leak report meets it where the finder reading on its own thread meets it.
        func damage(_ error: any Error) -> String? {
            guard case .damaged(_, let reason) = error as? TraceFileError else { return nil }
            return reason
        }
        var readAhead: (any Error)?
        XCTAssertThrowsError(try LeakFinder(reader: reader).report()) { readAhead = $0 }
        let oneThread = try readerOnOneThread(path)
        var onItsOwnThread: (any Error)?
        XCTAssertThrowsError(try LeakFinder(reader: oneThread).report()) { onItsOwnThread = $0 }
        XCTAssertNotNil(onItsOwnThread.flatMap(damage))
        XCTAssertEqual(readAhead.flatMap(damage), onItsOwnThread.flatMap(damage))
    }
}
