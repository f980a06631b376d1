import Foundation
@testable import RxTrace
import XCTest

/// A group of objects alive at the end is written into the page's data (``HTMLLiveObjects``)
/// byte for byte as the page's encoder (``HTMLReportRenderer/jsonEncoder()``) writes it and
/// ``HTMLReportRenderer/scriptSafe(_:)`` escapes it, though its ids are written by hand: with
/// no ids, one, many, the extremes of `Int64`, with every optional holder given or none, and with
/// texts that need escaping (quotes, `<script>`'s characters, an `"objectIDs":[]` of their own).
final class HTMLLiveObjectsTests: RxTraceTestCase {
    /// Texts that need escaping, one of them spelling the member the ids go into.
    private let hardTexts = [
        "\"objectIDs\":[]", "</script><b>&amp;</b> \u{2028}\u{2029}", "\\back\\ /slash/ e\u{301} 😀", "",
    ]

    private func assertWrittenAsTheEncoderWrites(
        _ group: LiveObjectGroup, _ context: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let encoder = HTMLReportRenderer.jsonEncoder()
        XCTAssertEqual(
            try HTMLLiveObjects.json(of: group, encoder: encoder),
            HTMLReportRenderer.scriptSafe(try encoder.encode(group)), context, file: file, line: line)
    }

    func testGroupsOfEveryIdCount_areWrittenAsTheEncoderWritesThem() throws {
        let idLists: [[Int64]] = [
            [], [0], [7], [2, 4, 6, 8, 10, 600_000], [.max, .min, -1, 0, 1, -10, 10, 99, 100, -100],
            Array(1...5_000),
        ]
        for ids in idLists {
            try assertWrittenAsTheEncoderWrites(
                LiveObjectGroup(typeName: "AnonymousObserver<Int>", objectIDs: ids, createdIn: ["main.swift:218"]),
                "\(ids.count) ids")
        }
    }

    func testGroupsWithEveryHolderAndHardTexts_areWrittenAsTheEncoderWritesThem() throws {
        let holders: [LiveObjectHolder?] = [
            nil, LiveObjectHolder(subscriptionIDs: [1, 3]),
            LiveObjectHolder(
                pendingWork: PendingWork(scheduler: hardTexts[1], scheduledBy: hardTexts[0]), madeIn: hardTexts[2]),
        ]
        for (index, holder) in holders.enumerated() {
            for text in hardTexts {
                try assertWrittenAsTheEncoderWrites(
                    LiveObjectGroup(
                        typeName: text, objectIDs: [5, 9], createdIn: [text, hardTexts[0]], verdict: .pendingScheduledWork,
                        holder: holder),
                    "holder \(index), text \(text.debugDescription)")
            }
        }
    }

    func testDecimalList_writesEachIdAsSwiftPrintsIt_separatedByCommas() {
        XCTAssertEqual(HTMLLiveObjects.decimalList([]), "")
        XCTAssertEqual(HTMLLiveObjects.decimalList([0, 10, -3]), "0,10,-3")
        XCTAssertEqual(
            HTMLLiveObjects.decimalList([.max, .min]), "\(Int64.max),\(Int64.min)")
    }
}
