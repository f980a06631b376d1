import Foundation
import RxBlocking
import RxCocoa
import RxSwift
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSession.rx` as RxCocoa declares it, against a session whose requests a ``CannedResponses``
/// protocol answers: no network is touched.
final class URLSessionRxTests: RxRelayTestCase {
    private var session: URLSession!
    private var savedShouldLogRequest: ((URLRequest) -> Bool)!

    override func setUp() {
        super.setUp()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CannedResponses.self]
        session = URLSession(configuration: configuration)
        savedShouldLogRequest = URLSession.rx.shouldLogRequest
        URLSession.rx.shouldLogRequest = { _ in false }
    }

    override func tearDown() {
        URLSession.rx.shouldLogRequest = savedShouldLogRequest
        session.invalidateAndCancel()
        session = nil
        super.tearDown()
    }

    func testResponse_SendsTheHTTPResponseAndItsData_ThenCompletes() throws {
        let responses = try session.rx.response(request: URLRequest(url: CannedResponses.json))
            .toBlocking(timeout: 5).toArray()

        XCTAssertEqual(responses.map(\.response.statusCode), [200])
        XCTAssertEqual(responses.map(\.data), [CannedResponses.jsonBody])
    }

    func testData_Status2xx_SendsTheData() throws {
        let data = try session.rx.data(request: URLRequest(url: CannedResponses.json)).toBlocking(timeout: 5).toArray()

        XCTAssertEqual(data, [CannedResponses.jsonBody])
    }

    func testData_Status404_FailsWithHTTPRequestFailed_CarryingTheResponseAndItsData() {
        let result = session.rx.data(request: URLRequest(url: CannedResponses.missing)).toBlocking(timeout: 5).materialize()

        guard case .failed(let elements, let error) = result,
            case .httpRequestFailed(let response, let data) = error as? RxCocoaURLError
        else {
            return XCTFail("expected RxCocoaURLError.httpRequestFailed, got \(result)")
        }
        XCTAssertEqual(elements, [])
        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(data, CannedResponses.missingBody)
    }

    func testJSONRequest_ReadsTheBodyAsJSON() throws {
        let objects = try session.rx.json(request: URLRequest(url: CannedResponses.json)).toBlocking(timeout: 5).toArray()

        XCTAssertEqual(objects.map { ($0 as? [String: Any])?["answer"] as? Int }, [42])
    }

    func testJSONRequest_BodyThatIsNotJSON_FailsWithDeserializationError() {
        let result = session.rx.json(request: URLRequest(url: CannedResponses.text)).toBlocking(timeout: 5).materialize()

        guard case .failed(_, let error) = result, case .deserializationError = error as? RxCocoaURLError else {
            return XCTFail("expected RxCocoaURLError.deserializationError, got \(result)")
        }
    }

    func testJSONURL_GetsTheURLAndReadsItAsJSON() throws {
        let objects = try session.rx.json(url: CannedResponses.json).toBlocking(timeout: 5).toArray()

        XCTAssertEqual(objects.map { ($0 as? [String: Any])?["answer"] as? Int }, [42])
    }

    func testHTTPRequestFailed_DescribesTheStatus() throws {
        let response = try XCTUnwrap(
            HTTPURLResponse(url: CannedResponses.missing, statusCode: 404, httpVersion: nil, headerFields: nil))

        XCTAssertEqual(
            RxCocoaURLError.httpRequestFailed(response: response, data: nil).debugDescription,
            "HTTP request failed with `404`.")
    }
}

/// A `URLProtocol` that answers every request itself, from the request's path: `/answer.json`
/// with JSON, `/missing` with a 404, anything else with plain text.
private final class CannedResponses: URLProtocol {
    static let json = URL(string: "https://rxtrace.invalid/answer.json")!
    static let missing = URL(string: "https://rxtrace.invalid/missing")!
    static let text = URL(string: "https://rxtrace.invalid/readme.txt")!
    static let jsonBody = Data(#"{"answer": 42}"#.utf8)
    static let missingBody = Data("not here".utf8)
    static let textBody = Data("plain text".utf8)

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url ?? Self.text
        let (status, body) =
            switch url.path {
            case Self.json.path: (200, Self.jsonBody)
            case Self.missing.path: (404, Self.missingBody)
            default: (200, Self.textBody)
            }
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
