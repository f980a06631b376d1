import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The leak finder tells identical open subscriptions apart by integers (``LeakKinds``) and
/// writes out only the first of each kind in full: the summary it counts so is the summary of
/// the full report, whose every finding is written out and grouped by its key.
final class LeakKindsTests: RxTraceTestCase {
    func testSummaryCountedByKinds_isTheSummaryOfTheFullReport_onEveryCommittedTrace() throws {
        var kinds = 0
        for trace in try CommittedTraces.all() {
            let finder = LeakFinder(reader: try TraceReader(path: trace.path))
            let report = try finder.report()

            let summary = try finder.summary()

            XCTAssertEqual(summary, LeakSummary(report), trace.lastPathComponent)
            kinds += summary.identicalLeaks.count
        }
        XCTAssertGreaterThanOrEqual(kinds, 3, "the committed traces leak subscriptions of three kinds")
    }

    func testTheFirstFindingsHandedOverInFull_areTheFullReportsFirst() throws {
        for trace in try CommittedTraces.all() {
            let finder = LeakFinder(reader: try TraceReader(path: trace.path))
            let report = try finder.report()
            var first: [OpenSubscription] = []

            let summary = try finder.summaryCollectingLiveObjects(inFullFirst: 2) { first.append($0) }

            XCTAssertEqual(first, Array(report.openSubscriptions.prefix(2)), trace.lastPathComponent)
            XCTAssertEqual(summary, LeakSummary(report), trace.lastPathComponent)
        }
    }

    func testManySubscriptionsOfAFewKinds_areCountedAsTheFullReportGroupsThem() throws {
        // Two subscribe lines, two sources of different types, a chain through `map` built at
        // one line: four kinds, each found many times, interleaved.
        var subjects: (numbers: PublishSubject<Int>, words: PublishSubject<String>)?
        let reader = try recordedTrace {
            let numbers = PublishSubject<Int>()
            let words = PublishSubject<String>()
            subjects = (numbers, words)
            for index in 0..<40 {
                if index % 2 == 0 {
                    _ = numbers.subscribe(onNext: { _ in })
                    _ = numbers.map { $0 + 1 }.subscribe(onNext: { _ in })
                } else {
                    _ = words.subscribe(onNext: { _ in })
                    _ = words.map { $0 + "!" }.subscribe(onNext: { _ in })
                }
            }
        }
        defer {
            subjects?.numbers.onCompleted()
            subjects?.words.onCompleted()
        }
        let finder = LeakFinder(reader: reader)
        let report = try finder.report()

        let summary = try finder.summary()

        XCTAssertEqual(summary, LeakSummary(report))
        XCTAssertEqual(summary.identicalLeaks.map(\.count), [20, 20, 20, 20])
    }

    func testManySubscriptionsOfATypeNamedInOtherCharacters_areCountedAsTheFullReportGroupsThem() throws {
        var subject: PublishSubject<Größe>?
        let reader = try recordedTrace {
            let sizes = PublishSubject<Größe>()
            subject = sizes
            for _ in 0..<12 {
                _ = sizes.subscribe(onNext: { _ in })
            }
        }
        defer { subject?.onCompleted() }
        let finder = LeakFinder(reader: reader)
        let report = try finder.report()

        let summary = try finder.summary()

        XCTAssertEqual(summary, LeakSummary(report))
        XCTAssertEqual(summary.identicalLeaks.map(\.count), [12])
    }

    func testAnElementOfAnASCIILabel_hasTheShapeOfItsTypeAndBuildSite_whateverItsID() {
        var kinds = LeakKinds()
        let built = Assembly(name: "map", file: "App/Main.swift", line: 7)

        let first = kinds.shape(of: object(2, "Map<Int, Int>", built), isLink: true)
        let second = kinds.shape(of: object(5, "Map<Int, Int>", built), isLink: true)
        let elsewhere = kinds.shape(of: object(8, "Map<Int, Int>", Assembly(name: "map", file: "App/Main.swift", line: 9)), isLink: true)
        let notALink = kinds.shape(of: object(11, "Map<Int, Int>", built), isLink: false)

        XCTAssertEqual(first, second)
        XCTAssertNotEqual(first, elsewhere)
        XCTAssertNotEqual(first, notALink)
    }

    func testAnElementOfAnyOtherLabel_isSharedWithNone_andItsIdentityIsNeverRemembered() {
        // LeakRules.withoutIDs cuts such a label into characters, where the id need not be a
        // word of its own: its subscription's key is always written out.
        var kinds = LeakKinds()
        let shape = kinds.shape(of: object(2, "Größe<Int>", nil), isLink: true)
        let identity: [Int32] = [1, 2, 1, shape, 0]

        let first = kinds.kind(of: identity, key: "a")

        XCTAssertEqual(shape, LeakKinds.unshared)
        XCTAssertTrue(first.isNew)
        XCTAssertNil(kinds.kind(of: identity), "its next subscription is written out, and kept by its key")
        XCTAssertEqual(kinds.kind(of: identity, key: "a").kind, first.kind)
    }

    func testSubscriptionsOfOneIdentity_takeTheKindOfTheirKey_andKeysDecideKinds() {
        var kinds = LeakKinds()

        let first = kinds.kind(of: [1, 2, 3], key: "a")
        let sameKey = kinds.kind(of: [1, 2, 4], key: "a")
        let other = kinds.kind(of: [5], key: "b")

        XCTAssertEqual(first.kind, 0)
        XCTAssertTrue(first.isNew)
        XCTAssertEqual(sameKey.kind, 0, "another identity of the same key is the same kind")
        XCTAssertFalse(sameKey.isNew)
        XCTAssertEqual(other.kind, 1)
        XCTAssertEqual(kinds.kind(of: [1, 2, 4]), 0)
        XCTAssertNil(kinds.kind(of: [9]))
    }

    private func object(_ id: Int64, _ typeName: String, _ assembly: Assembly?) -> ObjectRecord {
        ObjectRecord(id: id, typeName: typeName, startNanoseconds: 0, endNanoseconds: nil, callID: nil, assembly: assembly)
    }
}

/// A type whose name is not ASCII.
private struct Größe {}
