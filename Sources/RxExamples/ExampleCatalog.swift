/// The traced examples, in the order `rxtrace examples` lists them: by seed, then as the seed
/// article walks through them.
public enum ExampleCatalog {
    /// Every example.
    public static let all: [any TracedExample] = [
        PublishSubjectExample(),
        SubscribeAfterStopExample(),
        StopRuleExample(),
        BagExample(),
        EmptyExample(),
        CreateDisposeBagExample(),
        StopRuleObserverBaseExample(),
        BehaviorSubjectExample(),
        HotVsColdExample(),
        RelayBindExample(),
        BinderExample(),
        SingleMaybeCompletableExample(),
        ShareReplayExample(),
        DriverSignalExample(),
        RelayWithoutBagExample(),
        DisposeBagDeinitExample(),
        OnceExample(),
        LatestOnSubscribeExample(),
        JustMapExample(),
        MapThrowsExample(),
        FlatMapExample(),
        FlatMapLatestExample(),
        CombineLatestExample(),
        ZipExample(),
        CompletedCleansUpExample(),
        SubjectNeverCompletesExample(),
        RetainCycleThroughBagExample(),
        ObserveOnExample(),
        ConcatExample(),
    ]

    /// The example called `name`, or `nil`.
    public static func example(named name: String) -> (any TracedExample)? {
        all.first { $0.name == name }
    }
}
