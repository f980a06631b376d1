/// The five seed articles the examples come from (`shared/seeds/README.md`), by number.
public enum SeedArticle {
    /// Each article's title as the pages and the index name it, by its number (`000` … `004`).
    public static let titles: [String: String] = [
        "000": "What is RxSwift's Observable? (a talk: observers, events, PublishSubject and its Bag)",
        "001": "Reading empty() in RxSwift's source",
        "002": "RxSwift's structure: study notes (hot and cold, DisposeBag, subjects, relays, traits)",
        "003": "A lightweight RxSwift look-alike (BwObservable: once, latest on subscribe, DisposeBag)",
        "004": "Implementing Rx from scratch (just, map, flatMap, combineLatest, zip, DisposeBag)",
    ]

    /// `002 · RxSwift's structure: …`: the article's number and title, or the number alone.
    public static func heading(of seed: String) -> String {
        titles[seed].map { "\(seed) · \($0)" } ?? seed
    }
}
