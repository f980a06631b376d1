// The app's search screen and the feeds it reads: a query relay, results through
// flatMapLatest from a feed that lives as long as the app.

import RxCore
import RxRelay

/// Results the app pushes as they come: a subject that never completes, held by the app for
/// as long as it runs.
public final class ResultsFeed {
    /// Every batch of results.
    public let results = PublishSubject<[String]>()

    /// A feed.
    public init() {}
}

/// The search screen's model: the query typed, and the feed's results that match it.
public final class SearchViewModel {
    /// The query typed so far.
    public let query = BehaviorRelay(value: "")
    /// The results that match the query, as last received.
    public private(set) var matches: [String] = []

    /// A model reading `feed`, whose subscription is dropped: each query subscribes `feed`'s
    /// results through flatMapLatest, and the feed keeps that inner subscription, and the whole
    /// chain, alive after the model is gone.
    public init(feed: ResultsFeed) {
        _ = query.flatMapLatest { term in feed.results.map { batch in batch.filter { $0.contains(term) } } }
            .subscribe(onNext: { [weak self] in self?.matches = $0 }, onError: { [weak self] _ in self?.matches = [] })
    }
}

/// What the app keeps for as long as it runs: the signed-in user's name and the session's
/// events, neither of which ever completes.
public final class Session {
    /// The signed-in user's name.
    public let userName = BehaviorRelay(value: "")
    /// The session's events.
    public let events = PublishSubject<String>()

    /// A session.
    public init() {}
}

/// The profile screen's model, which shows the session's user name through a `bind(to:)`
/// without a bag: the session's relay keeps the binding, and this model's relay, alive after
/// the screen is gone.
public final class ProfileViewModel {
    /// The name the screen shows.
    public let displayName = BehaviorRelay(value: "")

    /// A model showing `session`'s user name.
    public init(session: Session) {
        _ = session.userName.bind(to: displayName)
    }
}

/// Writes the session's events down, with a Disposable it drops: the events subject never
/// completes, so the subscription lives as long as the subject does.
public final class AuditLog {
    /// The events written so far.
    public private(set) var lines: [String] = []

    /// A log that starts writing `events` down.
    public init(events: PublishSubject<String>) {
        _ = events.subscribe(onNext: { [weak self] in self?.lines.append($0) })
    }
}

/// Counts the minutes of a session with an interval it never disposes: it keeps the
/// Disposable but has no `deinit` that disposes it, so the timer runs on after the counter is
/// gone.
public final class SessionTimer {
    /// The minutes counted so far.
    public private(set) var minutes = 0
    /// The interval's subscription, which nothing disposes: the leak.
    public private(set) var ticking: Disposable = Disposables.create()

    /// A timer ticking every minute on `scheduler`.
    public init(scheduler: SchedulerType) {
        ticking = Observable<Int>.interval(.seconds(60), scheduler: scheduler)
            .subscribe(onNext: { [weak self] _ in self?.minutes += 1 })
    }
}
