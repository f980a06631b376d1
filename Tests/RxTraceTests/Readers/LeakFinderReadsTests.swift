import Foundation
@testable import RxTrace
import XCTest

/// The leak finder's narrow reads, which select only what it uses of millions of rows, answer
/// as the full records they stand for on every committed trace (`traces/*.sqlite`): the live
/// objects' rows, which call created which object, the chains' call trees with their step
/// names (and as integers, ``ChainCall``), and the sites of the innermost subscriptions.
final class LeakFinderReadsTests: RxTraceTestCase {
    private var traces: [URL] {
        get throws { try CommittedTraces.all() }
    }

    func testLiveObjectRows_holdTheIDsTypesCreatorsAndScopesOfTheLiveObjectsRecords() throws {
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            var records: [LiveObjectRow] = []
            try reader.forEachLiveObject(pageSize: 7) { object in
                records.append(
                    LiveObjectRow(id: object.id, typeName: object.typeName, callID: object.callID, scopeID: object.scopeID))
            }
            var rows: [LiveObjectRow] = []
            try reader.forEachLiveObjectRow(pageSize: 7) { rows.append($0) }

            XCTAssertEqual(rows, records, trace.lastPathComponent)
        }
    }

    func testCreatorsOfObjects_areTheIDsAndCallsOfTheObjectsRecords() throws {
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let calls = try reader.objects().compactMap(\.callID)

            let records = try reader.objects(createdByAnyOf: calls)
            let creators = try reader.creators(ofObjectsCreatedByAnyOf: calls)

            XCTAssertEqual(creators.map(\.id), records.map(\.id), trace.lastPathComponent)
            XCTAssertEqual(creators.map(\.callID), records.map(\.callID), trace.lastPathComponent)
        }
    }

    func testCreatorsOfObjectsCreatedByWindowCalls_areTheOnesReadCallByCall() throws {
        var compared = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let roots = try reader.subscriptions().compactMap(\.callID)
            // Windows of a few subscribes' trees (whose calls lie close together), and all of them.
            for window in stride(from: 0, to: roots.count, by: 3).map({ roots[$0..<min($0 + 3, roots.count)] })
                + [roots[...]]
            {
                let trees = try XCTUnwrap(try reader.chainCallTrees(under: Array(window), limit: 10_000))
                let calls = Array(Set(trees.values.joined().map(\.id))).sorted()

                let inRange = try reader.creators(ofObjectsCreatedByWindowCalls: calls)
                let callByCall = try reader.creators(ofObjectsCreatedByAnyOf: calls)

                XCTAssertEqual(inRange.map(\.id), callByCall.map(\.id), trace.lastPathComponent)
                XCTAssertEqual(inRange.map(\.callID), callByCall.map(\.callID), trace.lastPathComponent)
                compared += callByCall.count
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    func testChainCallTrees_holdTheIDsParentsStepNamesAndObjectsOfTheFullTrees() throws {
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let roots = try reader.subscriptions().compactMap(\.callID)

            let full = try XCTUnwrap(try reader.callTrees(under: roots, limit: 10_000), trace.lastPathComponent)
            let chains = try XCTUnwrap(
                try reader.chainCallTrees(under: roots, limit: 10_000),
                trace.lastPathComponent)

            XCTAssertEqual(Set(chains.keys), Set(full.keys), trace.lastPathComponent)
            for (root, calls) in full {
                let expected = calls.map { "\($0.id) \($0.parentID ?? -1) \($0.name) \($0.objectID ?? -1)" }
                let read = (chains[root] ?? []).map { "\($0.id) \($0.parentID ?? -1) \($0.name) \($0.objectID ?? -1)" }
                XCTAssertEqual(read, expected, "\(trace.lastPathComponent), the tree under call #\(root)")
            }
        }
    }

    func testChainCalls_areTheChainCallTreesCalls_asIntegers() throws {
        var compared = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let roots = try reader.subscriptions().compactMap(\.callID)
            let steps = TraceReader.ChainStepKinds()
            // Windows of a few subscribes' trees, and all of them, and each tree cut short.
            for (window, limit) in stride(from: 0, to: roots.count, by: 3).map({
                (roots[$0..<min($0 + 3, roots.count)], 10_000)
            }) + [(roots[...], 10_000), (roots[...], 2)] {
                let trees = try XCTUnwrap(try reader.chainCallTrees(under: Array(window), limit: limit))

                let calls = try XCTUnwrap(try reader.chainCalls(under: Array(window), limit: limit, steps: steps))

                XCTAssertEqual(calls, trees.mapValues { $0.map(ChainCall.init) }, trace.lastPathComponent)
                compared += calls.values.joined().count
            }
        }
        XCTAssertGreaterThan(compared, 1_000)
    }

    func testChains_areTheSame_whetherTheirCallsAreLookedUpByScanOrThroughATable() throws {
        // A tree of more than 32 calls is looked up through tables: padded with calls no other
        // call names, a small tree's chain must not change.
        var links = 0
        var innerLinks = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let subscriptions = try reader.subscriptions()
            let steps = TraceReader.ChainStepKinds()
            let trees = try XCTUnwrap(
                try reader.chainCalls(under: subscriptions.compactMap(\.callID), limit: 10_000, steps: steps))
            for subscription in subscriptions {
                let calls = subscription.callID.flatMap { trees[$0] } ?? []
                let makers = try reader.creators(ofObjectsCreatedByAnyOf: calls.map(\.id))
                let padding = (1...40).map { ChainCall(id: -$0, parentID: nil, objectID: nil, kind: .other) }

                let scanned = SubscriptionChain(subscription: subscription, calls: calls, createdBy: makers)
                let tabled = SubscriptionChain(subscription: subscription, calls: calls + padding, createdBy: makers)

                XCTAssertEqual(scanned, tabled, "\(trace.lastPathComponent), subscription #\(subscription.id)")
                links += scanned.subscribedThrough.count
                innerLinks += scanned.innerOf.count
            }
        }
        XCTAssertGreaterThan(links, 50)
        XCTAssertGreaterThan(innerLinks, 0, "the committed traces subscribe inner chains (flatMapLatest)")
    }

    func testChainCallKinds_areLinksEventsAndOthers_byTheStepsName() {
        XCTAssertEqual(ChainCall.Kind(stepName: "subscribeSafe"), .link)
        XCTAssertEqual(ChainCall.Kind(stepName: "SwitchSink.on"), .event)
        XCTAssertEqual(ChainCall.Kind(stepName: "MergeSink.on"), .event)
        XCTAssertEqual(ChainCall.Kind(stepName: "Producer.subscribe"), .other)
        XCTAssertEqual(ChainCall.Kind(stepName: "PublishSubject.onNext"), .other)
    }

    func testSubscriptionsReadInPlaceOneAtATime_areTheSubscriptionsRecords_whileTheTraceIsReadMeanwhile() throws {
        var compared = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let records = try reader.subscriptions()
            var inPlace: [SubscriptionRecord] = []
            var readMeanwhile: [SubscriptionRecord?] = []

            try reader.forEachSubscriptionInPlace(TraceReader.subscriptionQuery + " ORDER BY subscription.id") {
                inPlace.append($0)
                readMeanwhile.append(try reader.subscription($0.id))
            }

            XCTAssertEqual(inPlace, records, trace.lastPathComponent)
            XCTAssertEqual(readMeanwhile, records, trace.lastPathComponent)
            compared += records.count
        }
        XCTAssertGreaterThan(compared, 30)
    }

    func testSubscriptionsReadInPlace_areTheSubscriptionsRecords() throws {
        var compared = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let records = try reader.subscriptions()

            let inPlace = try reader.subscriptionsInPlace(TraceReader.subscriptionQuery + " ORDER BY subscription.id", [])
            var pages: [SubscriptionRecord] = []
            var last = Int64.min
            while let page = Optional(try reader.openSubscriptions(after: last, limit: 3)), let end = page.last {
                pages += page
                last = end.id
            }

            XCTAssertEqual(inPlace, records, trace.lastPathComponent)
            XCTAssertEqual(pages, try reader.openSubscriptions(), trace.lastPathComponent)
            compared += records.count
        }
        XCTAssertGreaterThan(compared, 30)
    }

    func testObjectsReadInPlace_areTheObjectsRecords() throws {
        var compared = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let records = try reader.objects()

            let byID = try reader.objects(withIDs: records.map(\.id))

            XCTAssertEqual(byID.count, records.count, trace.lastPathComponent)
            for record in records {
                XCTAssertEqual(byID[record.id], record, "\(trace.lastPathComponent), object #\(record.id)")
            }
            compared += records.filter { $0.assembly != nil }.count
        }
        XCTAssertGreaterThan(compared, 30, "objects built by user code, with where")
    }

    func testInnermostSubscriptionSites_areTheSitesOfTheInnermostSubscriptions() throws {
        var found = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let creators = Array(Set(try reader.objects().compactMap(\.callID))).sorted()

            let subscriptions = try reader.innermostSubscriptions(enclosing: creators)
            let sites = try reader.innermostSubscriptionSites(enclosing: creators)

            XCTAssertEqual(sites.count, subscriptions.count, trace.lastPathComponent)
            for (call, subscription) in subscriptions {
                XCTAssertEqual(sites[call] ?? nil, subscription?.site, "\(trace.lastPathComponent), call #\(call)")
                if subscription != nil { found += 1 }
            }
        }
        XCTAssertGreaterThan(found, 10, "the committed traces create objects inside subscribes")
    }

    func testEnclosingSubscriptionSites_walkedUpCallByCall_areTheSitesTheRecursiveQueryFinds() throws {
        var found = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let creators = Array(Set(try reader.objects().compactMap(\.callID))).sorted()
            let everyCall = Array(1...Int64(try reader.count(.call) + 1))
            let expected = try reader.innermostSubscriptionSites(enclosing: creators + everyCall + [-1])

            // In id order, where each call's ancestors were met before it, and backwards, where
            // the innermost calls come first and their answers are remembered for their parents.
            for calls in [creators + everyCall + [-1], (creators + everyCall).reversed()] {
                var walk = EnclosingSubscriptionSites(reader: reader)
                for call in calls {
                    XCTAssertEqual(
                        try walk.site(enclosing: call), expected[call] ?? nil, "\(trace.lastPathComponent), call #\(call)")
                }
            }
            found += creators.filter { expected[$0] != nil && expected[$0]! != nil }.count
        }
        XCTAssertGreaterThan(found, 10, "the committed traces create objects inside subscribes")
    }

    func testCallsAndStartedSubscriptions_ofARange_areEachCallsOwnLookUp() throws {
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let last = try reader.count(.call)
            var sites = EnclosingSubscriptionSites.SiteTexts()
            let statement = try reader.callAndStartedSubscriptionStatement()

            let range = try reader.callsAndStartedSubscriptions(from: 0, through: Int64(last) + 1, sites: &sites)

            XCTAssertEqual(range.map(\.id), last > 0 ? Array(1...Int64(last)) : [], trace.lastPathComponent)
            for call in range {
                let one = try reader.callAndStartedSubscription(call.id, sites: &sites, reading: statement)
                XCTAssertEqual(call.parentID, one?.parentID, "\(trace.lastPathComponent), call #\(call.id)")
                XCTAssertEqual(call.started?.site, one?.started?.site, "\(trace.lastPathComponent), call #\(call.id)")
                XCTAssertEqual(
                    call.started?.subscriptionID, one?.started?.subscriptionID,
                    "\(trace.lastPathComponent), call #\(call.id)")
            }
        }
    }

    func testEnclosingSubscriptionSites_readAheadInBatches_areTheSitesTheRecursiveQueryFinds() throws {
        var readAhead = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            let creators = Array(Set(try reader.objects().compactMap(\.callID))).sorted()
            let expected = try reader.innermostSubscriptionSites(enclosing: creators)

            // Batches of creators, as the live objects' pages hand them over, and every call of
            // the trace in batches of 3, each read ahead as one range.
            let callCount = try reader.count(.call)
            let everyCall = callCount > 0 ? Array(1...Int64(callCount)) : []
            let everyExpected = try reader.innermostSubscriptionSites(enclosing: everyCall)
            for (calls, answers, size) in [(creators, expected, 256), (everyCall, everyExpected, 3)] {
                var walk = EnclosingSubscriptionSites(reader: reader)
                for start in stride(from: 0, to: calls.count, by: size) {
                    let batch = Array(calls[start..<min(start + size, calls.count)])
                    try walk.readAhead(forCalls: batch)
                    for call in batch {
                        XCTAssertEqual(
                            try walk.site(enclosing: call), answers[call] ?? nil,
                            "\(trace.lastPathComponent), call #\(call)")
                    }
                }
            }
            if let first = creators.first, let last = creators.last,
                last - first < Int64(creators.count) * EnclosingSubscriptionSites.readAheadRowsPerCall
            {
                readAhead += 1
            }
        }
        XCTAssertGreaterThan(readAhead, 3, "some committed traces' creators lie close enough to be read ahead")
    }

    func testObjectChanges_countedInOnePass_areTheChangesGroupedInSQL() throws {
        var compared = 0
        for trace in try traces {
            let reader = try TraceReader(path: trace.path)
            for width: Int64 in [1, 1_000, 1_000_000, 7_777_777, .max] {
                let onePass = try XCTUnwrap(try reader.objectChangesInOnePass(bucketWidth: width))
                let grouped = try reader.objectChangesGrouped(bucketWidth: width)

                XCTAssertEqual(onePass.inits, grouped.inits, "\(trace.lastPathComponent), width \(width)")
                XCTAssertEqual(onePass.deinits, grouped.deinits, "\(trace.lastPathComponent), width \(width)")
                compared += grouped.inits.count
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    func testObjectChanges_ofTimesThatAreNoIntegers_orOfNoWidth_areLeftToSQL() throws {
        let path = Fixture.temporaryTracePath("real-times")
        try FileManager.default.copyItem(atPath: try XCTUnwrap(try traces.first).path, toPath: path)
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.execute("UPDATE object SET start_ts = start_ts + 0.5 WHERE id = (SELECT max(id) FROM object)")
        let reader = try TraceReader(path: path)

        XCTAssertNil(try reader.objectChangesInOnePass(bucketWidth: 1_000))
        XCTAssertNil(try reader.objectChangesInOnePass(bucketWidth: 0))
        let changes = try reader.objectChanges(bucketWidth: 1_000)
        XCTAssertEqual(changes.inits, try reader.objectChangesGrouped(bucketWidth: 1_000).inits)
    }
}
