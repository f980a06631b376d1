// RxCore's own: RxSwift names a chain only in `debug`'s printed lines. A trace of thousands of
// chains needs a name a person can search for.

extension ObservableType {
    /// Tags this chain `name` in traces: every report shows the name with the subscriptions
    /// whose chain holds this observable (their flows, their leaks, `--subscription`), and
    /// `rxtrace report --tag NAME` shows only those; the trace's `tag` table holds it for
    /// `rxtrace query`.
    ///
    ///     let login = loginTaps.flatMap(api.login).traceTag("login")
    ///
    /// It adds no operator: the events, the subscriptions and their order are those of this
    /// observable. When nothing records it costs one atomic load. RxSwift's `debug("login")`
    /// names the chain the same way.
    ///
    /// - Parameters:
    ///   - name: The chain's name: a feature, a screen, a request.
    /// - Returns: This sequence, as an `Observable`.
    public func traceTag(_ name: String) -> Observable<Element> {
        let call = TraceCall.enter("traceTag"); defer { call.exit() }
        return asObservable().tagged(name)
    }

    /// The former name of ``traceTag(_:)``: a chain's name is its *tag* everywhere
    /// else (the `tag` table, `report --tag`), so the method took that word too.
    @available(*, deprecated, renamed: "traceTag(_:)")
    public func traceName(_ name: String) -> Observable<Element> {
        traceTag(name)
    }
}
