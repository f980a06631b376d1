// Mirrors RxSwift's RxSwift/Observables/Using.swift.

extension ObservableType {
    /// A sequence that, for each subscriber, makes a resource with `resourceFactory`, then the
    /// sequence to forward with `observableFactory`, and disposes the resource when the
    /// subscription ends.
    ///
    /// An error either factory throws is sent to the subscriber; a resource made before it
    /// is still disposed.
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the subscription's resource.
    ///   - observableFactory: Makes the sequence to forward from the resource.
    /// - Returns: The sequence whose subscriptions own a resource each.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        let call = TraceCall.enter("using"); defer { call.exit() }
        return Using(resourceFactory: resourceFactory, observableFactory: observableFactory, site: CallSite.captureIfRecording())
            .assembled(by: "using")
    }
}

// MARK: - Sink

/// One subscription's state for `using`: calls both factories, forwards the made sequence,
/// and returns a subscription that disposes the resource too; created by `Using.run`,
/// released when the subscription is disposed or terminates.
final class UsingSink<ResourceType: Disposable, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias SourceType = Observer.Element
    typealias Element = SourceType
    typealias Parent = Using<SourceType, ResourceType>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Makes the resource and the sequence and subscribes to it; when a factory throws,
    /// subscribes to that error instead.
    func run() -> Disposable {
        let call = TraceCall.enter("UsingSink.run", on: self); defer { call.exit() }
        var disposable = Disposables.create()
        do {
            let resource = try parent.resourceFactory()
            disposable = resource
            let source = try parent.observableFactory(resource)
            return Disposables.create(source.subscribeSafe(self), disposable)
        } catch {
            // Built at the user's `using` line, not here: the error is the user's factory's.
            let failed = Observable<SourceType>.error(error).assembled(by: "error", at: parent.site)
            return Disposables.create(failed.subscribeSafe(self), disposable)
        }
    }

    func on(_ event: Event<SourceType>) {
        let call = TraceCall.enter("UsingSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `using` returns: the two factories. Each subscription gets a
/// ``UsingSink``.
final class Using<SourceType, ResourceType: Disposable>: Producer<SourceType> {
    typealias ResourceFactory = () throws -> ResourceType
    typealias ObservableFactory = (ResourceType) throws -> Observable<SourceType>

    fileprivate let resourceFactory: ResourceFactory
    fileprivate let observableFactory: ObservableFactory
    /// The user's `using` line, where the error of a factory that throws is built; `nil` when
    /// nothing recorded then.
    fileprivate let site: CallSite?

    init(
        resourceFactory: @escaping ResourceFactory, observableFactory: @escaping ObservableFactory, site: CallSite?
    ) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
        self.site = site
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == SourceType {
        let call = TraceCall.enter("Using.run", on: self); defer { call.exit() }
        let sink = UsingSink<ResourceType, Observer>(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
