@testable import RxTrace
import XCTest

final class StaticTextTests: XCTestCase {
    func testStaticText_readsBackTheLiteralItWasMadeFrom() {
        XCTAssertEqual(StaticText("Sink.forwardOn").description, "Sink.forwardOn")
        XCTAssertEqual(StaticText(#fileID).description, "RxTraceTests/StaticTextTests.swift")
        XCTAssertEqual(StaticText("").description, "")
    }

    func testStaticText_oneScalarLiteralStoredWithoutAnAddress_readsBackItsScalar() {
        let scalar: StaticString = "é"
        XCTAssertEqual(StaticText(scalar).description, "é")
    }

    func testStaticText_sameLiteral_isTheSameKey_otherLiterals_differ() {
        let name: StaticString = "Map.run"
        XCTAssertEqual(StaticText(name), StaticText(name))
        XCTAssertNotEqual(StaticText("Map.run"), StaticText("Filter.run"))
    }
}
