// Mirrors RxSwift's Platform/DispatchQueue+Extensions.swift.

import Dispatch

extension DispatchQueue {
    /// A key set only on the main queue, so that code can ask whether it runs there.
    private static let mainQueueKey: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Whether the current code runs on the main queue (not merely on the main thread).
    static var isMain: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }
}
