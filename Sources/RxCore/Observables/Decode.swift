// Mirrors RxSwift's RxSwift/Observables/Decode.swift.
// Simpler than RxSwift: `decode` builds the `Map` directly (RxSwift calls the public `map`), so the
// trace shows `decode` with no `map` step under it; same events.

import Foundation

extension ObservableType where Element == Data {
    /// Decodes each `Data` element as `type` with `decoder`; an error decoding throws ends the
    /// sequence with that error.
    ///
    /// - Parameters:
    ///   - type: The `Decodable` type to decode.
    ///   - decoder: A ``DataDecoder``, such as `JSONDecoder` or `PropertyListDecoder`.
    /// - Returns: The decoded values.
    public func decode<Item: Decodable>(
        type: Item.Type,
        decoder: some DataDecoder
    ) -> Observable<Item> {
        let call = TraceCall.enter("decode"); defer { call.exit() }
        return Map(source: asObservable()) { data in try decoder.decode(type, from: data) }
            .assembled(by: "decode")
    }
}

/// A decoder that turns raw `Data` into a `Decodable` value: what `decode(type:decoder:)`
/// takes.
public protocol DataDecoder {
    /// Decodes `data` as a value of `type`.
    ///
    /// - Throws: The decoder's error when `data` is not a valid `type`.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
