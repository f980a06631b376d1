import RxCore

/// Subscribes to `subject` and drops the `Disposable`: a leak made outside the test's own
/// file, for the test of where the leak check records its failure.
func subscribeAndForget(_ subject: PublishSubject<Int>) {
    _ = subject.subscribe(onNext: { _ in })
}
