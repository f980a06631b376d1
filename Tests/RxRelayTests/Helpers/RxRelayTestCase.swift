import RxCore
import RxTesting
import Synchronization

/// The base of every test class in RxRelayTests: each test runs under the leak check, so a
/// relay subscription a test leaves open (relays never complete) fails it.
class RxRelayTestCase: RxLeakCheckedTestCase {}

/// Errors the tests send through sequences.
enum TestError: Error, Equatable {
    case boom
}

/// Catches what `rxFatalErrorInDebug` would trap with, while `body` runs, and returns the
/// messages; binding an error to a relay then behaves as in a release build.
func interceptingFatalErrorsInDebug(_ body: () -> Void) -> [String] {
    let messages = MessageLog()
    FatalErrorInDebug.intercept = { messages.append($0) }
    defer { FatalErrorInDebug.intercept = nil }
    body()
    return messages.values
}

/// Messages appended from any thread.
final class MessageLog: Sendable {
    private let messages = LockedState<[String]>([])

    func append(_ message: String) {
        messages.withLock { $0.append(message) }
    }

    var values: [String] {
        messages.withLock { $0 }
    }
}
