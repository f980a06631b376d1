/// The one wording of a leak, which `rxtrace report --leaks` (``LeakReportRenderer``) and
/// RxTesting's failing leak checks (`LeakFailureMessage`) both print, so that the same leak
/// reads the same in a trace's report and in a test's failure. What counts as a leak is
/// ``LeakRules``'.
public enum LeakWording {
    /// What to do about a subscription that never ended.
    public static let subscriptionAdvice =
        "keep the Disposable that subscribe returns and dispose it, add it to a DisposeBag, or complete the source"

    /// What to do about objects that outlived the run or the test.
    public static let objectAdvice =
        "release them: dispose the subscriptions that hold them, or end their sequences"

    /// One open subscription: what it is, then a line each for where it was subscribed, its
    /// tags, where its observable was built, its chain, what it keeps alive and what to do.
    ///
    ///     Subscription #1 to Map<Int, Int> #2 was never disposed, and its source never terminated.
    ///       subscribed at  App/Main.swift:9
    ///       built at       App/Main.swift:9 (map)
    ///       chain          PublishSubject<Int> #1 → Map<Int, Int> #2 (map at App/Main.swift:9) → AnonymousObserver<Int> #3
    ///       keeps alive    AnonymousObserver<Int> #3, SinkDisposer #4, MapSink<…> #5
    ///       fix            keep the Disposable that subscribe returns and dispose it, …
    public static func lines(for open: OpenSubscription) -> [String] {
        let subscription = open.subscription
        let target = subscription.observableTypeName.map { typeName in
            TypeNames.short(typeName) + (subscription.observableObjectID.map { " #\($0)" } ?? "")
        } ?? "an observable"
        var lines = [
            "Subscription #\(subscription.id) to \(target) was never disposed, and its source never terminated.",
            "  subscribed at  \(subscription.site)",
        ]
        if let tags = open.tags {
            lines.append("  tagged         " + tags.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        if let builtAt = open.builtAt {
            lines.append("  built at       \(builtAt.file):\(builtAt.line) (\(builtAt.name))")
        }
        if !open.chain.isEmpty {
            lines.append("  chain          " + open.chain.joined(separator: " → "))
        }
        if !open.alive.isEmpty {
            lines.append("  keeps alive    " + open.alive.joined(separator: ", "))
        }
        lines.append("  fix            " + subscriptionAdvice)
        return lines
    }

    /// What a DisposeBag made in `main.swift` held at the end, which is alive by design:
    ///
    ///     DisposeBag #1 made at App/main.swift:3 holds
    ///       Subscription #1 subscribed at App/main.swift:6: PublishSubject<Int> #2 → AnonymousObserver<Int> #3
    ///       alive          DisposeBag #1, SinkDisposer #4, PublishSubject<Int> #2, AnonymousObserver<Int> #3
    public static func lines(forAliveAtExit bag: BagAliveAtExit) -> [String] {
        var lines = ["\(bag.bag) made at \(bag.madeAt.file):\(bag.madeAt.line) holds"]
        for open in bag.subscriptions {
            let chain = open.chain.isEmpty ? "" : ": " + open.chain.joined(separator: " → ")
            lines.append("  Subscription #\(open.subscription.id) subscribed at \(open.subscription.site)\(chain)")
        }
        lines.append("  alive          " + bag.objects.joined(separator: ", "))
        return lines
    }

    /// The objects alive at the end, a line per type (count, short type name, ids, where they
    /// were created), columns aligned, then what to do; `untracedCount` more objects that
    /// `Resources.total` counted but no trace holds get a line of their own.
    ///
    ///       1 ×  MapSink<…>  #5  created in the subscribe at App/Main.swift:9
    ///       fix            release them: dispose the subscriptions that hold them, or end their sequences
    public static func lines(forLiveObjects groups: [LiveObjectGroup], untracedCount: Int = 0) -> [String] {
        var rows = groups.map { group in
            (
                count: "\(group.objectIDs.count) ×", type: TypeNames.short(group.typeName),
                ids: group.objectIDs.map { "#\($0)" }.joined(separator: " "),
                place: "created " + group.createdIn.joined(separator: "; ")
            )
        }
        if untracedCount > 0 {
            rows.append((
                count: "\(untracedCount) ×", type: "untraced", ids: "",
                place: "counted by Resources.total, not in the trace: made on another thread or under another recorder"
            ))
        }
        guard !rows.isEmpty else { return [] }
        let countWidth = rows.map(\.count.count).max() ?? 0
        let typeWidth = rows.map(\.type.count).max() ?? 0
        let idsWidth = rows.map(\.ids.count).max() ?? 0
        var lines = rows.map { row in
            "  " + row.count.rightPadded(to: countWidth) + "  " + row.type.rightPadded(to: typeWidth) + "  "
                + (idsWidth > 0 ? row.ids.rightPadded(to: idsWidth) + "  " : "") + row.place
        }
        lines.append("  fix            " + objectAdvice)
        return lines
    }
}
