import Foundation
import RxCocoa
import RxSwift
import XCTest

/// `NotificationCenter.rx.notification(_:object:)`, as RxCocoa declares it: each subscription
/// observes the center until it is disposed.
final class NotificationCenterRxTests: RxRelayTestCase {
    private let loggedIn = Notification.Name("LoggedIn")
    private let loggedOut = Notification.Name("LoggedOut")

    func testNotification_PostingDeliversEachNotificationOfThatName() {
        let center = NotificationCenter()
        var received: [Notification.Name] = []
        let subscription = center.rx.notification(loggedIn).subscribe(onNext: { received.append($0.name) })

        center.post(name: loggedIn, object: nil)
        center.post(name: loggedOut, object: nil)
        center.post(name: loggedIn, object: nil)
        subscription.dispose()

        XCTAssertEqual(received, [loggedIn, loggedIn])
    }

    func testNotification_Disposing_RemovesTheObserver_NothingArrivesAfter() {
        let center = NotificationCenter()
        var received = 0
        let subscription = center.rx.notification(loggedIn).subscribe(onNext: { _ in received += 1 })
        center.post(name: loggedIn, object: nil)

        subscription.dispose()
        center.post(name: loggedIn, object: nil)

        XCTAssertEqual(received, 1)
    }

    func testNotification_WithAnObject_DeliversOnlyThatSendersNotifications() {
        let center = NotificationCenter()
        let sender = NSObject()
        let other = NSObject()
        var senders: [ObjectIdentifier] = []
        let subscription = center.rx.notification(loggedIn, object: sender)
            .subscribe(onNext: { senders.append(ObjectIdentifier($0.object as AnyObject)) })

        center.post(name: loggedIn, object: other)
        center.post(name: loggedIn, object: sender)
        subscription.dispose()

        XCTAssertEqual(senders, [ObjectIdentifier(sender)])
    }

    func testNotification_WithoutAName_DeliversEveryName() {
        let center = NotificationCenter()
        var received: [Notification.Name] = []
        let subscription = center.rx.notification(nil).subscribe(onNext: { received.append($0.name) })

        center.post(name: loggedIn, object: nil)
        center.post(name: loggedOut, object: nil)
        subscription.dispose()

        XCTAssertEqual(received, [loggedIn, loggedOut])
    }
}
