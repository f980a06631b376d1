// A small app's login screen, written as RxSwift apps are: relays for what the user types, a
// Driver for the button, a login request (a Single) on each tap, and a bag per owner.
// RxTraceTests' ClassicLeakTests record each of its classic leaks and read the report.

import RxCore
import RxRelay

/// Logs a user in: one request, answered once.
public protocol LoginService: AnyObject {
    /// The greeting for `user`, or an error.
    func logIn(user: String, password: String) -> Single<String>
}

/// A service that answers at once, as a test double does.
public final class ImmediateLoginService: LoginService {
    /// A service.
    public init() {}

    /// `Welcome, <user>` at once.
    public func logIn(user: String, password: String) -> Single<String> {
        .just("Welcome, \(user)")
    }
}

/// The login screen's model: what the user typed, whether the button is enabled, and the
/// greeting the last login returned. Its subscriptions live in its own bag, released with it.
public final class LoginViewModel {
    /// The user name typed so far.
    public let userName = BehaviorRelay(value: "")
    /// The password typed so far.
    public let password = BehaviorRelay(value: "")
    /// Each tap on the login button.
    public let loginTaps = PublishRelay<Void>()
    /// Whether the login button is enabled: a user name, and a password of 8 characters or more.
    public let isLoginEnabled: Driver<Bool>
    /// The greeting the last login returned.
    public private(set) var greeting = ""
    /// The button's state, as the view last drew it.
    public private(set) var isButtonEnabled = false
    /// The model's subscriptions, disposed when the model is released (or when a new bag
    /// replaces this one, as `prepareForReuse` does in a cell).
    public var disposeBag = DisposeBag()

    /// A model logging in through `service`: the button follows the fields, and each tap logs
    /// in with the fields' latest values, a new request replacing the one before.
    public init(service: LoginService) {
        isLoginEnabled = Observable.combineLatest(userName, password) { user, password in
            !user.isEmpty && password.count >= 8
        }.asDriver(onErrorJustReturn: false)
        isLoginEnabled.drive(onNext: { [weak self] in self?.isButtonEnabled = $0 }).disposed(by: disposeBag)
        loginTaps.withLatestFrom(Observable.combineLatest(userName, password))
            .flatMapLatest { user, password in service.logIn(user: user, password: password) }
            .subscribe(onNext: { [weak self] in self?.greeting = $0 })
            .disposed(by: disposeBag)
    }

    /// The retain cycle through a bag: the closure captures `self` strongly, and the
    /// subscription is in `self`'s own bag, so model → bag → subscription → closure → model.
    public func greetStrongly() {
        userName.map { "Hello, \($0)" }.subscribe(onNext: { self.greeting = $0 }).disposed(by: disposeBag)
    }

    /// Logs in once with the fields' values and drops the Disposable: harmless, since the
    /// request is a Single, which ends with its one answer.
    public func logInOnce(service: LoginService) {
        _ = service.logIn(user: userName.value, password: password.value)
            .subscribe(onSuccess: { [weak self] in self?.greeting = $0 })
    }
}
