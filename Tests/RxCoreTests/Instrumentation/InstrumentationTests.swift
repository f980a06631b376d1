@testable import RxCore
import RxTesting
import Synchronization
import RxTrace
import XCTest

/// A recorder that keeps everything it is told in memory, under one mutex; objects, calls and
/// subscriptions are numbered separately, from 1.
private final class CollectingRecorder: TraceRecorder {
    struct Call: Equatable {
        var name: String
        var detail: String?
    }

    struct Subscription {
        var id: SubscriptionID
        var site: CallSite
        var disposable = ObjectID.none
        var end: SubscriptionEnd?
    }

    struct State {
        var lastObjectID: Int64 = 0
        var lastCallID: Int64 = 0
        var lastSubscriptionID: Int64 = 0
        var objects: [(id: ObjectID, typeName: String)] = []
        var deinitialized: [ObjectID] = []
        var disposed: [ObjectID] = []
        var calls: [Call] = []
        var events: [(kind: EventKind, source: ObjectID, observer: ObjectID)] = []
        var subscriptions: [Subscription] = []
        var subscribedThrough: [ObjectID] = []
        /// What ``isRecordingCalls`` and ``isRecordingEvents`` answer.
        var isRecordingCalls = true
        var isRecordingEvents = true
    }

    let state = LockedState(State())

    var isRecordingValues: Bool { true }

    var isRecordingCalls: Bool { state.withLock { $0.isRecordingCalls } }

    var isRecordingEvents: Bool { state.withLock { $0.isRecordingEvents } }

    /// A recorder that answers `calls` and `events` when asked whether it wants them.
    init(calls: Bool = true, events: Bool = true) {
        state.withLock { state in
            state.isRecordingCalls = calls
            state.isRecordingEvents = events
        }
    }

    func subscribedThrough(_ observable: ObjectID) {
        state.withLock { $0.subscribedThrough.append(observable) }
    }

    func objectInitialized(_ type: Any.Type) -> ObjectID {
        state.withLock { state in
            state.lastObjectID += 1
            let id = ObjectID(rawValue: state.lastObjectID)
            state.objects.append((id, String(describing: type)))
            return id
        }
    }

    func objectDeinitialized(_ object: ObjectID) {
        state.withLock { $0.deinitialized.append(object) }
    }

    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID {
        state.withLock { state in
            state.calls.append(Call(name: "\(name)", detail: detail?.description))
            state.lastCallID += 1
            return CallID(rawValue: state.lastCallID)
        }
    }

    func callExited(_ call: CallID) {}

    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {
        state.withLock { $0.events.append((kind, source, observer)) }
    }

    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        state.withLock { state in
            state.lastSubscriptionID += 1
            let id = SubscriptionID(rawValue: state.lastSubscriptionID)
            state.subscriptions.append(Subscription(id: id, site: site))
            return id
        }
    }

    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {
        state.withLock { state in
            guard let index = state.subscriptions.firstIndex(where: { $0.id == subscription }) else { return }
            state.subscriptions[index].disposable = disposable
        }
    }

    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {
        state.withLock { state in
            guard let index = state.subscriptions.firstIndex(where: { $0.id == subscription }) else { return }
            state.subscriptions[index].end = end
        }
    }

    func objectDisposed(_ object: ObjectID) {
        state.withLock { $0.disposed.append(object) }
    }
}

/// Installs a ``CollectingRecorder`` for each test and puts the leak check's recorder back
/// afterwards.
///
/// XCTest runs tests one after another, so nothing else records into it; while it is
/// installed, the leak check of these tests relies on `Resources.total`.
final class InstrumentationTests: RxCoreTestCase {
    private var recorder: CollectingRecorder!
    private var previousRecorder: (any TraceRecorder)?

    override func setUp() {
        super.setUp()
        previousRecorder = Instrumentation.recorder
        recorder = CollectingRecorder()
        Instrumentation.bootstrapInternal(recorder)
    }

    /// Installs `replacement` instead of the recorder `setUp` installed.
    private func useRecorder(_ replacement: CollectingRecorder) {
        recorder = replacement
        Instrumentation.bootstrapInternal(replacement)
    }

    override func tearDown() {
        Instrumentation.bootstrapInternal(previousRecorder)
        previousRecorder = nil
        recorder = nil
        super.tearDown()
    }

    func testInstrumentation_EmptyRecordsTheSeedFlowInOrder() {
        _ = Observable<Int>.empty().subscribe { _ in }

        let calls = recorder.state.withLock { $0.calls }
        XCTAssertEqual(calls.map(\.name), [
            "empty", "subscribe(_:)", "subscribeSafe", "Empty.subscribe", "ObserverBase.on", "AnonymousObserver.onCore",
        ])
        XCTAssertEqual(calls.first { $0.name == "ObserverBase.on" }?.detail, "completed")
    }

    func testInstrumentation_ObjectsGetSerialIDsAndADeinit() {
        _ = Observable<Int>.empty().subscribe { _ in }

        let (objects, deinitialized) = recorder.state.withLock { ($0.objects, $0.deinitialized) }
        XCTAssertEqual(objects.map(\.typeName), ["EmptyProducer<Int>", "AnonymousObserver<Int>"])
        XCTAssertEqual(objects.map(\.id.rawValue), [1, 2])
        XCTAssertEqual(Set(deinitialized), Set(objects.map(\.id)))
    }

    func testInstrumentation_SubscriptionRecordsCallSiteAndCompletion() {
        let line: UInt = #line + 1
        _ = Observable.just(1).subscribe(onNext: { _ in })

        let subscriptions = recorder.state.withLock { $0.subscriptions }
        XCTAssertEqual(subscriptions.count, 1)
        let site = LiveCallSites.location(of: subscriptions[0].site)
        XCTAssertTrue(site.file.hasPrefix("RxCoreTests/"), "\(site)")
        XCTAssertEqual(site.line, Int(line))
        XCTAssertEqual(subscriptions[0].end, .completed)
    }

    func testInstrumentation_DisposingANeverEndingSubscriptionReportsItsDisposable() {
        let subscription = Observable<Int>.never().subscribe(onNext: { _ in })
        let returned = recorder.state.withLock { $0.subscriptions.first?.disposable }
        XCTAssertNotNil(returned)
        XCTAssertTrue(returned?.isRecorded ?? false)
        XCTAssertFalse(recorder.state.withLock { $0.disposed.contains(returned!) })

        subscription.dispose()

        XCTAssertTrue(recorder.state.withLock { $0.disposed.contains(returned!) })
        XCTAssertNil(recorder.state.withLock { $0.subscriptions.first?.end }, "disposal is told through objectDisposed")
    }

    func testInstrumentation_SubjectRecordsEachDeliveryWithItsObserver() {
        let subject = PublishSubject<Int>()
        let first = subject.subscribe(onNext: { _ in })
        let second = subject.subscribe(onNext: { _ in })

        subject.onNext(1)

        let (events, objects, calls) = recorder.state.withLock { ($0.events, $0.objects, $0.calls.map(\.name)) }
        let subjectID = objects.first { $0.typeName == "PublishSubject<Int>" }!.id
        let observerIDs = objects.filter { $0.typeName == "AnonymousObserver<Int>" }.map(\.id)
        XCTAssertEqual(events.filter { $0.source == subjectID }.map(\.observer), observerIDs)
        XCTAssertTrue(calls.contains("PublishSubject.synchronized_on"))
        XCTAssertTrue(calls.contains("PublishSubject.synchronized_subscribe"))
        first.dispose()
        second.dispose()
        let callsAfterDispose = recorder.state.withLock { $0.calls.map(\.name) }
        XCTAssertTrue(callsAfterDispose.contains("PublishSubject.synchronized_unsubscribe"))
    }

    func testInstrumentation_SubjectRecordsEachDeliveryJustBeforeItsObserverRuns_AfterAnObserverLeft() {
        let subject = PublishSubject<Int>()
        let recorder = self.recorder!
        var subjectEventsSeenByObservers: [Int] = []
        let countSubjectEvents = {
            subjectEventsSeenByObservers.append(recorder.state.withLock { $0.events.filter { $0.source == subject.traceObjectID }.count })
        }
        Instrumentation.bootstrapInternal(nil)
        let unrecorded = subject.subscribe(onNext: { _ in countSubjectEvents() })
        Instrumentation.bootstrapInternal(recorder)
        let leaving = subject.subscribe(onNext: { _ in countSubjectEvents() })
        let staying = subject.subscribe(onNext: { _ in countSubjectEvents() })
        leaving.dispose()

        subject.onNext(1)

        let (events, objects) = recorder.state.withLock { ($0.events, $0.objects) }
        let observerIDs = objects.filter { $0.typeName == "AnonymousObserver<Int>" }.map(\.id)
        XCTAssertEqual(observerIDs.count, 2, "the leaving and the staying observer were recorded")
        XCTAssertEqual(
            events.filter { $0.source == subject.traceObjectID }.map(\.observer), [.none, observerIDs[1]],
            "the observer subscribed while nothing recorded has no id; the one that left gets nothing"
        )
        XCTAssertEqual(subjectEventsSeenByObservers, [1, 2], "each delivery is recorded just before its observer runs")
        unrecorded.dispose()
        staying.dispose()
    }

    func testInstrumentation_BehaviorAndAsyncSubjectsRecordEachDeliveryWithItsObserver_InOrder() {
        let behavior = BehaviorSubject(value: 0)
        let async = AsyncSubject<Int>()
        let recorder = self.recorder!
        var seen: [String] = []
        let countEvents = { (subject: ObjectID, name: String) in
            seen.append("\(name) \(recorder.state.withLock { $0.events.filter { $0.source == subject }.count })")
        }
        let behaviorFirst = behavior.subscribe(onNext: { _ in countEvents(behavior.traceObjectID, "behavior") })
        let behaviorSecond = behavior.subscribe(onNext: { _ in countEvents(behavior.traceObjectID, "behavior") })
        let asyncObserver = async.subscribe(onNext: { _ in countEvents(async.traceObjectID, "async") })

        behavior.onNext(1)
        async.onNext(7)
        async.onCompleted()

        let (events, objects) = recorder.state.withLock { ($0.events, $0.objects) }
        let observerIDs = objects.filter { $0.typeName == "AnonymousObserver<Int>" }.map(\.id)
        XCTAssertEqual(observerIDs.count, 3)
        XCTAssertEqual(
            events.filter { $0.source == behavior.traceObjectID }.map(\.observer),
            [observerIDs[0], observerIDs[1], observerIDs[0], observerIDs[1]],
            "each subscriber's current value, then the next element to both, in subscription order"
        )
        XCTAssertEqual(events.filter { $0.source == async.traceObjectID }.map(\.observer), [observerIDs[2], observerIDs[2]])
        XCTAssertEqual(events.filter { $0.source == async.traceObjectID }.map(\.kind), [.next, .completed])
        XCTAssertEqual(
            seen, ["behavior 1", "behavior 2", "behavior 3", "behavior 4", "async 1"],
            "each delivery is recorded just before its observer runs")
        behaviorFirst.dispose()
        behaviorSecond.dispose()
        asyncObserver.dispose()
    }

    func testInstrumentation_ShareRecordsEachDeliveryFromItsConnectionWithItsObserver() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let first = shared.subscribe(onNext: { _ in })
        let second = shared.subscribe(onNext: { _ in })

        subject.onNext(1)

        let (events, objects) = recorder.state.withLock { ($0.events, $0.objects) }
        let connectionID = objects.first { $0.typeName.hasPrefix("ShareReplay1WhileConnectedConnection<") }!.id
        let observerIDs = objects.filter { $0.typeName == "AnonymousObserver<Int>" }.map(\.id)
        XCTAssertEqual(events.filter { $0.source == connectionID }.map(\.observer), observerIDs)
        first.dispose()
        second.dispose()
    }

    func testInstrumentation_ASinkRecordsEveryEventItForwardsWithItsObserver() {
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })

        subject.onNext(1)
        subject.onNext(2)
        subscription.dispose()

        let (events, objects) = recorder.state.withLock { ($0.events, $0.objects) }
        let sinkID = objects.first { $0.typeName.hasPrefix("MapSink<") }!.id
        let observerID = objects.first { $0.typeName == "AnonymousObserver<Int>" }!.id
        XCTAssertEqual(events.filter { $0.source == sinkID }.map(\.observer), [observerID, observerID])
    }

    func testInstrumentation_ReplaySubjectRecordsTheReplayToTheLateObserver() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)

        let late = subject.subscribe(onNext: { _ in })

        let (events, objects) = recorder.state.withLock { ($0.events, $0.objects) }
        let subjectID = objects.first { $0.typeName == "ReplayMany<Int>" }!.id
        let observerID = objects.first { $0.typeName == "AnonymousObserver<Int>" }!.id
        let replayed = events.filter { $0.source == subjectID }
        XCTAssertEqual(replayed.map(\.observer), [observerID, observerID])
        XCTAssertEqual(replayed.map(\.kind), [.next, .next])
        late.dispose()
    }

    func testInstrumentation_TimeOperatorsRecordTheirScheduledSteps() {
        let scheduler = TestScheduler(initialClock: 0)

        _ = scheduler.start(disposed: 250) {
            Observable<Int>.interval(.seconds(20), scheduler: scheduler).delay(.seconds(5), scheduler: scheduler)
        }

        let (calls, objects) = recorder.state.withLock { ($0.calls.map(\.name), $0.objects.map(\.typeName)) }
        XCTAssertTrue(objects.contains("Timer<Int>"))
        XCTAssertTrue(objects.contains("Delay<Int>"))
        XCTAssertEqual(calls.filter { $0 == "TimerSink.tick" }.count, 2, "ticks at 220 and 240")
        XCTAssertEqual(calls.filter { $0 == "SchedulePeriodicRecursive.tick" }.count, 4, "a tick and a dispatch each")
        XCTAssertEqual(calls.filter { $0 == "DelaySink.drainQueue" }.count, 2, "drains at 225 and 245")
    }

    func testInstrumentation_CompositeDisposableReportsItsFirstDisposeOnly() {
        let composite = CompositeDisposable()

        composite.dispose()
        composite.dispose()

        let disposed = recorder.state.withLock { $0.disposed }
        XCTAssertEqual(disposed, [composite.traceObjectID])
    }

    func testInstrumentation_ARecorderWithoutCalls_GetsEachSubscribeSafeAsSubscribedThrough() {
        useRecorder(CollectingRecorder(calls: false))

        _ = Observable.just(1).map { $0 + 1 }.subscribe { _ in }

        let (calls, through, objects) = recorder.state.withLock { ($0.calls, $0.subscribedThrough, $0.objects) }
        XCTAssertEqual(calls.map(\.name), [], "no step is sent as a call")
        let typeNames = through.map { id in objects.first { $0.id == id }?.typeName }
        XCTAssertEqual(typeNames, ["Map<Int, Int>", "Just<Int>"], "the subscribe went through map, then just")
    }

    func testInstrumentation_ARecorderWithoutEvents_GetsNoEventButSeesTheSubscriptionEnd() {
        useRecorder(CollectingRecorder(events: false))

        _ = Observable.just(1).subscribe(onNext: { _ in })

        let (events, subscriptions) = recorder.state.withLock { ($0.events, $0.subscriptions) }
        XCTAssertTrue(events.isEmpty)
        XCTAssertEqual(subscriptions.map(\.end), [.completed])
    }

    func testInstrumentation_ReloadDetail_ReadsTheInstalledRecordersAnswersAgainWithoutCountingAnInstallation() {
        useRecorder(CollectingRecorder(calls: false, events: false))
        let installations = Instrumentation.installationCount

        recorder.state.withLock { state in
            state.isRecordingCalls = true
            state.isRecordingEvents = true
        }
        _ = Observable.just(1).subscribe { _ in }
        XCTAssertEqual(recorder.state.withLock { $0.calls.count }, 0, "read at installation, not at each step")

        Instrumentation.reloadDetail(of: recorder)
        _ = Observable.just(1).subscribe { _ in }

        let (calls, events) = recorder.state.withLock { ($0.calls, $0.events) }
        XCTAssertTrue(calls.contains { $0.name == "subscribeSafe" })
        XCTAssertEqual(events.map(\.kind), [.next, .completed])
        XCTAssertEqual(Instrumentation.installationCount, installations)
    }

    func testVirtualTime_IsBoundWhileATestSchedulerRunsWork() {
        let scheduler = TestScheduler(initialClock: 0)
        var seen: [Int64?] = []

        scheduler.scheduleAt(210) { seen.append(Instrumentation.virtualTime) }
        scheduler.scheduleAt(250) { seen.append(Instrumentation.virtualTime) }
        scheduler.start()

        XCTAssertEqual(seen, [210, 250])
        XCTAssertNil(Instrumentation.virtualTime, "unbound outside the scheduler's work")
    }

    func testVirtualTime_HistoricalSchedulerStampsNanosecondsSinceTheEpoch() {
        let scheduler = HistoricalScheduler()
        var seen: Int64?

        _ = scheduler.scheduleRelativeVirtual((), dueTime: 1.5) { _ in
            seen = Instrumentation.virtualTime
            return Disposables.create()
        }
        scheduler.start()

        XCTAssertEqual(seen, 1_500_000_000)
    }

    func testTraceScope_IsBoundForTheCodeInsideWithValue() {
        let first = TraceScope(name: "first")
        let second = TraceScope(name: "second")

        let testScope = TraceScope.current

        XCTAssertNotEqual(first.id, second.id)
        XCTAssertEqual(testScope?.name, name, "the leak check runs each test in its own scope")
        TraceScope.$current.withValue(first) {
            XCTAssertEqual(TraceScope.current, first)
            TraceScope.$current.withValue(second) {
                XCTAssertEqual(TraceScope.current, second)
            }
            XCTAssertEqual(TraceScope.current, first)
        }
        XCTAssertEqual(TraceScope.current, testScope)
        XCTAssertEqual(second.description, "second (scope \(second.id))")
    }
}

/// Without a recorder the virtual time scheduler binds nothing: the hook costs one atomic load.
final class VirtualTimeWithoutRecorderTests: RxCoreTestCase {
    func testVirtualTime_IsNotBoundWhileNothingRecords() {
        let leakCheckRecorder = Instrumentation.recorder
        Instrumentation.bootstrapInternal(nil)
        defer { Instrumentation.bootstrapInternal(leakCheckRecorder) }
        let scheduler = TestScheduler(initialClock: 0)
        var seen: [Int64?] = []

        scheduler.scheduleAt(210) { seen.append(Instrumentation.virtualTime) }
        scheduler.start()

        XCTAssertEqual(seen, [nil])
    }
}
