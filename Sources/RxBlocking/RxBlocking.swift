// RxTesting under RxBlocking's module name: `toBlocking()` and `BlockingObservable`, so that
// RxBlocking-based tests compile with no change.

@_exported import RxTesting
