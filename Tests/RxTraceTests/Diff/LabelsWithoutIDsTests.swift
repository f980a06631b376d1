@testable import RxTrace
import XCTest

/// A diff strips each label through ``LabelsWithoutIDs``, which remembers a label by what is left
/// without its last object id: whatever it remembers, each label strips as
/// ``TraceDiffer/withoutIDs(_:)`` strips it alone.
final class LabelsWithoutIDsTests: XCTestCase {
    func testEveryLabel_stripsAsWithoutIDsDoes_inAnyOrder() {
        let labels = [
            "MapSink.on(.next(1)) [MapSink<…> #5]", "MapSink.on(.next(2)) [MapSink<…> #12]",
            "MapSink.on(.next(1)) [MapSink<…>]", "init Just<Int> #1", "init Just<Int> #22", "init Just<Int>",
            "a #1]", "a]", "a #1", "a", "x #45 #123]", "x  #2]", "x # #5]", "x #]", "#5]", " #5]", " #5", "#",
            "Bag.insert(key 0, observer #4)", "Bag.insert(key 0, observer #7)", "ObserverBase.on(.error(Failure #3)) [Sink #9]",
            "ObserverBase.on(.next(\"é #1\")) [Observer<Ünïcode> #2]", "ObserverBase.on(.next(\"é #1\")) [Observer<Ünïcode> #3]",
            "", "]", "12]", "a #12b]",
            // The same label in other code points (a Kelvin sign for the K, a decomposed é): keys
            // of plain text meet keys of other text.
            "init Kelvin #1", "init \u{212A}elvin #2", "Café.on [Caf\u{E9} #3]", "Café.on [Cafe\u{301} #4]",
        ]
        for label in labels {
            let (kept, isBeforeBracket) = LabelsWithoutIDs.withoutLastObjectNumberAndBracket(label)
            var bytes = label
            let fromBytes = bytes.withUTF8 { LabelsWithoutIDs.withoutLastObjectNumberAndBracket(bytes: $0) }
            XCTAssertEqual(fromBytes.keptCount, kept.utf8.count, label)
            XCTAssertEqual(fromBytes.isBeforeBracket, isBeforeBracket, label)
        }
        for order in [labels, labels.reversed()] {
            var stripped = LabelsWithoutIDs()
            for label in order + order {
                XCTAssertEqual(stripped.strip(label), TraceDiffer.withoutIDs(label), label)
            }
        }
    }

    func testALabelEndingInAnObjectID_isKeyedWithoutIt_andKeepsItsClosingBracket() {
        XCTAssertEqual(LabelsWithoutIDs.withoutLastObjectNumber("Sink.dispose [MapSink<…> #5]"), "Sink.dispose [MapSink<…>]")
        XCTAssertEqual(LabelsWithoutIDs.withoutLastObjectNumber("init Just<Int> #1"), "init Just<Int>")
        XCTAssertEqual(LabelsWithoutIDs.withoutLastObjectNumber("CurrentThreadScheduler.schedule"), "CurrentThreadScheduler.schedule")
    }
}
