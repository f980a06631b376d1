@testable import RxCore
import XCTest

private struct Point {
    var x: Int
    var y: Int
}

private struct TooLarge: Error {
    let value: Int
}

/// A class whose description changes with its state.
private final class Counter: CustomStringConvertible {
    var count = 0
    var description: String { "Counter(\(count))" }
}

/// What a hook captures of an element or error, and the text a trace shows for it.
final class TraceValueTests: RxCoreTestCase {
    func testTraceValue_CommonStandardTypesAreCapturedAsTheyAre() {
        XCTAssertEqual(TraceValue(42), .int(42))
        XCTAssertEqual(TraceValue(1.5), .double(1.5))
        XCTAssertEqual(TraceValue(true), .bool(true))
        XCTAssertEqual(TraceValue("a"), .string("a"))
    }

    func testTraceValue_OtherTypesAreDescribedAtCapture() {
        XCTAssertEqual(TraceValue(Point(x: 1, y: 2)), .text("Point(x: 1, y: 2)"))
        XCTAssertEqual(TraceValue(Int?.some(1)), .text("Optional(1)"))
        XCTAssertEqual(TraceValue(Int8(3)), .text("3"))
        XCTAssertEqual(TraceValue(1 as Any), .text("1"))
    }

    func testTraceValue_AClassIsDescribedAsItWasWhenCaptured() {
        let counter = Counter()
        let value = TraceValue(counter)
        counter.count = 5

        XCTAssertEqual(value.description, "Counter(0)")
    }

    func testTraceValue_DescriptionIsStringDescribingOfTheValue() {
        XCTAssertEqual(TraceValue(-3).description, String(describing: -3))
        XCTAssertEqual(TraceValue(Int.min).description, String(describing: Int.min))
        XCTAssertEqual(TraceValue(0.1).description, String(describing: 0.1))
        XCTAssertEqual(TraceValue(1e100).description, String(describing: 1e100))
        XCTAssertEqual(TraceValue(Double.infinity).description, String(describing: Double.infinity))
        XCTAssertEqual(TraceValue(false).description, "false")
        XCTAssertEqual(TraceValue("").description, "")
        XCTAssertEqual(TraceValue("héllo").description, "héllo")
    }

    func testTraceValue_DescriptionsLongerThanTheMaximumEndInAnEllipsis() {
        let limit = TraceValue.maximumLength
        let fits = String(repeating: "a", count: limit)
        let long = String(repeating: "a", count: limit + 1)

        XCTAssertEqual(TraceValue(fits).description, fits)
        XCTAssertEqual(TraceValue(long).description, String(repeating: "a", count: limit - 1) + "…")
        XCTAssertEqual(TraceValue(long).description.count, limit)
        XCTAssertEqual(TraceValue.text(long).description, String(repeating: "a", count: limit - 1) + "…")
    }

    func testTraceValue_ADescribedValueIsTruncatedAtCapture_soTheBufferHoldsNoMoreThanTheTraceKeeps() {
        struct Long: CustomStringConvertible {
            var description: String { String(repeating: "b", count: 10_000) }
        }

        XCTAssertEqual(
            TraceValue(Long()), .text(String(repeating: "b", count: TraceValue.maximumLength - 1) + "…")
        )
    }

    func testTraceValue_TheMaximumCountsCharactersNotBytes() {
        let limit = TraceValue.maximumLength
        let fits = String(repeating: "é", count: limit)
        let long = String(repeating: "👍🏽", count: limit + 1)

        XCTAssertEqual(TraceValue(fits).description, fits)
        XCTAssertEqual(TraceValue(long).description, String(repeating: "👍🏽", count: limit - 1) + "…")
    }

    func testEvent_TraceValueIsTheElementOnlyWhenValuesAreRecorded() {
        XCTAssertEqual(Event.next(1).traceValue(includingElement: true), .int(1))
        XCTAssertNil(Event.next(1).traceValue(includingElement: false))
        XCTAssertNil(Event<Int>.completed.traceValue(includingElement: true))
        XCTAssertEqual(
            Event<Int>.error(TooLarge(value: 2)).traceValue(includingElement: true), .text("TooLarge(value: 2)")
        )
        XCTAssertEqual(
            Event<Int>.error(TooLarge(value: 2)).traceValue(includingElement: false), .text("TooLarge"),
            "without values an error is its type's name: its description can hold private data"
        )
    }

    func testEvent_TraceKindAndValueReadsEveryElementTypeAlikeWhereTheTypeIsNotKnown() {
        assertKindAndValue(of: Event.next(7), are: .next, .int(7))
        assertKindAndValue(of: Event.next("a"), are: .next, .string("a"))
        assertKindAndValue(of: Event.next(1.5), are: .next, .double(1.5))
        assertKindAndValue(of: Event.next(true), are: .next, .bool(true))
        assertKindAndValue(of: Event.next(Point(x: 1, y: 2)), are: .next, .text("Point(x: 1, y: 2)"))
        assertKindAndValue(of: Event.next(Int8(3)), are: .next, .text("3"))
        assertKindAndValue(of: Event<Int>.completed, are: .completed, nil)
        assertKindAndValue(of: Event<String>.completed, are: .completed, nil)
        assertKindAndValue(
            of: Event<Int>.error(TooLarge(value: 2)), are: .error, .text("TooLarge(value: 2)"),
            withoutValues: .text("TooLarge")
        )
        assertKindAndValue(
            of: Event<Bool>.error(TooLarge(value: 3)), are: .error, .text("TooLarge(value: 3)"),
            withoutValues: .text("TooLarge")
        )
    }

    /// Checks `event`'s kind and value with values recorded (`value`) and without
    /// (`valueWithout`), read where its element type is a generic parameter, as RxCore's
    /// unspecialized operators read it.
    private func assertKindAndValue<Element>(
        of event: Event<Element>, are kind: EventKind, _ value: TraceValue?, withoutValues valueWithout: TraceValue? = nil,
        line: UInt = #line
    ) {
        let with = event.traceKindAndValue(includingElement: true)
        let without = event.traceKindAndValue(includingElement: false)
        XCTAssertEqual(with.0, kind, "kind with values", line: line)
        XCTAssertEqual(with.1, value, "value with values", line: line)
        XCTAssertEqual(without.0, kind, "kind without values", line: line)
        XCTAssertEqual(without.1, valueWithout, "value without values", line: line)
    }

    func testTraceDetail_AnEventShowsItsKindAndValue() {
        XCTAssertEqual(TraceDetail(event: .next, value: .int(1)).description, "next(1)")
        XCTAssertEqual(TraceDetail(event: .next, value: nil).description, "next")
        XCTAssertEqual(TraceDetail(event: .completed, value: nil).description, "completed")
        XCTAssertEqual(
            TraceDetail(event: .error, value: .text("TooLarge(value: 2)")).description, "error(TooLarge(value: 2))"
        )
        XCTAssertEqual(TraceDetail(event: .next, value: .string("a")).description, "next(a)")
    }

    func testTraceDetail_OfAnEventFollowsWhetherValuesAreRecorded() {
        XCTAssertEqual(Event.next(1).traceDetail(includingElement: true).description, "next(1)")
        XCTAssertEqual(Event.next(1).traceDetail(includingElement: false).description, "next")
        XCTAssertEqual(Event<Int>.completed.traceDetail(includingElement: true).description, "completed")
        XCTAssertEqual(
            Event<Int>.error(TooLarge(value: 2)).traceDetail(includingElement: true).description,
            "error(TooLarge(value: 2))"
        )
        XCTAssertEqual(
            Event<Int>.error(TooLarge(value: 2)).traceDetail(includingElement: false).description, "error(TooLarge)"
        )
    }

    func testTraceDetail_TheValueIsTruncatedButNotTheKind() {
        let long = String(repeating: "a", count: TraceValue.maximumLength + 10)
        let detail = TraceDetail(event: .next, value: .string(long))

        let truncated = String(repeating: "a", count: TraceValue.maximumLength - 1) + "…"
        XCTAssertEqual(detail.description, "next(\(truncated))")
    }

    func testTraceDetail_FreeTextIsShownAsItIsAndNeverTruncated() {
        let time = 300
        let interpolated: TraceDetail = "at \(time)"
        let literal: TraceDetail = "tick"
        let long = String(repeating: "a", count: TraceValue.maximumLength + 10)

        XCTAssertEqual(interpolated.description, "at 300")
        XCTAssertEqual(literal.description, "tick")
        XCTAssertEqual(TraceDetail(long).description, long)
    }
}
