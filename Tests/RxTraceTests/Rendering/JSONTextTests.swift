@testable import RxTrace
import XCTest

/// RxTrace's JSON: snake_case keys in every command, acronyms kept whole, and one quoting.
final class JSONTextTests: XCTestCase {
    func testKeys_areTheSchemasSnakeCase_withAcronymsKeptWhole() {
        XCTAssertEqual(JSONText.snakeCase("observerObjectID"), "observer_object_id")
        XCTAssertEqual(JSONText.snakeCase("objectIDs"), "object_ids")
        XCTAssertEqual(JSONText.snakeCase("virtualTS"), "virtual_ts")
        XCTAssertEqual(JSONText.snakeCase("hasTrailingSQL"), "has_trailing_sql")
        XCTAssertEqual(JSONText.snakeCase("resourcesTotalEnd"), "resources_total_end")
        XCTAssertEqual(JSONText.snakeCase("flows"), "flows")
    }

    func testKeys_readBackIntoTheSwiftNames() {
        for name in ["observerObjectID", "objectIDs", "virtualTS", "hasTrailingSQL", "resourcesTotalEnd", "flows"] {
            XCTAssertEqual(JSONText.camelCase(JSONText.snakeCase(name)), name)
        }
    }

    func testAReport_roundTripsThroughTheEncoderAndDecoder() throws {
        let report = LeakReport(resourcesTotalStart: 1, resourcesTotalEnd: 2, openSubscriptions: [], liveObjects: [
            LiveObjectGroup(typeName: "PublishSubject<Int>", objectIDs: [3, 4], createdIn: ["outside any subscribe"])
        ])

        let json = String(decoding: try JSONText.encoder().encode(report), as: UTF8.self)

        XCTAssertTrue(json.contains("\"object_ids\""), json)
        XCTAssertTrue(json.contains("\"resources_total_start\""), json)
        XCTAssertEqual(try JSONText.decoder().decode(LeakReport.self, from: Data(json.utf8)), report)
    }

    func testQuoted_escapesQuotesBackslashesAndControlCharacters() {
        XCTAssertEqual(JSONText.quoted("plain"), "\"plain\"")
        XCTAssertEqual(JSONText.quoted("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"")
    }
}
