@testable import RxTrace
import XCTest

/// A flow prints as a tree whose locations line up in one column, counted in characters
/// whatever the labels hold.
final class FlowTreeRendererTests: XCTestCase {
    func testLocationsLineUp_countingCharactersNotBytes_afterTheWidestLine_andControlCharactersAreEscaped() {
        let flow = Flow(
            number: 1, title: "t", threadName: "main",
            steps: [
                FlowStep(kind: .call, depth: 0, label: "on(.next(é))", location: "A.swift:1", callID: 1),
                FlowStep(kind: .call, depth: 1, label: "x", location: "B.swift:2", callID: 2),
                FlowStep(kind: .`init`, depth: 1, label: "init Y\n #3", objectID: 3),
            ])

        XCTAssertEqual(
            FlowTreeRenderer().render(flow),
            """
            Flow 1 · t · thread main
            └─ on(.next(é))    A.swift:1
               ├─ x            B.swift:2
               └─ init Y\\n #3
            """
        )
    }

    func testALabelWiderThanTheLimit_pushesOnlyItsOwnLocationRight() {
        let long = String(repeating: "a", count: FlowTreeRenderer.maximumLabelWidth)
        let flow = Flow(
            number: 2, title: "t", threadName: "T1",
            steps: [
                FlowStep(kind: .call, depth: 0, label: "😀", location: "A.swift:1", callID: 1),
                FlowStep(kind: .call, depth: 1, label: long, location: "B.swift:2", callID: 2),
            ])
        let lines = FlowTreeRenderer().render(flow).split(separator: "\n").map(String.init)

        XCTAssertEqual(lines[1], "└─ 😀" + String(repeating: " ", count: FlowTreeRenderer.maximumLabelWidth - 4) + "  A.swift:1")
        XCTAssertEqual(lines[2], "   └─ " + long + "  B.swift:2")
    }

    func testAPlainLabelsWidth_isItsScalarCount_andAnyOtherLabelIsLeftToStringToCount() {
        XCTAssertEqual(FlowTreeRenderer.plainWidth(ArraySlice("MapSink<…> #5 → runs in Flow 2".utf8)), 30)
        XCTAssertEqual(FlowTreeRenderer.plainWidth(ArraySlice("".utf8)), 0)
        // A combining accent joins the letter before it; other letters are left to `String`.
        XCTAssertNil(FlowTreeRenderer.plainWidth(ArraySlice("e\u{301}".utf8)))
        XCTAssertNil(FlowTreeRenderer.plainWidth(ArraySlice("ü".utf8)))
        XCTAssertNil(FlowTreeRenderer.plainWidth(ArraySlice("👍🏽".utf8)))
    }
}
