import RxCore
@testable import RxTrace
import XCTest

/// A diff reads its two traces side by side, one on a helper thread (``TraceShapes``): what it
/// finds, and the error it throws, are those of reading them one after the other.
final class TraceShapesTests: RxTraceTestCase {
    /// A program whose second version leaks its subscription and adds a `filter`.
    private func record(changed: Bool) throws -> TraceReader {
        var leaked: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let chain = changed ? subject.map { $0 + 1 }.filter { $0 > 0 } : subject.map { $0 + 1 }
            let subscription = chain.subscribe(onNext: { _ in })
            for element in 0..<3 { subject.onNext(element) }
            if changed { leaked = subscription } else { subscription.dispose() }
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }
        leaked?.dispose()
        return reader
    }

    func testTwoTracesReadSideBySide_differAsTheyDoReadOneAfterTheOther() throws {
        let before = try record(changed: false)
        let after = try record(changed: true)
        let sideBySide = try TraceDiffer(before: before, after: after).diff()
        let oneAfterTheOther = TraceDiffer.differences(
            try TraceShapes.read(from: before).get(), try TraceShapes.read(from: after).get())
        XCTAssertEqual(sideBySide.differences, oneAfterTheOther)
        XCTAssertEqual(Set(sideBySide.differences.map(\.section)), [.subscription, .flow, .leak])
        XCTAssertTrue(
            sideBySide.newLeaks.contains { $0.key.hasPrefix("subscription at RxTraceTests/TraceShapesTests.swift:") },
            "\(sideBySide.newLeaks)")
    }

    func testOneReaderGivenAsBothTraces_isReadOneAfterTheOther_andHasNoDifferences() throws {
        let reader = try record(changed: true)
        XCTAssertEqual(try TraceDiffer(before: reader, after: reader).diff().differences, [])
    }

    func testATraceThatCannotBeRead_failsTheDiff_whicheverSideItIs() throws {
        for brokenSide in ["before", "after"] {
            let broken = try record(changed: false)
            try broken.database.execute("DROP TABLE subscription")
            let intact = try record(changed: true)
            let differ =
                brokenSide == "before"
                ? TraceDiffer(before: broken, after: intact) : TraceDiffer(before: intact, after: broken)
            XCTAssertThrowsError(try differ.diff(), brokenSide) { error in
                XCTAssertTrue(error is SQLiteError, "\(brokenSide): \(error)")
            }
        }
    }

    private struct Failure: Error, Equatable {
        let name: String
    }

    private func failure(_ part: TraceShapes.Part, _ name: String) -> Result<TraceShapes, TraceShapes.ReadFailure> {
        .failure(TraceShapes.ReadFailure(part: part, error: Failure(name: name)))
    }

    private func thrown(
        before: Result<TraceShapes, TraceShapes.ReadFailure>, after: Result<TraceShapes, TraceShapes.ReadFailure>
    ) -> Failure? {
        do {
            _ = try TraceShapes.bothOrFirstError(before: before, after: after)
            return nil
        } catch {
            return error as? Failure
        }
    }

    func testWhenBothTracesFail_theErrorOfTheEarlierPartIsThrown_thatOfAOnATie() {
        let read = Result<TraceShapes, TraceShapes.ReadFailure>.success(
            TraceShapes(subscriptions: .init(), flows: .init(), leaks: .init()))
        XCTAssertNil(thrown(before: read, after: read))
        XCTAssertEqual(thrown(before: failure(.leaks, "A"), after: read), Failure(name: "A"))
        XCTAssertEqual(thrown(before: read, after: failure(.subscriptions, "B")), Failure(name: "B"))
        // Read one part at a time, A's part first, B's subscriptions fail before A's flows are read.
        XCTAssertEqual(thrown(before: failure(.flows, "A"), after: failure(.subscriptions, "B")), Failure(name: "B"))
        XCTAssertEqual(thrown(before: failure(.flows, "A"), after: failure(.leaks, "B")), Failure(name: "A"))
        XCTAssertEqual(thrown(before: failure(.flows, "A"), after: failure(.flows, "B")), Failure(name: "A"))
    }
}
