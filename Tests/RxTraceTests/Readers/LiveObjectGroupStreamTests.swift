@testable import RxTrace
import XCTest

/// The leak finder hands each group of objects alive at the end on as soon as it is complete,
/// and the groups come out as the grouping of every object at once lists them.
final class LiveObjectGroupStreamTests: RxTraceTestCase {
    /// An object alive at the end: its id, type, where it was made, its verdict and holder.
    private typealias Object = (id: Int64, typeName: String, place: String, verdict: LeakVerdict, holder: LiveObjectHolder?)

    /// `objects`, in order of id, through a stream, with the groups it handed on after each
    /// object; the type numbers and last objects are worked out as the leak finder's index
    /// works them out.
    private func streamed(
        _ objects: [Object], waitingGroupsHeld: Int = 4096
    ) throws -> (groups: [LiveObjectGroup], handedOnAfter: [Int]) {
        var index = LiveObjectIndex()
        let types = objects.map { index.add(id: $0.id, typeName: $0.typeName) }
        var stream = LiveObjectGroupStream(waitingGroupsHeld: waitingGroupsHeld)
        var groups: [LiveObjectGroup] = []
        var handedOnAfter: [Int] = []
        for (object, type) in zip(objects, types) {
            stream.add(
                type: type, typeName: object.typeName, id: object.id, place: object.place, verdict: object.verdict,
                holder: object.holder)
            if index.isLast(object.id, ofType: type) {
                try stream.complete(type: type) { groups.append($0) }
            }
            handedOnAfter.append(groups.count)
        }
        try stream.finish { groups.append($0) }
        return (groups, handedOnAfter)
    }

    private func grouped(_ objects: [Object]) -> [LiveObjectGroup] {
        LeakRules.groupLiveObjects(objects.map { ($0.typeName, $0.id, $0.place, $0.verdict, $0.holder) })
    }

    func testTypesOneAfterAnother_areHandedOnEachAsItsLastObjectGoesBy() throws {
        let objects: [Object] = [
            (1, "A", "top level", .retaining, nil), (2, "A", "top level", .retaining, nil),
            (3, "B", "top level", .retaining, nil), (4, "C", "in the subscribe at App/Main.swift:3", .retaining, nil),
        ]

        let (groups, handedOnAfter) = try streamed(objects)

        XCTAssertEqual(groups, grouped(objects))
        XCTAssertEqual(handedOnAfter, [0, 1, 2, 3], "one group held at a time")
    }

    func testAGroupStillOpen_holdsBackTheLaterOnes_untilItIsComplete() throws {
        let subscription = LiveObjectHolder(subscriptionIDs: [4])
        let objects: [Object] = [
            (1, "A", "top level", .retaining, nil), (2, "B", "top level", .retaining, nil),
            (3, "A", "in the subscribe at App/Main.swift:3", .retaining, subscription),
            (5, "C", "top level", .pendingScheduledWork, nil), (9, "A", "top level", .retaining, nil),
            (10, "D", "top level", .retaining, nil),
        ]

        let (groups, handedOnAfter) = try streamed(objects)

        XCTAssertEqual(groups, grouped(objects))
        XCTAssertEqual(groups.map(\.objectIDs), [[1, 9], [2], [3], [5], [10]])
        XCTAssertEqual(handedOnAfter, [0, 0, 0, 0, 4, 5], "A's first group waits for #9, and B and C behind it")
    }

    func testThousandsOfInterleavedTypes_comeOutAsTheGroupingOfAllAtOnce() throws {
        let verdicts: [LeakVerdict] = [.retaining, .pendingScheduledWork, .globalByDesign]
        let objects: [Object] = (1...6_000).map { id in
            let type = id % 7 == 0 ? id / 7 : id % 13
            return (
                Int64(id), "T\(type)<Int>", "place \(id % 5)", verdicts[id % 3],
                id % 4 == 0 ? LiveObjectHolder(subscriptionIDs: [Int64(id % 8)]) : nil
            )
        }

        XCTAssertEqual(try streamed(objects).groups, grouped(objects))
        for held in [0, 1, 50] {
            XCTAssertEqual(
                try streamed(objects, waitingGroupsHeld: held).groups, grouped(objects),
                "past \(held) waiting in memory, the rest wait on disk")
        }
    }

    func testGroupsHeldBackByATypeThatSpansTheObjects_waitOnDisk_andComeOutTheSame() throws {
        // Type A's objects come first and last; every other type's one object in between.
        let objects: [Object] =
            [(1, "A", "top level", .retaining, nil)]
            + (2...2_000).map { id in
                (Int64(id), "T\(id)<Int>", "place \(id % 3)", .retaining, LiveObjectHolder(subscriptionIDs: [Int64(id)]))
            } + [(2_001, "A", "top level", .retaining, nil)]

        let (groups, handedOnAfter) = try streamed(objects, waitingGroupsHeld: 10)

        XCTAssertEqual(groups, grouped(objects))
        XCTAssertEqual(handedOnAfter.dropLast().max(), 0, "every group waits for A's last object")
    }

    func testNoObjects_handsOnNoGroup() throws {
        XCTAssertEqual(try streamed([]).groups, [])
    }
}
