import Foundation
import XCTest

@testable import RxTrace

/// Groups kept on disk while they wait come back as they went in, in any order.
final class LiveObjectGroupSpillTests: XCTestCase {
    /// Groups of every verdict and kind of holder, names and places of several bytes per
    /// character, more than a chunk (1 MiB) of them.
    private let groups: [LiveObjectGroup] = (0..<6_000).map { index in
        let holders: [LiveObjectHolder?] = [
            nil, LiveObjectHolder(subscriptionIDs: [Int64(index), 7]), LiveObjectHolder(madeIn: "main"),
            LiveObjectHolder(
                pendingWork: PendingWork(
                    scheduler: "SerialDispatchQueueScheduler #3", scheduledBy: "DelaySink.on", isPeriodic: index % 2 == 0)),
        ]
        let verdicts: [LeakVerdict] = [.retaining, .pendingScheduledWork, .globalByDesign, .heldByTestHarness]
        let ids: [Int64] = (0...Int64(index % 40)).map { Int64(index) * 100 + $0 }
        let places: [String] = (0...(index % 4)).map { "in the subscribe at Génère/🚀.swift:\($0)" }
        return LiveObjectGroup(
            typeName: "Générée\(index)<Swift.Array<Int>>", objectIDs: ids, createdIn: places,
            verdict: verdicts[index % 4], holder: holders[index % 4])
    }

    private func assertEveryGroupComesBack(from spill: LiveObjectGroupSpill) throws {
        var numbers: [Int] = []
        // Put and taken in turns, then the rest taken backwards.
        for (index, group) in groups.enumerated() {
            numbers.append(try spill.put(group))
            if index % 3 == 0 { XCTAssertEqual(try spill.take(numbers[index / 2]), groups[index / 2]) }
        }
        for index in groups.indices.reversed() {
            XCTAssertEqual(try spill.take(numbers[index]), groups[index])
        }
    }

    func testEveryGroup_comesBackAsItWentIn() throws {
        try assertEveryGroupComesBack(from: LiveObjectGroupSpill())
    }

    func testWithoutAWritableDirectory_theGroupsStayInMemory_andComeBackTheSame() throws {
        try assertEveryGroupComesBack(
            from: LiveObjectGroupSpill(directory: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")))
    }
}
