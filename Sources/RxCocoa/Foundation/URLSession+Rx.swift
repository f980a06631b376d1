// Mirrors RxCocoa's RxCocoa/Foundation/URLSession+Rx.swift.
// Deviation from RxSwift: on Linux, `URLSession` comes from FoundationNetworking, so this file
// imports it there; `shouldLogRequest` is `nonisolated(unsafe)`, as Swift 6 asks of a global
// closure that any thread may read.

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The errors `URLSession.rx` ends its sequences with.
public enum RxCocoaURLError: Swift.Error {
    /// The session gave neither a response nor an error.
    case unknown
    /// The response is not an `HTTPURLResponse`.
    case nonHTTPResponse(response: URLResponse)
    /// The response's status code is outside `200 ..< 300`.
    case httpRequestFailed(response: HTTPURLResponse, data: Data?)
    /// The response's data could not be read as JSON.
    case deserializationError(error: Swift.Error)
}

extension RxCocoaURLError: CustomDebugStringConvertible {
    /// What went wrong, in one sentence.
    public var debugDescription: String {
        switch self {
        case .unknown:
            return "Unknown error has occurred."
        case .nonHTTPResponse(let response):
            return "Response is not NSHTTPURLResponse `\(response)`."
        case .httpRequestFailed(let response, _):
            return "HTTP request failed with `\(response.statusCode)`."
        case .deserializationError(let error):
            return "Error during deserialization of the response: \(error)"
        }
    }
}

extension Reactive where Base: URLSession {
    /// The response to `request` and its data: one element, then completion.
    ///
    /// Each subscription performs the request anew, when it subscribes; disposing the
    /// subscription cancels the request. A failed request ends the sequence with the session's
    /// error, and a response that is not HTTP with ``RxCocoaURLError/nonHTTPResponse(response:)``.
    ///
    /// - Parameter request: the request to perform.
    /// - Returns: the sequence of the one response and its data.
    public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
        let session = base
        return Observable.create { observer in
            let startDate: Date? = URLSession.rx.shouldLogRequest(request) ? Date() : nil
            // The session calls the handler on its delegate queue: `AnyObserver` is not
            // `Sendable`, so the handler takes it unchecked; it sends at most two events, in order.
            nonisolated(unsafe) let responseObserver = observer
            let task = session.dataTask(with: request) { data, response, error in
                if let startDate {
                    logRequest(request, response: response, error: error, startedAt: startDate)
                }
                guard let response, let data else {
                    responseObserver.on(.error(error ?? RxCocoaURLError.unknown))
                    return
                }
                guard let httpResponse = response as? HTTPURLResponse else {
                    responseObserver.on(.error(RxCocoaURLError.nonHTTPResponse(response: response)))
                    return
                }
                responseObserver.on(.next((httpResponse, data)))
                responseObserver.on(.completed)
            }
            task.resume()
            return Disposables.create(with: task.cancel)
        }
    }

    /// The data of the response to `request`, when its status code is in `200 ..< 300`.
    ///
    /// Any other status ends the sequence with
    /// ``RxCocoaURLError/httpRequestFailed(response:data:)``.
    ///
    /// - Parameter request: the request to perform.
    /// - Returns: the sequence of the response's data.
    public func data(request: URLRequest) -> Observable<Data> {
        response(request: request).map { response, data -> Data in
            guard 200 ..< 300 ~= response.statusCode else {
                throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
            }
            return data
        }
    }

    /// The response to `request` read as JSON, as ``data(request:)`` gives it.
    ///
    /// Data that is not JSON ends the sequence with
    /// ``RxCocoaURLError/deserializationError(error:)``.
    ///
    /// - Parameters:
    ///   - request: the request to perform.
    ///   - options: how `JSONSerialization` reads the data.
    /// - Returns: the sequence of the response's JSON object.
    public func json(request: URLRequest, options: JSONSerialization.ReadingOptions = []) -> Observable<Any> {
        data(request: request).map { data -> Any in
            do {
                return try JSONSerialization.jsonObject(with: data, options: options)
            } catch {
                throw RxCocoaURLError.deserializationError(error: error)
            }
        }
    }

    /// The response to a GET request for `url`, read as JSON, as ``json(request:options:)``.
    ///
    /// - Parameter url: the address to get.
    /// - Returns: the sequence of the response's JSON object.
    public func json(url: Foundation.URL) -> Observable<Any> {
        json(request: URLRequest(url: url))
    }
}

extension Reactive where Base == URLSession {
    /// Whether `URLSession.rx` prints a request, as a curl command, and its outcome to standard
    /// output; by default, in DEBUG builds.
    nonisolated(unsafe) public static var shouldLogRequest: (URLRequest) -> Bool = { _ in
        #if DEBUG
        return true
        #else
        return false
        #endif
    }
}

/// Prints `request` as a curl command, then how it ended and how long it took.
private func logRequest(_ request: URLRequest, response: URLResponse?, error: Swift.Error?, startedAt startDate: Date) {
    let milliseconds = Int(Date().timeIntervalSince(startDate) * 1000)
    print(curlCommand(for: request))
    if let response = response as? HTTPURLResponse {
        let outcome = 200 ..< 300 ~= response.statusCode ? "Success" : "Failure"
        print("\(outcome) (\(milliseconds)ms): Status \(response.statusCode)")
    } else if let error = error as NSError? {
        if error.domain == NSURLErrorDomain && error.code == NSURLErrorCancelled {
            print("Cancelled (\(milliseconds)ms)")
        } else {
            print("Failure (\(milliseconds)ms): NSError > \(error)")
        }
    } else {
        print("<Unhandled response from server>")
    }
}

/// `request` as a curl command line.
private func curlCommand(for request: URLRequest) -> String {
    func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\"", with: "\\\"")
    }
    var command = "curl -X \(request.httpMethod ?? "GET") "
    if let body = request.httpBody, let text = String(data: body, encoding: .utf8) {
        command += "-d \"\(escaped(text))\" "
    }
    for (key, value) in request.allHTTPHeaderFields ?? [:] {
        command += "\n    -H \"\(escaped(key)): \(escaped(value))\" "
    }
    command += "\n\"\(escaped(request.url?.absoluteString ?? "<unknown url>"))\""
    return command + " -i -v"
}
