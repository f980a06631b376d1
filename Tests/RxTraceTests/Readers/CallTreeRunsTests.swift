@testable import RxTrace
import XCTest

/// A window's call trees read as runs of their threads' calls hold what the trees read through
/// the `parent_id`s hold; rows that do not nest as a thread's calls do are told apart, so that
/// the window is read through the `parent_id`s instead.
final class CallTreeRunsTests: XCTestCase {
    /// A call as a row: id, parent, depth, thread.
    private typealias Call = (id: Int64, parent: Int64?, depth: Int, thread: Int64)

    /// The trees under `roots` of `calls` (in id order), or `nil` when the rows break the nesting.
    private func trees(of calls: [Call], under roots: [Int64], limit: Int = 100) -> [Int64: [Int64]]? {
        var runs = CallTreeRuns<Int64>(roots: roots, limit: limit)
        var next = runs.firstID ?? 0
        for call in calls where call.id >= next {
            switch runs.add(id: call.id, parentID: call.parent, depth: call.depth, thread: call.thread, record: { call.id })
            {
            case .next: continue
            case .skip(let id): next = id
            case .done: return runs.trees
            case .broken: return nil
            }
        }
        return runs.trees
    }

    func testATreeIsItsThreadsRunOfDeeperCalls_whateverOtherThreadsDoMeanwhile() {
        // Thread 1: flow 1 (1 → 2 → 4, 1 → 5), flow 6; thread 2: flow 3 (3 → 7) in between.
        let calls: [Call] = [
            (1, nil, 0, 1), (2, 1, 1, 1), (3, nil, 0, 2), (4, 2, 2, 1), (5, 1, 1, 1), (6, nil, 0, 1), (7, 3, 1, 2),
        ]

        XCTAssertEqual(trees(of: calls, under: [1, 3, 6]), [1: [1, 2, 4, 5], 3: [3, 7], 6: [6]])
        XCTAssertEqual(trees(of: calls, under: [2]), [2: [2, 4]])
    }

    func testACallUnderTwoRoots_isInBothTrees_andEachTreeKeepsItsFirstCalls() {
        let calls: [Call] = [(1, nil, 0, 1), (2, 1, 1, 1), (3, 2, 2, 1), (4, 3, 3, 1), (5, 2, 2, 1), (6, nil, 0, 1)]

        XCTAssertEqual(trees(of: calls, under: [1, 2]), [1: [1, 2, 3, 4, 5], 2: [2, 3, 4, 5]])
        XCTAssertEqual(trees(of: calls, under: [1, 2], limit: 2), [1: [1, 2], 2: [2, 3]])
    }

    func testARootTheTraceDoesNotHave_hasAnEmptyTree() {
        let calls: [Call] = [(1, nil, 0, 1), (2, 1, 1, 1), (5, nil, 0, 1)]

        XCTAssertEqual(trees(of: calls, under: [1, 3, 5]), [1: [1, 2], 3: [], 5: [5]])
    }

    func testTheRowsBetweenTreesThatNoTreeNeeds_areSkipped() {
        var runs = CallTreeRuns<Int64>(roots: [1, 100], limit: 10)

        XCTAssertEqual("\(runs.add(id: 1, parentID: nil, depth: 0, thread: 1) { 1 })", "next")
        XCTAssertEqual("\(runs.add(id: 2, parentID: nil, depth: 0, thread: 1) { 2 })", "skip(to: 100)")
        XCTAssertEqual("\(runs.add(id: 100, parentID: nil, depth: 0, thread: 1) { 100 })", "next")
        XCTAssertEqual("\(runs.add(id: 101, parentID: nil, depth: 0, thread: 1) { 101 })", "done")
        XCTAssertEqual(runs.trees, [1: [1], 100: [100]])
    }

    func testACallWhoseParentIsNotTheOpenCallAboveIt_breaksTheNesting() {
        // Call 3 says depth 2 under call 1, whose open call at depth 1 is call 2.
        XCTAssertNil(trees(of: [(1, nil, 0, 1), (2, 1, 1, 1), (3, 1, 2, 1)], under: [1]))
        // Call 3 skips a depth.
        XCTAssertNil(trees(of: [(1, nil, 0, 1), (2, 1, 1, 1), (3, 2, 3, 1)], under: [1]))
        // Root 1's parent is its own child 2: a loop of parent_ids.
        XCTAssertNil(trees(of: [(1, 2, 1, 1), (2, 1, 2, 1)], under: [1]))
    }

    func testOnEveryExampleTrace_windowsOfCalls_readAsTheirTreesThroughTheParents() throws {
        let traces = CommittedTraces.folder
        let names = try FileManager.default.contentsOfDirectory(atPath: traces.path).filter { $0.hasSuffix(".sqlite") }
        XCTAssertFalse(names.isEmpty)
        for name in names.sorted() {
            let reader = try TraceReader(path: traces.appendingPathComponent(name).path)
            let calls = try reader.database.rows("SELECT id FROM call ORDER BY id").compactMap { $0.integer("id") }
            let roots = try reader.topLevelCalls().map(\.id)
            // Every top-level call in windows of three, and every call in windows of five
            // (windows whose roots nest and run on several threads).
            let windows = stride(from: 0, to: roots.count, by: 3).map { Array(roots[$0..<min($0 + 3, roots.count)]) }
                + stride(from: 0, to: calls.count, by: 5).map { Array(calls[$0..<min($0 + 5, calls.count)]) }
            for window in windows {
                for limit in [1, 4, 10_000] {
                    let read = try XCTUnwrap(try reader.callTrees(under: window, limit: limit), name)
                    let links = try XCTUnwrap(try reader.chainLinks(under: window, limit: limit), name)
                    for root in window {
                        let tree = try reader.callTree(under: root, limit: limit)
                        XCTAssertEqual(read[root], tree, "\(name): call #\(root), limit \(limit)")
                        XCTAssertEqual(
                            links[root], tree.filter { SubscriptionChain.isLink(stepName: $0.name) }.compactMap(\.objectID),
                            "\(name): call #\(root), limit \(limit)")
                    }
                }
            }
        }
    }
}
