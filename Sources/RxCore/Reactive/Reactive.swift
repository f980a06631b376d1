// Mirrors RxSwift's RxSwift/Reactive.swift.

import Foundation

/// The `.rx` namespace of a type: reactive extensions are written as
/// `extension Reactive where Base: SomeType { … }`, and reached as `value.rx.…`.
///
/// For a class base, every writable property is reachable as a ``Binder`` through dynamic
/// member lookup: `label.rx.text` binds elements to `label.text` on the main scheduler.
/// It is a struct made for each `.rx` access, so it is neither resource-counted nor traced.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended value.
    public let base: Base

    /// The reactive extensions of `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets the property at `keyPath` of ``base`` to each element, on the main
    /// scheduler, while ``base`` is alive; the binder does not retain it.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        let call = TraceCall.enter("Reactive.subscript(dynamicMember:)"); defer { call.exit() }
        return Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

/// A type with reactive extensions: conforming gives it `.rx` and a static `.rx`.
public protocol ReactiveCompatible {
    /// The type the extensions extend.
    associatedtype ReactiveBase

    /// The reactive extensions of the type itself.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The reactive extensions of this value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The reactive extensions of the type itself.
    ///
    /// The setter does nothing: it lets extensions declare `mutating` members on `Reactive`.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}
    }

    /// The reactive extensions of this value.
    ///
    /// The setter does nothing: it lets extensions declare `mutating` members on `Reactive`.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}

/// Every `NSObject` has reactive extensions, as in RxSwift.
extension NSObject: ReactiveCompatible {}

#if !canImport(Darwin)
/// A notification center has reactive extensions (`center.rx.notification(_:object:)` in
/// RxCocoa) on Linux too, where swift-corelibs-foundation's `NotificationCenter` is not an
/// `NSObject`.
extension NotificationCenter: ReactiveCompatible {}
#endif
