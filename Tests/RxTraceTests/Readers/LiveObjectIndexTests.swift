@testable import RxTrace
import XCTest

/// The leak finder's index of live objects answers as the objects' records would: whether an
/// id is alive, and its label.
final class LiveObjectIndexTests: RxTraceTestCase {
    private func object(_ id: Int64, _ typeName: String) -> ObjectRecord {
        ObjectRecord(id: id, typeName: typeName, startNanoseconds: id, endNanoseconds: nil, callID: nil)
    }

    func testLookups_answerAsTheRecordsWould() {
        let objects = [
            object(1, "PublishSubject<Int>"), object(4, "Map<Int, Swift.Array<Swift.Dictionary<Int, Int>>>"),
            object(9, "AnonymousObserver<Int>"), object(12, "AnonymousObserver<Int>"),
        ]
        var index = LiveObjectIndex()
        for object in objects { index.add(object) }

        for object in objects {
            XCTAssertTrue(index.contains(object.id))
            XCTAssertEqual(index.label(of: object.id), object.label)
        }
        for missing: Int64 in [0, 2, 10, 13, -1, .max] {
            XCTAssertFalse(index.contains(missing))
            XCTAssertNil(index.label(of: missing))
        }
    }

    func testTypeNames_areTheRecordsOwn_unshortened_andNoneForAnObjectNotAlive() {
        let objects = [
            object(1, "PublishSubject<Int>"), object(4, "Map<Int, Swift.Array<Swift.Dictionary<Int, Int>>>"),
            object(9, "AnonymousObserver<Int>"), object(12, "AnonymousObserver<Int>"),
        ]
        var index = LiveObjectIndex()
        for object in objects { index.add(object) }

        for object in objects { XCTAssertEqual(index.typeName(of: object.id), object.typeName) }
        for missing: Int64 in [0, 2, 13] { XCTAssertNil(index.typeName(of: missing)) }
    }

    func testEachObjectsPlace_isItsRankInOrderOfID_andNoneForAnObjectNotAlive() {
        var index = LiveObjectIndex()
        for id: Int64 in [1, 4, 9, 12] { index.add(object(id, "AnonymousObserver<Int>")) }

        XCTAssertEqual(index.count, 4)
        XCTAssertEqual([1, 4, 9, 12].map { index.index(of: $0) }, [0, 1, 2, 3])
        for missing: Int64 in [0, 2, 13] { XCTAssertNil(index.index(of: missing)) }
    }

    func testARepeatedID_keepsItsFirstRow_asALookupByIDDoes() {
        var index = LiveObjectIndex()
        index.add(object(3, "PublishSubject<Int>"))
        index.add(object(3, "DisposeBag"))

        XCTAssertEqual(index.label(of: 3), "PublishSubject<Int> #3")
    }

    func testEachObjectAdded_isNumberedByItsType_inOrderOfTheTypesFirstAppearance() {
        var index = LiveObjectIndex()
        let types = [
            object(1, "PublishSubject<Int>"), object(2, "DisposeBag"), object(3, "PublishSubject<Int>"),
            object(3, "SerialDispatchQueueScheduler"), object(5, "DisposeBag"),
        ].map { index.add($0) }

        XCTAssertEqual(types, [0, 1, 0, 2, 1])
    }

    func testAnEmptyIndex_holdsNothing() {
        XCTAssertFalse(LiveObjectIndex().contains(1))
    }
}

/// The last live object of each type, which tells the leak finder that no later object can
/// join that type's groups.
final class LiveObjectIndexLastOfTypeTests: RxTraceTestCase {
    func testEachTypesLastObject_isTheGreatestIDOfThatType() {
        var index = LiveObjectIndex()
        let objects: [(Int64, String)] = [
            (1, "PublishSubject<Int>"), (2, "DisposeBag"), (4, "PublishSubject<Int>"), (7, "DisposeBag"),
            (8, "Generated1<Int>"),
        ]
        let types = objects.map { index.add(id: $0.0, typeName: $0.1) }

        XCTAssertEqual(objects.map { index.type(of: $0.0) }, types)
        XCTAssertEqual(
            objects.map { index.isLast($0.0, ofType: index.type(of: $0.0)!) }, [false, false, true, true, true])
        XCTAssertNil(index.type(of: 3), "not alive")
    }
}
