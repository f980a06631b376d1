// RxTesting's own: the live bookkeeping behind the leak checks.

import RxCore
import RxTrace
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The recorder the leak checks install: it keeps, per ``TraceScope``, the objects alive now
/// and the subscriptions still open, with what a failure message needs to name them.
///
/// It answers "did this test leave anything behind?" at any moment, without finishing a
/// trace, while tests run in parallel: each object and subscription is charged to the scope
/// bound when it was created (``TraceScope/current``). An object's record goes at its
/// `deinit`; a subscription's when it terminates, when the disposable `subscribe` returned is
/// disposed, or, when that disposable is not traced, when its observer is released.
///
/// While a `subscribe` runs, the objects it subscribes through (`subscribeSafe`) make up the
/// subscription's chain, and the objects it creates are what it keeps alive: RxTrace's
/// `SubscriptionChain` and `LeakRules`, which `LeakFinder` applies to a trace too. Installed with ``installIfNeeded()`` as each check starts;
/// a test that installs a recorder of its own replaces it for as long as it runs.
///
/// A recorder can be attached (``attach(_:)``) to receive everything too, such as the file
/// recorder that keeps one test's trace. Each attachment is a new generation: the ids the
/// tracker hands out while a recorder is attached are the attached recorder's own, with the
/// generation in their high bits, so that ids stay unique across attachments and the tracker
/// can translate them back when it forwards a later hook.
final class LeakTracker: TraceRecorder {
    /// What the tracker knows of a live object.
    ///
    /// Every field is a plain value (a metatype, integers, `StaticString`s): an object's
    /// record is made at each `init` and dropped at each `deinit`, and in the debug build
    /// tests run in, a record with a `String` or an array in it costs a value-witness call
    /// for every copy the dictionary makes. Names, labels and tags are made only for a
    /// failure (`Benchmarks/leak-check-overhead.sh`).
    private struct LiveObject {
        let type: Any.Type
        let scopeID: Int64?
        /// The object's number among those its scope created, from 1; 0 outside any scope.
        let number: Int64
        /// The `subscribe` that was running on the creating thread, if any.
        var createdIn: CallSite?
        /// Where user code built it, for an observable an operator or factory returned.
        var builtBy: BuildSite? = nil

        var typeName: String { String(describing: type) }

        /// `Map<Int, Int> #2` in the scope `scopeID`, `PublishSubject<Int> (made outside the
        /// test)` otherwise.
        func label(in scopeID: Int64) -> String {
            let name = TypeNames.short(typeName)
            return self.scopeID == scopeID ? "\(name) #\(number)" : "\(name) (made outside the test)"
        }

        /// The label as a chain element: with where user code built it.
        func elementLabel(in scopeID: Int64) -> String {
            LeakRules.element(label(in: scopeID), builtBy: builtBy?.assembly)
        }
    }

    /// The operator or factory that built an observable, and where user code called it: an
    /// ``Assembly`` kept as it arrived (a `StaticString` and a ``CallSite``), its line found
    /// only for a failure (``LiveCallSites``).
    private struct BuildSite {
        let name: StaticString
        let site: CallSite

        var assembly: Assembly {
            let location = LiveCallSites.location(of: site)
            return Assembly(name: "\(name)", file: location.file, line: location.line)
        }
    }

    /// What the tracker knows of an open subscription.
    private struct OpenSubscription {
        let id: SubscriptionID
        let scopeID: Int64?
        /// The subscription's number among those its scope made, from 1; 0 outside any scope.
        let number: Int64
        let site: CallSite
        let observable: ObjectID
        let observableType: Any.Type?
        /// The observable's number in the subscription's scope, if the scope made it.
        let observableNumber: Int64?
        let observer: ObjectID
        /// Where user code built the observable, if it did.
        let observableBuiltBy: BuildSite?
        var disposable = ObjectID.none
        /// The `DisposeBag` its disposable went into, if any.
        var bag: ObjectID?
        /// The objects subscribed through, in order of subscription (downstream first), as
        /// they were then (an operator's observable may be gone by the report; its label is
        /// made from this copy only if the report is asked for); the observer comes first.
        var chain: [ChainLink] = []
        /// The objects created while subscribing.
        var created: [ObjectID] = []
    }

    /// An object a `subscribe` went through, as it was then: an operator's observable may be
    /// gone by the report, so its label is made from this copy, and only if a report is asked
    /// for.
    private struct ChainLink {
        let id: ObjectID
        let object: LiveObject
        let tags: [String]
    }

    /// The tracker's books. Keyed by the ids' raw `Int64`s: hashing an `ObjectID` goes through
    /// `RawRepresentable`'s generic witnesses in a debug build, and every `init` and `deinit`
    /// hashes at least once.
    private struct State {
        /// Ids start high, far from the serial ids other recorders give from 1: an object a
        /// test's own recorder named may be released while the tracker is back, and its id
        /// must not be taken for one of the tracker's.
        var lastObjectID: Int64 = 1 << 48
        var lastSubscriptionID: Int64 = 1 << 48
        /// The attached recorder and its generation, if one is attached.
        var attached: Attachment?
        /// The last generation given to an attachment.
        var lastGeneration: Int64 = 0
        var liveObjects: [Int64: LiveObject] = [:]
        /// The names user code gave chains, by the observable they end in; kept apart from
        /// `liveObjects` since few objects have one.
        var tags: [Int64: [String]] = [:]
        var openSubscriptions: [Int64: OpenSubscription] = [:]
        /// The subscription each returned disposable ends when disposed.
        var subscriptionsByDisposable: [Int64: SubscriptionID] = [:]
        /// The subscription each observer receives for; it ends when the observer is released.
        var subscriptionsByObserver: [Int64: SubscriptionID] = [:]
        /// Per thread, the `subscribe` calls running now, innermost last.
        var subscribing: [UInt: [SubscriptionID]] = [:]
        /// Per scope, how many objects and subscriptions it has made so far.
        var scopeCounts: [Int64: (objects: Int64, subscriptions: Int64)] = [:]
        /// The scope that made the last object or subscription, and its counts, kept out of
        /// `scopeCounts` while it goes on: nearly every object of a test is its scope's, and
        /// the dictionary's update was an eighth of each object's bookkeeping.
        var lastScope: (id: Int64, objects: Int64, subscriptions: Int64)?

        /// The next number among the objects (or subscriptions) of `scopeID`, counted.
        mutating func nextNumber(in scopeID: Int64, isObject: Bool) -> Int64 {
            if lastScope?.id != scopeID {
                if let lastScope {
                    scopeCounts[lastScope.id] = (lastScope.objects, lastScope.subscriptions)
                }
                let counts = scopeCounts.removeValue(forKey: scopeID) ?? (0, 0)
                lastScope = (scopeID, counts.objects, counts.subscriptions)
            }
            if isObject {
                lastScope!.objects += 1
                return lastScope!.objects
            }
            lastScope!.subscriptions += 1
            return lastScope!.subscriptions
        }

        /// `Map<Int, Int> #2` for an object of the scope, `PublishSubject<Int> (made outside
        /// the test)` for another live object, `nil` for an object unknown or gone.
        func label(of object: ObjectID, in scopeID: Int64) -> String? {
            liveObjects[object.rawValue]?.label(in: scopeID)
        }

        /// Forgets `subscription`: it terminated, was disposed, or lost its observer.
        mutating func close(_ subscription: SubscriptionID) {
            guard let closed = openSubscriptions.removeValue(forKey: subscription.rawValue) else { return }
            subscriptionsByDisposable[closed.disposable.rawValue] = nil
            subscriptionsByObserver[closed.observer.rawValue] = nil
        }
    }

    /// A recorder receiving everything the tracker receives, and the generation that marks
    /// the ids it gave.
    private struct Attachment {
        let recorder: any TraceRecorder
        let generation: Int64

        /// Where the generation starts in an id: the attached recorder's own ids stay below.
        static let generationShift: Int64 = 40

        /// The id handed to RxCore for the attached recorder's `raw` (0 stays 0).
        func combined(_ raw: Int64) -> Int64 {
            raw == 0 ? 0 : generation << Self.generationShift | raw
        }

        /// The attached recorder's own id for `raw`, or 0 when `raw` is not from this
        /// attachment.
        func own(_ raw: Int64) -> Int64 {
            raw >> Self.generationShift == generation ? raw & ((1 << Self.generationShift) - 1) : 0
        }

        func own(_ object: ObjectID) -> ObjectID {
            ObjectID(rawValue: own(object.rawValue))
        }
    }

    private let state = LockedState(State())
    /// The last call id the tracker gave, from the same high start as `State`'s ids. An
    /// atomic, so that a call that is not a `subscribeSafe` takes no lock when no recorder is
    /// attached: most hooks are calls.
    private let lastCallID = Atomic<Int64>(1 << 48)
    /// Whether a recorder is attached, so that the hooks skip the lock when none is (set
    /// under the lock, with `State.attached`).
    private let hasAttachment = Atomic<Bool>(false)

    /// The one tracker of the process.
    static let shared = LeakTracker()

    private init() {}

    /// Installs the shared tracker as the process's recorder unless it is installed; returns
    /// it, with ``Instrumentation/installationCount`` as it was right after.
    ///
    /// Checking, installing and counting are one step (``Instrumentation/installIfNeeded(_:)``):
    /// when parallel tests start together and each makes sure the tracker is installed, the
    /// count each reads already includes the installation, so none of them later mistakes
    /// another test's installation of the same tracker for a recorder that displaced it.
    @discardableResult
    static func installIfNeeded() -> (tracker: LeakTracker, installationCount: Int) {
        (shared, Instrumentation.installIfNeeded(shared))
    }

    // MARK: - Queries

    /// Sends everything the tracker receives to `recorder` too, until ``detach(_:)``.
    ///
    /// - Returns: `false`, attaching nothing, when another recorder is attached (tests
    ///   running in parallel cannot each have their own).
    func attach(_ recorder: any TraceRecorder) -> Bool {
        let isAttached = state.withLock { state in
            guard state.attached == nil, state.lastGeneration < 255 else { return false }
            state.lastGeneration += 1
            state.attached = Attachment(recorder: recorder, generation: state.lastGeneration)
            hasAttachment.store(true, ordering: .releasing)
            return true
        }
        if isAttached {
            Instrumentation.reloadDetail(of: self)
        }
        return isAttached
    }

    /// Stops sending to `recorder`.
    func detach(_ recorder: any TraceRecorder) {
        let isDetached = state.withLock { state in
            guard state.attached?.recorder === recorder else { return false }
            state.attached = nil
            hasAttachment.store(false, ordering: .releasing)
            return true
        }
        if isDetached {
            Instrumentation.reloadDetail(of: self)
        }
    }

    /// The attached recorder, read without holding the lock while it is called.
    private var attached: Attachment? {
        guard hasAttachment.load(ordering: .acquiring) else { return nil }
        return state.withLock { $0.attached }
    }

    /// Forgets everything charged to `scope`, once nothing more will be asked about it.
    func forget(_ scope: TraceScope) {
        state.withLock { state in
            // Removed in place, not filtered into a new dictionary: the next test's objects
            // then find the storage grown already instead of growing it again.
            let gone = state.liveObjects.compactMap { $0.value.scopeID == scope.id ? $0.key : nil }
            for id in gone {
                state.liveObjects[id] = nil
                state.tags[id] = nil
            }
            for subscription in state.openSubscriptions.values where subscription.scopeID == scope.id {
                state.close(subscription.id)
            }
            state.scopeCounts[scope.id] = nil
            if state.lastScope?.id == scope.id {
                state.lastScope = nil
            }
        }
    }

    /// Whether the scope has neither live objects nor open subscriptions.
    func isClean(_ scope: TraceScope) -> Bool {
        state.withLock { state in
            !state.liveObjects.values.contains { $0.scopeID == scope.id }
                && !state.openSubscriptions.values.contains { $0.scopeID == scope.id }
        }
    }

    /// What `scope` left behind, as the trace reports word it.
    ///
    /// Objects and subscriptions are numbered within the scope, in the order it made them, so
    /// a test's report reads the same on every run, whatever ran beside it; an object made
    /// outside the scope is shown by its type alone.
    ///
    /// - Parameters:
    ///   - resourcesTotalStart: `Resources.total` when the scope began, or 0 when unknown.
    ///   - resourcesTotalEnd: `Resources.total` now, or `nil` when it says nothing about the
    ///     scope (tests running in parallel).
    func report(for scope: TraceScope, resourcesTotalStart: Int = 0, resourcesTotalEnd: Int? = nil) -> LeakReport {
        state.withLock { state in
            let open = state.openSubscriptions.values
                .filter { $0.scopeID == scope.id }
                .sorted { $0.number < $1.number }
                .map { subscription in
                    // The chain's links were labelled as the subscribe reached them; the
                    // observer, labelled first, goes last.
                    let links = subscription.chain.filter { $0.id != subscription.observer }
                    let chain = LeakRules.chain(
                        subscribedThrough: links.map { $0.object.elementLabel(in: scope.id) },
                        observer: subscription.chain.first { $0.id == subscription.observer }?.object.label(
                            in: scope.id)
                    )
                    // Object ids are the tracker's `Int64`s here, as they are a trace's in LeakFinder.
                    let through = links.map(\.id.rawValue)
                    let alive = LeakRules.keptAlive(
                        subscribedThrough: [subscription.observer.rawValue] + through,
                        created: subscription.created.map(\.rawValue)
                    ) { state.label(of: ObjectID(rawValue: $0), in: scope.id) }
                    let tagsByObject = Dictionary(
                        links.map { ($0.id.rawValue, $0.tags) }, uniquingKeysWith: { first, _ in first }
                    )
                    let tags = LeakRules.chainTags(subscribedThrough: through) { tagsByObject[$0] ?? [] }
                    let subscribedAt = LiveCallSites.location(of: subscription.site)
                    let record = SubscriptionRecord(
                        id: subscription.number, startNanoseconds: 0, threadName: "", callID: nil,
                        observableObjectID: subscription.observableNumber,
                        observableTypeName: subscription.observableType.map { String(describing: $0) },
                        observerObjectID: state.liveObjects[subscription.observer.rawValue]?.number,
                        disposableObjectID: state.liveObjects[subscription.disposable.rawValue]?.number,
                        file: subscribedAt.file, line: subscribedAt.line, endNanoseconds: nil,
                        endKind: nil
                    )
                    let bag = subscription.bag.flatMap { state.liveObjects[$0.rawValue] }
                    return RxTrace.OpenSubscription(
                        subscription: record, builtAt: subscription.observableBuiltBy?.assembly, chain: chain,
                        alive: alive,
                        tags: tags.isEmpty ? nil : tags,
                        bag: bag.map {
                            BagHold(bag: $0.label(in: scope.id), madeAt: $0.builtBy?.assembly, isAliveAtEnd: true)
                        },
                        isGlobalBag: LeakRules.isAliveUntilExit(bagMadeAt: bag?.builtBy?.assembly)
                    )
                }

            // What each open subscription keeps alive, by the objects' numbers in the scope: the
            // objects its finding explains, which take its verdict.
            let keepers = LeakRules.keepers(
                of: state.openSubscriptions.values.filter { $0.scopeID == scope.id }.map { subscription in
                    let kept = ([subscription.observer] + subscription.chain.map(\.id) + subscription.created)
                        .compactMap { state.liveObjects[$0.rawValue] }.filter { $0.scopeID == scope.id }
                    let bag = subscription.bag.flatMap { state.liveObjects[$0.rawValue] }
                    return (subscription.number, kept.map(\.number), bag?.scopeID == scope.id ? bag?.number : nil)
                })
            let verdicts = Dictionary(
                open.map { ($0.subscription.id, $0.verdict) }, uniquingKeysWith: { first, _ in first })
            let objects = state.liveObjects.values.filter { $0.scopeID == scope.id }.sorted { $0.number < $1.number }
            let groups = LeakRules.groupLiveObjects(
                objects.map { object in
                    let subscriptions = keepers[object.number] ?? []
                    return (
                        object.typeName, object.number,
                        LeakRules.creationPlace(
                            subscribeSite: object.createdIn.map { LiveCallSites.location(of: $0) }.map {
                                "\($0.file):\($0.line)"
                            }),
                        LeakRules.verdict(
                            ofObjectMadeBy: nil, isMadeByATestCase: false, pendingWork: nil,
                            keptAliveBy: subscriptions.compactMap { verdicts[$0] }
                        ),
                        subscriptions.isEmpty ? nil : LiveObjectHolder(subscriptionIDs: subscriptions)
                    )
                })
            return LeakReport(
                resourcesTotalStart: resourcesTotalStart, resourcesTotalEnd: resourcesTotalEnd,
                openSubscriptions: open, liveObjects: groups
            )
        }
    }

    // MARK: - TraceRecorder

    var isRecordingValues: Bool {
        attached?.recorder.isRecordingValues ?? false
    }

    /// The calls only while a recorder is attached, which writes them: the tracker itself
    /// needs only the `subscribeSafe`s, which RxCore then sends as ``subscribedThrough(_:)``,
    /// so that the other steps of a checked test cost what they cost unrecorded.
    var isRecordingCalls: Bool {
        hasAttachment.load(ordering: .acquiring)
    }

    /// The events only while a recorder is attached, for the same reason: what ends a
    /// subscription reaches the tracker as ``subscriptionTerminated(_:by:)``.
    var isRecordingEvents: Bool {
        hasAttachment.load(ordering: .acquiring)
    }

    func objectInitialized(_ type: Any.Type) -> ObjectID {
        let scopeID = TraceScope.current?.id
        let thread = currentThreadKey()
        let attached = attached
        let attachedID = attached?.recorder.objectInitialized(type).rawValue ?? 0
        return state.withLock { state in
            let id: ObjectID
            if let attached, attachedID != 0 {
                id = ObjectID(rawValue: attached.combined(attachedID))
            } else {
                state.lastObjectID += 1
                id = ObjectID(rawValue: state.lastObjectID)
            }
            let subscribing = state.subscribing[thread]?.last
            var number: Int64 = 0
            if let scopeID {
                number = state.nextNumber(in: scopeID, isObject: true)
            }
            var createdIn: CallSite?
            if let subscribing {
                createdIn = state.openSubscriptions[subscribing.rawValue]?.site
                state.openSubscriptions[subscribing.rawValue]?.created.append(id)
            }
            state.liveObjects[id.rawValue] = LiveObject(
                type: type, scopeID: scopeID, number: number, createdIn: createdIn)
            return id
        }
    }

    func objectDeinitialized(_ object: ObjectID) {
        // A subscription whose disposable is released without being disposed stays open:
        // that is the leak the checks are for. But when `subscribe` returned a disposable no
        // recorder sees (the no-op disposable of `never()`, a subject's subscription struct),
        // its disposal cannot be seen either; such a subscription ends when its observer is
        // released, since nothing can reach the observer any more.
        if let attached, attached.own(object).isRecorded {
            attached.recorder.objectDeinitialized(attached.own(object))
        }
        state.withLock { state in
            state.liveObjects.removeValue(forKey: object.rawValue)
            if !state.tags.isEmpty {
                state.tags.removeValue(forKey: object.rawValue)
            }
            if let subscription = state.subscriptionsByObserver.removeValue(forKey: object.rawValue),
                let open = state.openSubscriptions[subscription.rawValue],
                !LeakRules.isOpen(
                    hasEnded: false, isDisposableTraced: open.disposable.isRecorded, isObserverAlive: false)
            {
                state.close(subscription)
            }
        }
    }

    func callEntered(_ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt)
        -> CallID
    {
        let isSubscribeSafe = object.isRecorded && Self.isSubscribeSafe(name)
        let thread = isSubscribeSafe ? currentThreadKey() : 0
        let attached = attached
        let attachedCall = attached.map {
            $0.recorder.callEntered(name, object: $0.own(object), detail: detail, file: file, line: line).rawValue
        }
        if isSubscribeSafe {
            // The chain is kept whether or not a recorder is attached: a test writing its trace
            // fails with the same message as one that does not.
            noteSubscribe(through: object, on: thread)
        }
        if let attached, let attachedCall, attachedCall != 0 {
            return CallID(rawValue: attached.combined(attachedCall))
        }
        return CallID(rawValue: lastCallID.add(1, ordering: .relaxed).newValue)
    }

    func subscribedThrough(_ observable: ObjectID) {
        guard observable.isRecorded else { return }
        noteSubscribe(through: observable, on: currentThreadKey())
    }

    /// Adds `object` to the chain of the innermost subscription being made on `thread`.
    private func noteSubscribe(through object: ObjectID, on thread: UInt) {
        state.withLock { state in
            if let subscribing = state.subscribing[thread]?.last,
                state.openSubscriptions[subscribing.rawValue]?.scopeID != nil,
                let live = state.liveObjects[object.rawValue]
            {
                let link = ChainLink(id: object, object: live, tags: state.tags[object.rawValue] ?? [])
                state.openSubscriptions[subscribing.rawValue]?.chain.append(link)
            }
        }
    }

    func callExited(_ call: CallID) {
        if let attached, attached.own(call.rawValue) != 0 {
            attached.recorder.callExited(CallID(rawValue: attached.own(call.rawValue)))
        }
    }

    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {
        if let attached {
            attached.recorder.eventDelivered(kind, value: value, from: attached.own(source), to: attached.own(observer))
        }
    }

    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        let scopeID = TraceScope.current?.id
        let thread = currentThreadKey()
        let attached = attached
        let attachedID = attached.map {
            $0.recorder.subscriptionStarted(observable: $0.own(observable), observer: $0.own(observer), at: site)
                .rawValue
        }
        return state.withLock { state in
            let id: SubscriptionID
            if let attached, let attachedID, attachedID != 0 {
                id = SubscriptionID(rawValue: attached.combined(attachedID))
            } else {
                state.lastSubscriptionID += 1
                id = SubscriptionID(rawValue: state.lastSubscriptionID)
            }
            var number: Int64 = 0
            if let scopeID {
                number = state.nextNumber(in: scopeID, isObject: false)
            }
            let subscribed = state.liveObjects[observable.rawValue]
            var opened = OpenSubscription(
                id: id, scopeID: scopeID, number: number, site: site, observable: observable,
                observableType: subscribed?.type,
                observableNumber: subscribed.flatMap { $0.scopeID == scopeID && $0.number > 0 ? $0.number : nil },
                observer: observer, observableBuiltBy: subscribed?.builtBy
            )
            if scopeID != nil, let live = state.liveObjects[observer.rawValue] {
                opened.chain.append(ChainLink(id: observer, object: live, tags: state.tags[observer.rawValue] ?? []))
            }
            state.openSubscriptions[id.rawValue] = opened
            state.subscribing[thread, default: []].append(id)
            if observer.isRecorded {
                state.subscriptionsByObserver[observer.rawValue] = id
            }
            // The closure forms create their observer just before they subscribe it.
            if let created = state.liveObjects[observer.rawValue], created.createdIn == nil, created.scopeID == scopeID
            {
                state.liveObjects[observer.rawValue]?.createdIn = site
            }
            return id
        }
    }

    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {
        if let attached, attached.own(subscription.rawValue) != 0 {
            attached.recorder.subscriptionReturned(
                SubscriptionID(rawValue: attached.own(subscription.rawValue)), disposable: attached.own(disposable)
            )
        }
        let thread = currentThreadKey()
        state.withLock { state in
            if let index = state.subscribing[thread]?.lastIndex(of: subscription) {
                state.subscribing[thread]?.remove(at: index)
            }
            if state.subscribing[thread]?.isEmpty == true {
                state.subscribing[thread] = nil
            }
            guard state.openSubscriptions[subscription.rawValue] != nil else { return }
            state.openSubscriptions[subscription.rawValue]?.disposable = disposable
            if disposable.isRecorded {
                state.subscriptionsByDisposable[disposable.rawValue] = subscription
            }
        }
    }

    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {
        if let attached, attached.own(subscription.rawValue) != 0 {
            attached.recorder.subscriptionTerminated(
                SubscriptionID(rawValue: attached.own(subscription.rawValue)), by: end)
        }
        state.withLock { state in
            state.close(subscription)
        }
    }

    func objectDisposed(_ object: ObjectID) {
        if let attached, attached.own(object).isRecorded {
            attached.recorder.objectDisposed(attached.own(object))
        }
        state.withLock { state in
            if let subscription = state.subscriptionsByDisposable[object.rawValue] {
                state.close(subscription)
            }
        }
    }

    /// Keeps where an observable was built, for its chain's labels, and forwards it to the
    /// attached recorder, if any. When an operator built it through another, the last call,
    /// the outermost, which is the user's, wins, as in a trace's `object_assembly`.
    func observableAssembled(_ observable: ObjectID, by name: StaticString, at site: CallSite) {
        if let attached, attached.own(observable).isRecorded {
            attached.recorder.observableAssembled(attached.own(observable), by: name, at: site)
        }
        state.withLock { state in
            state.liveObjects[observable.rawValue]?.builtBy = BuildSite(name: name, site: site)
        }
    }

    /// Notes which bag took an open subscription's disposable, for its verdict, and forwards
    /// it to the attached recorder, if any.
    func disposableInserted(_ disposable: ObjectID, into bag: ObjectID) {
        if let attached, attached.own(disposable).isRecorded, attached.own(bag).isRecorded {
            attached.recorder.disposableInserted(attached.own(disposable), into: attached.own(bag))
        }
        state.withLock { state in
            if let subscription = state.subscriptionsByDisposable[disposable.rawValue] {
                state.openSubscriptions[subscription.rawValue]?.bag = bag
            }
        }
    }

    /// Keeps a chain's tag, for its subscriptions' reports, and forwards it to the attached
    /// recorder, if any.
    func observableTagged(_ observable: ObjectID, as tag: String, at site: CallSite) {
        if let attached, attached.own(observable).isRecorded {
            attached.recorder.observableTagged(attached.own(observable), as: tag, at: site)
        }
        state.withLock { state in
            guard state.liveObjects[observable.rawValue] != nil else { return }
            if state.tags[observable.rawValue]?.contains(tag) != true {
                state.tags[observable.rawValue, default: []].append(tag)
            }
        }
    }

    /// Whether a call is a chain's link (`subscribeSafe`, ``SubscriptionChain/linkStepName``),
    /// asked of every call: a length check and a `memcmp`, since comparing the UTF-8 as
    /// sequences was 9% of a test making 10,000 sources in the debug build tests run in
    /// (`Benchmarks/leak-check-overhead.sh`).
    private static func isSubscribeSafe(_ name: StaticString) -> Bool {
        let expected = SubscriptionChain.linkStepName
        return name.hasPointerRepresentation && name.utf8CodeUnitCount == expected.utf8CodeUnitCount
            && memcmp(name.utf8Start, expected.utf8Start, expected.utf8CodeUnitCount) == 0
    }

    /// A number naming the calling thread while it runs.
    private func currentThreadKey() -> UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}
