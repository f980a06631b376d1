// RxCore's own: where user code called an entry point, without a `file:line` parameter that
// would change RxSwift's API (`onNext`, `accept`, `dispose()` are passed around as functions).

import CRxCore

/// The return addresses on the stack when user code called one of RxCore's entry points
/// (`onNext`, a relay's `accept`, `dispose()`, `connect()`, a `DisposeBag`'s deinit),
/// innermost first.
///
/// The first addresses lie in RxCore's own code (the step, the entry point, a protocol
/// witness), or already in the user's function when the entry point was inlined there; a
/// symbolizer turns them into lines with their inline chains, and the first line outside
/// RxCore is the user's. Captured only while a recorder records calls, by walking the
/// frame-pointer chain: a few loads, no allocation.
public struct CallerAddresses: Sendable, Equatable {
    /// How many return addresses are kept at most: a `DisposeBag`'s deinit runs under
    /// `swift_release`, and a debug build's `AnyObserver.onNext` passes through a witness and a
    /// closure, so the user's frame can be the eighth.
    public static let capacity = Int(RXCORE_CALLER_CAPACITY)

    /// The addresses as the C walk returned them.
    @usableFromInline var callers = rxcore_callers()

    /// No addresses.
    public init() {}

    /// `addresses`, innermost first; at most ``capacity`` are kept.
    public init(_ addresses: [UInt]) {
        let count = min(addresses.count, Self.capacity)
        var storage = callers.addresses
        withUnsafeMutableBytes(of: &storage) { bytes in
            let slots = bytes.bindMemory(to: UInt.self)
            for index in 0..<count {
                slots[index] = addresses[index]
            }
        }
        callers.addresses = storage
        callers.count = count
    }

    /// The addresses as the C walk found them.
    @usableFromInline init(callers: rxcore_callers) {
        self.callers = callers
    }

    /// The return addresses of the function this is inlined into and of its callers.
    ///
    /// Transparent (inlined even in a debug build), as ``TraceCall``'s `enterFromUser` is, so
    /// that the C walk's first address lies in the entry point's code (or the user's, where the
    /// entry point was inlined) rather than in a helper of its own.
    @_transparent @usableFromInline
    package static func capture() -> CallerAddresses {
        CallerAddresses(callers: rxcore_capture_callers())
    }

    /// How many addresses there are.
    public var count: Int { callers.count }

    /// The addresses, innermost first.
    public var addresses: [UInt] {
        withUnsafeBytes(of: callers.addresses) { Array($0.bindMemory(to: UInt.self).prefix(count)) }
    }

    /// Whether the addresses are the same.
    ///
    /// Compared in place, with no array: a recorder compares each entry point's addresses with
    /// its thread's last ones.
    public static func == (lhs: CallerAddresses, rhs: CallerAddresses) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return withUnsafeBytes(of: lhs.callers.addresses) { left in
            withUnsafeBytes(of: rhs.callers.addresses) { right in
                let leftAddresses = left.bindMemory(to: UInt.self)
                let rightAddresses = right.bindMemory(to: UInt.self)
                for index in 0..<lhs.count where leftAddresses[index] != rightAddresses[index] {
                    return false
                }
                return true
            }
        }
    }
}
