import Foundation
import XCTest

@testable import RxTrace

/// The text report's table of objects alive at the end, built a group at a time with its rows
/// on disk, says what the wording of every group at once says.
final class LiveObjectTableTests: XCTestCase {
    /// Groups in three blocks that interleave, of cells wider than the columns' limit, names of
    /// several bytes per character, and more than a chunk (1 MiB) of rows.
    private func groups(count: Int) -> [LiveObjectGroup] {
        let holders: [LiveObjectHolder?] = [nil, LiveObjectHolder(subscriptionIDs: [3, 8]), LiveObjectHolder(madeIn: "main")]
        return (0..<count).map { index in
            let typeName =
                index % 11 == 0 ? "Générée\(index)<Swift.Array<Swift.Dictionary<Int, 🚀>>>" : "T\(index)<Int>"
            let ids: [Int64] = (0...(index % 9)).map { Int64(index * 10 + $0) }
            let places: [String] = (0...(index % 5)).map { "in the subscribe at App/Main.swift:\($0)" }
            let verdict: LeakVerdict = index % 3 == 2 ? .globalByDesign : .retaining
            return LiveObjectGroup(
                typeName: typeName, objectIDs: ids, createdIn: places, verdict: verdict, holder: holders[index % 3])
        }
    }

    private func lines(of table: LiveObjectTable) throws -> [String] {
        var lines: [String] = []
        try table.forEachLine { lines.append($0) }
        return lines
    }

    func testItsLines_areTheWordingsLines_forEveryGroupAtOnce() throws {
        let groups = groups(count: 20_000)
        let table = try LiveObjectTable(groups)

        XCTAssertEqual(try lines(of: table), LeakWording.lines(forLiveObjects: groups))
    }

    func testWithoutAWritableDirectory_theRowsStayInMemory_andComeBackTheSame() throws {
        let groups = groups(count: 3_000)
        let table = LiveObjectTable(directory: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        for group in groups { try table.add(group) }

        XCTAssertEqual(try lines(of: table), LeakWording.lines(forLiveObjects: groups))
    }

    func testAnEmptyTable_hasNoLines() throws {
        let table = LiveObjectTable()

        XCTAssertTrue(table.isEmpty)
        XCTAssertEqual(try lines(of: table), [])
    }
}
