import Foundation
import RxCore
import RxTesting
import XCTest

private struct Hobby: Decodable, Equatable {
    let name: String
    let hours: Int
}

/// A decoder that counts its calls and always fails.
private final class FailingDecoder: DataDecoder {
    private(set) var calls = 0

    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
        calls += 1
        throw TestError.boom
    }
}

final class DecodeTests: RxCoreTestCase {
    private func json(_ text: String) -> Data {
        Data(text.utf8)
    }

    func testDecode_DecodesEachElementWithTheDecoder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, json(#"{"name": "chess", "hours": 3}"#)),
            .next(220, json(#"{"name": "piano", "hours": 5}"#)),
            .completed(300),
        ])

        let res = scheduler.start { xs.decode(type: Hobby.self, decoder: JSONDecoder()) }

        XCTAssertEqual(res.events, [
            .next(210, Hobby(name: "chess", hours: 3)), .next(220, Hobby(name: "piano", hours: 5)), .completed(300),
        ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testDecode_InvalidData_EndsWithTheDecodingError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, json(#"{"name": "chess", "hours": 3}"#)),
            .next(220, json(#"{"name": "piano"}"#)),
            .next(230, json(#"{"name": "golf", "hours": 1}"#)),
            .completed(300),
        ])

        let res = scheduler.start { xs.decode(type: Hobby.self, decoder: JSONDecoder()) }

        XCTAssertEqual(res.events.count, 2)
        XCTAssertEqual(res.events.first, .next(210, Hobby(name: "chess", hours: 3)))
        XCTAssertEqual(res.events.last?.time, 220)
        XCTAssertTrue(res.events.last?.value.error is DecodingError)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDecode_CustomDecoder_IsCalledOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let decoder = FailingDecoder()
        let xs = scheduler.createHotObservable([.next(210, json("{}")), .next(220, json("{}")), .completed(300)])

        let res = scheduler.start { xs.decode(type: Hobby.self, decoder: decoder) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(decoder.calls, 1)
    }

    func testDecode_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(250, TestError.boom, Data.self)])

        let res = scheduler.start { xs.decode(type: Hobby.self, decoder: JSONDecoder()) }

        XCTAssertEqual(res.events, [.error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDecode_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, json(#"{"name": "chess", "hours": 3}"#)),
            .next(260, json(#"{"name": "piano", "hours": 5}"#)),
        ])

        let res = scheduler.start(disposed: 240) { xs.decode(type: Hobby.self, decoder: JSONDecoder()) }

        XCTAssertEqual(res.events, [.next(210, Hobby(name: "chess", hours: 3))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }
}
