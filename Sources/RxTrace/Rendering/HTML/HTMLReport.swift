/// What the HTML page of a trace shows, built from the trace and the package's sources: the
/// summary and leaks (drawn without JavaScript), the call flows with the source files they
/// run through, each subscription's marble diagram, lifetimes, `Resources.total` and threads.
/// The page embeds it as JSON; ``HTMLReportRenderer`` writes the page.
///
/// Every list is bounded by ``Limits``, so a trace of ten million records still gets a page
/// of a few megabytes; ``notes`` says what was left out.
public struct HTMLReport: Codable, Equatable, Sendable {
    /// How much of a large trace a page holds.
    public struct Limits: Sendable {
        /// Flow steps embedded in all; past it, the largest flows are kept.
        public var steps = 60_000
        /// Events read for the marble diagrams.
        public var events = 100_000
        /// Objects drawn on the lifetime timeline.
        public var lifetimeObjects = 2_000
        /// Subscriptions listed beyond those whose flows the page holds.
        public var listedSubscriptions = 20_000
        /// Subscriptions that never ended held in full in the page's data (and listed, marked
        /// as leaks); the leaks section counts every one and shows each distinct leak once.
        public var leakedSubscriptions = 1_000
        /// Calls drawn on the thread lanes.
        public var threadCalls = 5_000
        /// The deepest call level drawn on the thread lanes.
        public var threadDepth = 6
        /// Moments the step controls go through: the run's first ones.
        public var moments = 100_000
        /// The largest source file embedded, in bytes; a larger one is named, not embedded.
        public var sourceFileBytes = 512 * 1024
        /// The bytes of source embedded in all; the files past it are named, not embedded.
        public var sourceBytes = 8 * 1024 * 1024

        /// The limits `rxtrace report --format html` uses.
        public init() {}
    }

    /// One line of a flow: `depth`, `label` and the `file:line` its source view opens at.
    public struct Step: Codable, Equatable, Sendable {
        /// 0 for the flow's top-level call.
        public var depth: Int
        /// The step as the text report prints it.
        public var label: String
        /// `RxCore/Producer.swift:16`, or for an `init` the line that built the object; `nil`
        /// when the step has no place.
        public var place: String?
        /// Whether it is an object's `init` rather than a call.
        public var isInit: Bool
        /// The line of RxSwift 6.10.2 whose declaration the step mirrors
        /// (``RxSwiftDeclaration/link``); `nil` when RxSwift has none or the table lacks it.
        public var mirror: String? = nil
        /// Why the step links to no RxSwift line (``RxSwiftDeclaration/note``): `Not in RxSwift
        /// 6: …`, `RxCore's own: …`.
        public var mirrorNote: String? = nil
        /// The user's line that called the step, an entry point (`PublishSubject.on` for
        /// `subject.onNext(21)`, `DisposeBag.deinit` for `bag = nil`), as `file:line` the page's
        /// sources hold (``Source/aliases``); `nil` when user code did not call it or the trace
        /// does not name the line.
        public var caller: String? = nil

        enum CodingKeys: String, CodingKey {
            case depth = "d"
            case label = "l"
            case place = "p"
            case isInit = "i"
            case mirror = "m"
            case mirrorNote = "n"
            case caller = "c"
        }
    }

    /// One call flow, as the text report's `Flow N` block.
    public struct Flow: Codable, Equatable, Sendable {
        /// The flow's number, as the text report gives it.
        public var number: Int
        /// `subscribe(_:) at RxExamples/EmptyExample.swift:13`.
        public var title: String
        /// The thread it ran on.
        public var thread: String
        /// The subscription it started, if any.
        public var subscription: Int64?
        /// The user's line the flow was called from (`file:line`), when the title names one.
        public var userPlace: String?
        /// The steps in tree order.
        public var steps: [Step]
    }

    /// An event on a marble lane.
    public struct Marble: Codable, Equatable, Sendable {
        /// The position on the x axis: virtual time, or the event's place in the subscription's order.
        public var x: Int64
        /// `next`, `error` or `completed`.
        public var kind: String
        /// The element's or error's description; `nil` when not recorded.
        public var value: String?
        /// When it was delivered, in ns since the run started (shown on hover).
        public var time: Int64
        /// The flow that delivered it, if the page holds that flow.
        public var flow: Int?
        /// The event's id, which ``Walkthrough/moments`` name.
        public var event: Int64
        /// `true` when a replaying source (a `BehaviorSubject`, `ReplaySubject`, `share(replay:)`'s
        /// connection) handed a stored element to a new subscriber inside its subscribe; `nil`
        /// otherwise.
        public var isReplayed: Bool? = nil
    }

    /// One observable of a subscription's chain and what it sent.
    public struct Lane: Codable, Equatable, Sendable {
        /// `Map<Int, Int> #2 (map at RxExamples/JustMapExample.swift:13)`.
        public var label: String
        /// Its events in order.
        public var marbles: [Marble]
        /// Where on the x axis this lane's part of the subscription began: when the first of the
        /// objects that sent its events was made, or the subscription started, whichever is
        /// later; `nil` when the lane has no recorded sender.
        public var subscribedAt: Double? = nil
        /// For an inner subscription's lane (the observable `flatMap` or `flatMapLatest`
        /// subscribed for an element), the index in ``Subscription/lanes`` of its operator's
        /// lane, which it is drawn under; `nil` for the chain's own lanes.
        public var innerOf: Int? = nil
        /// How an inner subscription's lane ended: `completed`, `error`, or `cancelled` when its
        /// operator disposed it before the subscription ended (`flatMapLatest` moving on to a
        /// newer element's observable); `nil` for the chain's own lanes and for an inner one
        /// still open when the subscription ended.
        public var innerEnd: String? = nil
        /// Where on the x axis a cancelled inner subscription was disposed.
        public var cancelledAt: Double? = nil
    }

    /// One user-made subscription.
    public struct Subscription: Codable, Equatable, Sendable {
        /// The subscription's id.
        public var id: Int64
        /// The user's subscribe line, `file:line`.
        public var site: String
        /// The thread that subscribed.
        public var thread: String
        /// `completed`, `error`, `disposed`, or `never ended`.
        public var end: String
        /// Whether the page holds its flows and marbles; a large trace's others are only listed.
        public var isInPage: Bool
        /// The flow whose steps include the subscribe, if the page holds it.
        public var subscribeFlow: Int?
        /// The flows that built it, started it and carried its events, in order.
        public var flows: [Int]
        /// The chain's lanes, source first.
        public var lanes: [Lane]
        /// Whether the x axis is virtual time (else event order).
        public var isVirtualTime: Bool
        /// Where it was disposed on the x axis, when it was disposed.
        public var disposedAt: Double?
        /// What ended it, at which user line (``CauseFinder/ending(of:)``); `nil` when the page
        /// does not hold it.
        public var ended: String? = nil
        /// The flow that ended it, which ``flows`` holds; `nil` when the page does not.
        public var endFlow: Int? = nil
    }

    /// One object's life on the timeline.
    public struct Life: Codable, Equatable, Sendable {
        /// The object's id.
        public var id: Int64
        /// When its init finished, ns since the run started.
        public var start: Int64
        /// When its deinit ran; `nil` if it survived the run.
        public var end: Int64?
    }

    /// The lives of the objects of one type.
    public struct TypeLives: Codable, Equatable, Sendable {
        /// The type, shortened as flows show it.
        public var type: String
        /// Its objects, in order of creation.
        public var lives: [Life]
    }

    /// A point of the `Resources.total` line.
    public struct ResourcePoint: Codable, Equatable, Sendable {
        /// ns since the run started.
        public var time: Int64
        /// `Resources.total` then.
        public var total: Int
    }

    /// One call drawn as a bar on its thread's lane.
    public struct ThreadCall: Codable, Equatable, Sendable {
        /// 0 for a top-level call.
        public var depth: Int
        /// When it was entered, ns since the run started.
        public var start: Int64
        /// How long it ran; `nil` if it never returned.
        public var duration: Int64?
        /// The step as flows show it.
        public var label: String
    }

    /// A thread and its calls.
    public struct Thread: Codable, Equatable, Sendable {
        /// `main`, `T1`, …
        public var name: String
        /// Its calls, in order of entry.
        public var calls: [ThreadCall]
    }

    /// A source file a flow touches, embedded in the page: RxCore's, or the user's (the
    /// program's, a library's) that a build site, a subscribe or a caller line names.
    public struct Source: Codable, Equatable, Sendable {
        /// `RxCore/Empty.swift`.
        public var fileID: String
        /// Its lines; `nil` when neither the package's sources nor the path the debug
        /// information names had it readable, or it was over ``Limits/sourceFileBytes`` or
        /// past ``Limits/sourceBytes``.
        public var lines: [String]?
        /// The RxSwift file it mirrors, at the release RxCore follows.
        public var mirror: String?
        /// The other names the page's places give the same file: a caller line's path from
        /// the folder below `Sources/` (`App/Screens/Login.swift`) for the `#fileID`
        /// (`App/Login.swift`) a build site names; `nil` for none.
        public var aliases: [String]? = nil
    }

    /// What an example's page teaches, shown at its top: written for each example in
    /// `RxExamples` and handed to the page by `rxtrace report` when the trace is an example's.
    public struct Lesson: Codable, Equatable, Sendable {
        /// The seed article it comes from: `002 · RxSwift's structure: study notes`.
        public var article: String
        /// What the example demonstrates, in a sentence or two.
        public var demonstrates: String
        /// What to notice while stepping through the run.
        public var notice: String
        /// Whether the example leaks on purpose.
        public var isLeakExpected: Bool

        /// A lesson.
        public init(article: String, demonstrates: String, notice: String, isLeakExpected: Bool) {
            self.article = article
            self.demonstrates = demonstrates
            self.notice = notice
            self.isLeakExpected = isLeakExpected
        }
    }

    /// The run moment by moment, for the page's step controls: every call, `init`, event,
    /// subscription end and `deinit` in the order they happened, across flows and threads,
    /// with what the alive-objects panel derives its state from. Flat arrays of numbers, so a
    /// large trace's page stays small and quick to parse.
    public struct Walkthrough: Codable, Equatable, Sendable {
        /// Four numbers per moment: its ``RunMoment/Kind`` code, the flow that shows it and its
        /// row there (`0` and `-1` when the page holds none), and the call's, object's, event's
        /// or subscription's id.
        public var moments: [Int64]
        /// How many moments the run has; more than the page holds when ``Limits/moments`` cut it.
        public var total: Int
        /// Four numbers per object made within the page's moments, in order of creation: its
        /// id, its type (an index into ``types``), the moment its `init` finished and the moment
        /// its `deinit` ran (`-1` when the page's moments hold none).
        public var objects: [Int64]
        /// The objects' types, shortened as flows show them, each once.
        public var types: [String]
        /// Four numbers per event: its id, its kind (`0` next, `1` error, `2` completed), its
        /// sender and its receiver (`0` when not recorded).
        public var events: [Int64]
        /// Six numbers per user-made subscription: its id, the observable subscribed to, the
        /// observer, the disposable subscribe returned (`0` for none), the moment it started
        /// and the moment it ended (`-1` while it had not).
        public var subscriptions: [Int64]
        /// Two numbers per DisposeBag entry: the bag and the disposable it took, in order of
        /// insertion (the trace records no time for an entry: the page shows it from the
        /// disposable's `init` on).
        public var bagEntries: [Int64]
        /// Three numbers per change of an object's state (``ObjectStateChange``) within the
        /// page's moments, in order: the moment of the call that changed it, the object, and
        /// its state after it (an index into ``stateTexts``). The alive-objects panel shows an
        /// object's latest one.
        public var states: [Int64] = []
        /// The states, each once: an ``ObjectState``'s lines, joined by newlines.
        public var stateTexts: [String] = []
    }

    /// The program recorded.
    public var program: String
    /// The summary, as the text report's first line.
    public var summaryLine: String
    /// Whether element values were recorded.
    public var isRecordingValues: Bool
    /// The flows the page holds, in order.
    public var flows: [Flow]
    /// The subscriptions whose flows the page holds, and the leaked ones ``leaks`` holds.
    public var subscriptions: [Subscription]
    /// The leak report: complete, or past ``Limits/leakedSubscriptions`` open subscriptions,
    /// with the first of them only (``leakSummary`` counts them all).
    public var leaks: LeakReport
    /// Every leak of the run, each distinct one once with how often it was found, when
    /// ``leaks`` holds only the first open subscriptions; `nil` when it holds them all. Not in
    /// the page's data: the page's leaks section is written from it.
    public var summaryOfAllLeaks: LeakSummary? = nil
    /// The files the flows and leaks touch, by file id.
    public var sources: [Source]
    /// When the run ended (or its last record), ns since it started: the timelines' width.
    public var endTime: Int64
    /// Object lifetimes by type, in order of first creation.
    public var lifetimes: [TypeLives]
    /// `Resources.total` over the run.
    public var resources: [ResourcePoint]
    /// The threads and their calls.
    public var threads: [Thread]
    /// What the page leaves out of a large trace, one sentence each.
    public var notes: [String]
    /// The run moment by moment.
    public var walkthrough = Walkthrough(
        moments: [], total: 0, objects: [], types: [], events: [], subscriptions: [], bagEntries: [])
    /// What the example shows and which article it comes from, when the page is an example's.
    public var lesson: Lesson?

    /// Every leak of the run, each distinct one once with how often it was found: what the
    /// page's leaks section shows.
    public var leakSummary: LeakSummary { summaryOfAllLeaks ?? LeakSummary(leaks) }

    enum CodingKeys: String, CodingKey {
        case program, summaryLine, isRecordingValues, flows, subscriptions, leaks, sources, endTime, lifetimes
        case resources, threads, notes, walkthrough, lesson
    }
}
