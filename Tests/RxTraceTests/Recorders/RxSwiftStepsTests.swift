import RxCore
@testable import RxTrace
import XCTest

/// The flows show the steps of RxSwift's real call path: `AnyObserver.on` inside `create`,
/// `DisposeBag.insert`, `DisposeBag.deinit` as the root of a bag's disposal, the
/// `SerialDisposable` setter that disposes `flatMapLatest`'s previous inner subscription,
/// `setDisposable`, a subject's `dispatch` and its `synchronizedUnsubscribe`.
final class RxSwiftStepsTests: RxTraceTestCase {
    /// Each flow's steps as `name` lines indented by depth (`  Sink.forwardOn`), without the
    /// objects' `init`s: the call tree as RxSwift's source reads.
    private func callTrees(of reader: TraceReader) throws -> [[String]] {
        try FlowBuilder(reader: reader).flows().map { flow in
            try flow.steps.filter { $0.kind == .call }.map { step in
                let name = try XCTUnwrap(step.callID.flatMap { try reader.call($0) }?.name)
                return String(repeating: "  ", count: step.depth) + name
            }
        }
    }

    /// The flow whose top-level step is `root`, or a failure naming the roots there are.
    private func flow(rootedAt root: String, in trees: [[String]], file: StaticString = #filePath, line: UInt = #line)
        throws -> [String]
    {
        try XCTUnwrap(trees.first { $0.first == root }, "no flow starts at \(root): \(trees.map { $0.first ?? "" })",
                      file: file, line: line)
    }

    /// Whether `tree` holds `child` right below `parent` (one level deeper, after it and before
    /// the parent's next sibling).
    private func tree(_ tree: [String], has child: String, under parent: String) -> Bool {
        for (index, line) in tree.enumerated() where line.trimmingCharacters(in: .whitespaces) == parent {
            let depth = line.prefix { $0 == " " }.count
            for below in tree[(index + 1)...] {
                let belowDepth = below.prefix { $0 == " " }.count
                if belowDepth <= depth { break }
                if belowDepth == depth + 2, below.trimmingCharacters(in: .whitespaces) == child { return true }
            }
        }
        return false
    }

    func testOnNextInsideCreate_runsThroughAnyObserverOn_intoTheSinksOn() throws {
        let reader = try recordedTrace {
            _ = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }.subscribe(onNext: { _ in })
        }

        let subscribe = try flow(rootedAt: "subscribe(onNext:onError:onCompleted:onDisposed:)", in: callTrees(of: reader))

        XCTAssertTrue(tree(subscribe, has: "AnyObserver.on", under: "AnonymousObservableSink.run"), subscribe.joined(separator: "\n"))
        XCTAssertTrue(tree(subscribe, has: "AnonymousObservableSink.on", under: "AnyObserver.on"), subscribe.joined(separator: "\n"))
    }

    func testABagReleasedWithNil_isAFlowRootedAtItsDeinit_thatDisposesAndUnsubscribes() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            var bag: DisposeBag? = DisposeBag()
            subject.subscribe(onNext: { _ in }).disposed(by: bag!)
            bag = nil
        }
        let trees = try callTrees(of: reader)

        let insert = try flow(rootedAt: "DisposeBag.insert", in: trees)
        let release = try flow(rootedAt: "DisposeBag.deinit", in: trees)

        XCTAssertEqual(insert, ["DisposeBag.insert"])
        XCTAssertEqual(release.first(where: { $0.hasPrefix("  ") }), "  DisposeBag.dispose")
        XCTAssertTrue(
            release.contains { $0.trimmingCharacters(in: .whitespaces) == "PublishSubject.synchronizedUnsubscribe" },
            release.joined(separator: "\n")
        )
        XCTAssertTrue(
            tree(release, has: "PublishSubject.synchronized_unsubscribe", under: "PublishSubject.synchronizedUnsubscribe"),
            release.joined(separator: "\n")
        )
    }

    func testFlatMapLatest_disposesThePreviousInnerThroughTheSerialDisposablesSetter() throws {
        let reader = try recordedTrace {
            let outer = PublishSubject<Int>()
            let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
            let subscription = outer.flatMapLatest { inners[$0] }.subscribe(onNext: { _ in })
            outer.onNext(0)
            outer.onNext(1)
            subscription.dispose()
        }
        let onNexts = try callTrees(of: reader).filter { $0.first == "PublishSubject.on" }

        XCTAssertEqual(onNexts.count, 2)
        let second = try XCTUnwrap(onNexts.last).map { $0.trimmingCharacters(in: .whitespaces) }
        let setter = try XCTUnwrap(second.firstIndex(of: "SerialDisposable.disposable.set"), second.joined(separator: "\n"))
        XCTAssertTrue(
            second[setter...].contains("PublishSubject.synchronizedUnsubscribe"),
            "the previous inner unsubscribed under the setter: \(second.joined(separator: "\n"))"
        )
    }

    func testASubjectsOnNext_dispatchesToItsObserversInOneStep() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let first = subject.subscribe(onNext: { _ in })
            let second = subject.subscribe(onNext: { _ in })
            subject.onNext(1)
            first.dispose()
            second.dispose()
        }

        let onNext = try flow(rootedAt: "PublishSubject.on", in: callTrees(of: reader))

        XCTAssertEqual(onNext.filter { $0 == "  dispatch" }.count, 1, onNext.joined(separator: "\n"))
        XCTAssertEqual(onNext.filter { $0 == "    ObserverBase.on" }.count, 2, onNext.joined(separator: "\n"))
    }

    func testZip_setsEachSourcesSubscriptionThroughSetDisposable() throws {
        let reader = try recordedTrace {
            _ = Observable.zip(Observable.just(1), Observable.just(2)).subscribe(onNext: { _ in })
        }

        let subscribe = try flow(rootedAt: "subscribe(onNext:onError:onCompleted:onDisposed:)", in: callTrees(of: reader))

        XCTAssertEqual(
            subscribe.filter { $0.trimmingCharacters(in: .whitespaces) == "SingleAssignmentDisposable.setDisposable" }.count, 2,
            subscribe.joined(separator: "\n")
        )
    }
}
