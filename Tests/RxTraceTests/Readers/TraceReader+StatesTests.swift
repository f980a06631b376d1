import RxCore
@testable import RxTrace
import XCTest

/// The objects' state as RxCore records it in the details of the steps that change it
/// (``TraceReader/objectStateChanges(limit:throughCall:)``): a subject's observers with their `Bag` keys,
/// a replay buffer, a `SerialDisposable`'s current inner, a shared connection's subscribers.
final class TraceReaderStatesTests: RxTraceTestCase {
    /// The calls named `name`, in order of entry.
    private func calls(_ name: String, in reader: TraceReader) throws -> [CallRecord] {
        try reader.calls(upToDepth: 1_000, limit: 100_000).filter { $0.name == name }
    }

    /// The one object whose type starts with `type`.
    private func object(_ type: String, in reader: TraceReader) throws -> ObjectRecord {
        let objects = try reader.objects()
        let matching = objects.filter { $0.typeName.hasPrefix(type) }
        XCTAssertEqual(matching.count, 1, "one \(type) in \(objects.map(\.label))")
        return try XCTUnwrap(matching.first)
    }

    func testASubjectsObservers_areListedWithTheirBagKeys_fromSubscribeToUnsubscribeAndStop() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let first = subject.subscribe(onNext: { _ in })
            let second = subject.subscribe(onNext: { _ in })
            first.dispose()
            subject.onCompleted()
            second.dispose()
        }
        let subject = try object("PublishSubject", in: reader).id
        let observers = try reader.objects().filter { $0.typeName.hasPrefix("AnonymousObserver") }.map(\.label)
        XCTAssertEqual(observers.count, 2)
        let inserts = try calls("Bag.insert", in: reader)
        XCTAssertEqual(inserts.map(\.detail), ["key 0, observer #\(observers[0].split(separator: "#")[1])", "key 1, observer #\(observers[1].split(separator: "#")[1])"])
        XCTAssertEqual(inserts[0].label, "Bag.insert(key 0, observer #\(observers[0].split(separator: "#")[1]))", "words, not an event, in the flow")

        let afterSecond = try XCTUnwrap(try reader.objectStates(atCall: inserts[1].id)[subject])
        XCTAssertEqual(afterSecond.lines, ["observers: key 0 → \(observers[0]), key 1 → \(observers[1])"])

        let unsubscribe = try XCTUnwrap(try calls("PublishSubject.synchronized_unsubscribe", in: reader).first)
        XCTAssertEqual(unsubscribe.detail, "key 0")
        XCTAssertEqual(try reader.objectStates(atCall: unsubscribe.id)[subject]?.lines, ["observers: key 1 → \(observers[1])"])

        let stop = try XCTUnwrap(try calls("PublishSubject.synchronized_on", in: reader).first { $0.detail == "completed" })
        XCTAssertEqual(try reader.objectStates(atCall: stop.id)[subject]?.lines, ["observers: none"], "a stop event releases every observer")
    }

    func testTheChangesThroughACall_areTheChangesUpToIt_ofTheFirstLimitSteps() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscriptions = (0..<20).map { _ in subject.subscribe(onNext: { _ in }) }
            for subscription in subscriptions.prefix(5) { subscription.dispose() }
            subject.onCompleted()
        }
        let every = try reader.objectStateChanges(limit: .max)
        XCTAssertGreaterThanOrEqual(every.count, 26, "20 inserts, 5 unsubscribes, the stop")
        for call in every.map(\.callID) + [0, every[7].callID + 1, .max] {
            for limit in [1, 12, 26, 1_000] {
                XCTAssertEqual(
                    try reader.objectStateChanges(limit: limit, throughCall: call),
                    Array(every.prefix(limit).filter { $0.callID <= call }), "through call \(call), limit \(limit)")
            }
        }
    }

    func testASubjectWithManyObservers_listsTheFirstEight_andCountsThemAll_asTheyComeAndGo() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscriptions = (0..<300).map { _ in subject.subscribe(onNext: { _ in }) }
            for subscription in subscriptions.prefix(3) + subscriptions.suffix(290) { subscription.dispose() }
            subject.onCompleted()
        }
        let subject = try object("PublishSubject", in: reader).id
        let inserts = try calls("Bag.insert", in: reader)
        let unsubscribes = try calls("PublishSubject.synchronized_unsubscribe", in: reader)
        XCTAssertEqual(inserts.count, 300)
        XCTAssertEqual(unsubscribes.count, 293)

        let full = try XCTUnwrap(try reader.objectStates(atCall: inserts[299].id)[subject])
        XCTAssertEqual(full.observers?.map(\.key), Array(0..<8))
        XCTAssertEqual(full.observerCount, 300)
        XCTAssertTrue(try XCTUnwrap(full.lines.first).hasSuffix(", … 292 more"), "\(full.lines)")
        // The first three gone: the list starts at key 3.
        let afterThree = try XCTUnwrap(try reader.objectStates(atCall: unsubscribes[2].id)[subject])
        XCTAssertEqual(afterThree.observers?.map(\.key), Array(3..<11))
        XCTAssertEqual(afterThree.observerCount, 297)
        // All but keys 3 to 9 gone: seven left, listed, none more.
        let seven = try XCTUnwrap(try reader.objectStates(atCall: unsubscribes[292].id)[subject])
        XCTAssertEqual(seven.observers?.map(\.key), Array(3..<10))
        XCTAssertEqual(seven.observerCount, 7)
        XCTAssertFalse(try XCTUnwrap(seven.lines.first).contains("more"), "\(seven.lines)")
        let stop = try XCTUnwrap(try calls("PublishSubject.synchronized_on", in: reader).first { $0.detail == "completed" })
        XCTAssertEqual(try reader.objectStates(atCall: stop.id)[subject]?.lines, ["observers: none"])
    }

    func testAReplaySubjectsBuffer_fillsUpToItsSize_andASubscriberIsToldWhatItIsReplayed() throws {
        let reader = try recordedTrace {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            subject.onNext(1)
            subject.onNext(2)
            let subscription = subject.subscribe(onNext: { _ in })
            subject.onNext(3)
            subject.onNext(4)
            subscription.dispose()
        }
        let subject = try object("ReplayMany", in: reader).id
        XCTAssertEqual(try calls("ReplaySubject.create", in: reader).map(\.detail), ["buffer size 3"])
        let subscribe = try XCTUnwrap(try calls("ReplaySubject.synchronized_subscribe", in: reader).first)
        XCTAssertEqual(subscribe.detail, "replays 2, buffer 2 of 3")
        XCTAssertEqual(try reader.objectStates(atCall: subscribe.id)[subject]?.buffer, ObjectState.Buffer(count: 2, size: 3))

        let sends = try calls("ReplaySubject.synchronized_on", in: reader)
        XCTAssertEqual(sends.count, 4)
        XCTAssertEqual(try reader.objectStates(atCall: sends[0].id)[subject]?.lines, ["buffer 1 of 3"], "before any subscriber")
        let last = try XCTUnwrap(try reader.objectStates(atCall: sends[3].id)[subject])
        XCTAssertEqual(last.buffer, ObjectState.Buffer(count: 3, size: 3), "the oldest element trimmed")
        XCTAssertEqual(last.observers?.map(\.key), [0])
    }

    func testASerialDisposable_showsItsCurrentInner_andThatAssigningDisposedThePrevious() throws {
        var ids: [String] = []
        let reader = try recordedTrace {
            let serial = SerialDisposable()
            let first = BooleanDisposable()
            let second = CompositeDisposable()
            serial.disposable = first
            serial.disposable = second
            serial.dispose()
            ids = [first, second].map { Instrumentation.traceName(of: $0) }
        }
        let serial = try object("SerialDisposable", in: reader).id
        let sets = try calls("SerialDisposable.disposable.set", in: reader)
        XCTAssertEqual(sets.map(\.detail), ["inner \(ids[0])", "inner \(ids[1]), disposes \(ids[0])"])

        let composite = try object("CompositeDisposable", in: reader)
        XCTAssertEqual(try reader.objectStates(atCall: sets[1].id)[serial]?.lines, ["current inner \(composite.label)"])
        let dispose = try XCTUnwrap(try calls("SerialDisposable.dispose", in: reader).first)
        XCTAssertEqual(try reader.objectStates(atCall: dispose.id)[serial]?.inner, .disposed)
    }

    func testARefCount_countsItsSubscribers_andConnectsForTheFirstAndDisconnectsAfterTheLast() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: 2)
            let first = shared.subscribe(onNext: { _ in })
            let second = shared.subscribe(onNext: { _ in })
            first.dispose()
            second.dispose()
        }
        let refCount = try object("RefCount<", in: reader).id
        let runs = try calls("RefCountSink.run", in: reader)
        XCTAssertEqual(runs.map(\.detail), ["refcount 1, connects", "refcount 2"])
        XCTAssertEqual(try reader.objectStates(atCall: runs[1].id)[refCount]?.lines, ["2 subscribers, connected"])

        let leaves = try calls("RefCountSink.unsubscribe", in: reader)
        XCTAssertEqual(leaves.map(\.detail), ["refcount 1", "refcount 0, disconnects"])
        XCTAssertEqual(try reader.objectStates(atCall: leaves[1].id)[refCount]?.lines, ["0 subscribers, disconnected"])
    }

    func testAShareReplayConnection_holdsItsSubscribersAndTheLatestElement_untilTheLastLeaves() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: 1)
            let first = shared.subscribe(onNext: { _ in })
            subject.onNext(1)
            let late = shared.subscribe(onNext: { _ in })
            first.dispose()
            late.dispose()
        }
        let connection = try object("ShareReplay1WhileConnectedConnection", in: reader).id
        let subscribes = try calls("ShareReplay1WhileConnectedConnection.synchronized_subscribe", in: reader)
        XCTAssertEqual(subscribes.map(\.detail), ["replays 0, buffer 0 of 1", "replays 1, buffer 1 of 1"])
        let lateInsert = try XCTUnwrap(try calls("Bag.insert", in: reader).last { $0.parentID == subscribes[1].id })
        let joined = try XCTUnwrap(try reader.objectStates(atCall: lateInsert.id)[connection])
        XCTAssertEqual(joined.observers?.map(\.key), [0, 1])
        XCTAssertEqual(joined.buffer, ObjectState.Buffer(count: 1, size: 1))
        XCTAssertEqual(joined.isConnected, true)

        let leaves = try calls("ShareReplay1WhileConnectedConnection.synchronizedUnsubscribe", in: reader)
        XCTAssertEqual(leaves.map(\.detail), ["key 0", "key 1"])
        let left = try XCTUnwrap(try reader.objectStates(atCall: leaves[1].id)[connection])
        XCTAssertEqual(left.observers, [])
        XCTAssertEqual(left.isConnected, false)
    }

    func testAnUnsubscribesKey_isNoEventSentToTheSubject() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            subscription.dispose()
        }
        let subject = try object("PublishSubject", in: reader).id

        let sends = try reader.eventSends(toAnyOf: [subject], after: 0, limit: 10)

        XCTAssertEqual(sends.count, 0, sends.first.first?.label ?? "")
    }

    func testThePagesWalkthrough_holdsEachStateChangeAtTheMomentOfItsCall() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }
        let subject = try object("PublishSubject", in: reader).id
        let insert = try XCTUnwrap(try calls("Bag.insert", in: reader).first)
        let insertMoment = try XCTUnwrap(try reader.moments(limit: 10_000).firstIndex { $0.kind == .call && $0.id == insert.id })

        let walkthrough = try HTMLReport(reader: reader, sources: SourceFiles(root: nil)).walkthrough

        let states = stride(from: 0, to: walkthrough.states.count, by: 3).map {
            (moment: Int(walkthrough.states[$0]), object: walkthrough.states[$0 + 1],
             text: walkthrough.stateTexts[Int(walkthrough.states[$0 + 2])])
        }
        let observer = try object("AnonymousObserver", in: reader)
        XCTAssertEqual(states.count, 2, "\(states)")
        XCTAssertEqual(states[0].moment, insertMoment)
        XCTAssertEqual(states[0].object, subject)
        XCTAssertEqual(states[0].text, "observers: key 0 → \(observer.label)")
        XCTAssertEqual(states[1].text, "observers: none", "after the dispose")
        XCTAssertGreaterThan(states[1].moment, states[0].moment)
    }
}
