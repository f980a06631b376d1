import RxCore
@testable import RxTrace
import XCTest

/// The run's moments (``TraceReader/moments(limit:)``), which the page's step controls go
/// through: every call, init, event, subscription end and deinit once, in the order they
/// happened, each with the call it happened in.
final class TraceReaderMomentsTests: RxTraceTestCase {
    /// A subject with one subscriber sending one element, then the subscription disposed.
    private func subjectTrace() throws -> TraceReader {
        try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }
    }

    func testMoments_HoldEveryRecordOnce_InTheOrderOfTheirTimes() throws {
        let reader = try subjectTrace()

        let moments = try reader.moments(limit: 10_000)

        XCTAssertEqual(moments.count, try reader.momentCount())
        XCTAssertEqual(moments.map(\.time), moments.map(\.time).sorted())
        let callIDs = moments.filter { $0.kind == .call }.map(\.id)
        XCTAssertEqual(callIDs, try reader.calls(upToDepth: 1_000, limit: 10_000).map(\.id), "every call once, by entry")
        let objects = try reader.objects()
        XCTAssertEqual(Set(moments.filter { $0.kind == .`init` }.map(\.id)), Set(objects.map(\.id)))
        XCTAssertEqual(
            Set(moments.filter { $0.kind == .`deinit` }.map(\.id)), Set(objects.filter { !$0.isAlive }.map(\.id)))
        XCTAssertEqual(moments.filter { $0.kind == .event }.map(\.id), try reader.events().map(\.id))
        XCTAssertEqual(moments.filter { $0.kind == .end }.map(\.id), [1])
        for object in objects where !object.isAlive {
            let born = try XCTUnwrap(moments.firstIndex { $0.kind == .`init` && $0.id == object.id })
            let released = try XCTUnwrap(moments.firstIndex { $0.kind == .`deinit` && $0.id == object.id })
            XCTAssertLessThan(born, released, "\(object.label) is released after it is made")
        }
    }

    func testMoments_NameTheCallEachHappenedIn() throws {
        let reader = try subjectTrace()
        let calls = Dictionary(uniqueKeysWithValues: try reader.calls(upToDepth: 1_000, limit: 10_000).map { ($0.id, $0) })

        let moments = try reader.moments(limit: 10_000)

        for moment in moments where moment.kind == .call {
            XCTAssertEqual(moment.callID, moment.id)
        }
        let events = Dictionary(uniqueKeysWithValues: try reader.events().map { ($0.id, $0) })
        for moment in moments where moment.kind == .event {
            XCTAssertEqual(moment.callID, events[moment.id]?.callID)
        }
        // The dispose ended the subscription: the end happened inside a dispose step, after it began.
        let end = try XCTUnwrap(moments.first { $0.kind == .end })
        let ending = try XCTUnwrap(end.callID.flatMap { calls[$0] })
        XCTAssertTrue(ending.name.hasSuffix("dispose"), ending.name)
        let endingMoment = try XCTUnwrap(moments.firstIndex { $0.kind == .call && $0.id == ending.id })
        XCTAssertLessThan(endingMoment, try XCTUnwrap(moments.firstIndex(of: end)))
        XCTAssertTrue(moments.filter { $0.kind == .`deinit` }.allSatisfy { $0.callID == nil })
    }

    func testMoments_StopAtTheLimit_FromTheStart() throws {
        let reader = try subjectTrace()

        let all = try reader.moments(limit: 10_000)
        let first = try reader.moments(limit: 5)

        XCTAssertEqual(first, Array(all.prefix(5)))
    }

    func testBagEntries_AreEveryBagsDisposables_InOrderOfInsertion() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let bag = DisposeBag()
            subject.subscribe(onNext: { _ in }).disposed(by: bag)
            subject.subscribe(onNext: { _ in }).disposed(by: bag)
        }

        let entries = try reader.bagEntries(limit: 10)

        XCTAssertEqual(entries.map(\.disposable), try reader.subscriptions(limit: 10).compactMap(\.disposableObjectID))
        XCTAssertEqual(Set(entries.map(\.bag)).count, 1)
        XCTAssertEqual(entries.count, 2)
        XCTAssertEqual(try reader.bagEntries(limit: 1).map(\.disposable), Array(entries.map(\.disposable).prefix(1)))
    }
}
