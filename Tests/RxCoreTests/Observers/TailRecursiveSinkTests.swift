@testable import RxCore
import RxTesting
import Synchronization
import XCTest

/// A recorder that keeps each step's name with its depth in the call flow: how many steps were
/// open when it started.
private final class DepthRecorder: TraceRecorder {
    struct Step: Equatable {
        var name: String
        var depth: Int
    }

    struct State {
        var lastID: Int64 = 0
        var depth = 0
        var steps: [Step] = []
    }

    let state = LockedState(State())

    var isRecordingValues: Bool { false }

    /// The depths of the steps called `name`, in order.
    func depths(of name: String) -> [Int] {
        state.withLock { $0.steps.filter { $0.name == name }.map(\.depth) }
    }

    private func nextID() -> Int64 {
        state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
    }

    func objectInitialized(_ type: Any.Type) -> ObjectID { ObjectID(rawValue: nextID()) }
    func objectDeinitialized(_ object: ObjectID) {}

    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID {
        state.withLock { state in
            state.steps.append(Step(name: "\(name)", depth: state.depth))
            state.depth += 1
            state.lastID += 1
            return CallID(rawValue: state.lastID)
        }
    }

    func callExited(_ call: CallID) {
        state.withLock { $0.depth -= 1 }
    }

    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {}
    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        SubscriptionID(rawValue: nextID())
    }
    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {}
    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {}
    func objectDisposed(_ object: ObjectID) {}
}

/// Checks the shape of the call flow `TailRecursiveSink` records: its moves to the next source
/// run one after another at the same depth, never inside each other.
///
/// Installs a ``DepthRecorder`` for each test and puts the leak check's recorder back
/// afterwards; meanwhile the leak check relies on `Resources.total`.
final class TailRecursiveSinkTests: RxCoreTestCase {
    private var recorder: DepthRecorder!
    private var previousRecorder: (any TraceRecorder)?

    override func setUp() {
        super.setUp()
        previousRecorder = Instrumentation.recorder
        recorder = DepthRecorder()
        Instrumentation.bootstrapInternal(recorder)
    }

    override func tearDown() {
        Instrumentation.bootstrapInternal(previousRecorder)
        previousRecorder = nil
        recorder = nil
        super.tearDown()
    }

    func testTailRecursiveSink_SourcesEndingWhileSubscribed_MoveOnAtTheSameDepth() {
        let observer = EventRecorder<Int>()

        _ = Observable.concat((1...5).map { Observable.just($0) }).subscribe(observer)

        XCTAssertEqual(observer.events, [.next(1), .next(2), .next(3), .next(4), .next(5), .completed])
        let depths = recorder.depths(of: "TailRecursiveSink.moveNext")
        XCTAssertEqual(depths.count, 6, "one move per source, and one that finds none left")
        XCTAssertEqual(Set(depths).count, 1, "moves nest: \(depths)")
    }

    func testTailRecursiveSink_NestedConcat_IsWalkedWithoutRunningIt() {
        let observer = EventRecorder<Int>()
        let nested = Observable.just(1).concat(Observable.just(2).concat(Observable.just(3)))

        _ = nested.subscribe(observer)

        XCTAssertEqual(observer.events, [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(recorder.depths(of: "Concat.run").count, 1, "the inner concat was subscribed")
        XCTAssertEqual(recorder.depths(of: "ConcatSink.on").count, 6)
    }

    func testTailRecursiveSink_SynchronousRetries_MoveOnAtTheSameDepth() {
        let observer = EventRecorder<Int>()

        _ = Observable<Int>.error(TestError.boom).retry(4).subscribe(observer)

        XCTAssertEqual(observer.events, [.error(TestError.boom)])
        let depths = recorder.depths(of: "TailRecursiveSink.moveNext")
        XCTAssertEqual(depths.count, 5, "four attempts, and one move that finds none left")
        XCTAssertEqual(Set(depths).count, 1, "moves nest: \(depths)")
    }
}
