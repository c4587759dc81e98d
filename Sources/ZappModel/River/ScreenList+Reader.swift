extension ScreenList {
    /// Reads screens one after another on one thread, decoding those not decoded yet with one
    /// parser: a parser's caches cost more to set up and free than a small screen costs to
    /// decode, so a pass over a large river reads through one reader (`makeIterator`, and each
    /// thread of `diagnosticsOfEveryScreen`).
    public struct Reader {
        let list: ScreenList
        var parser = JSONArrayIndex.ElementParser()

        /// The screen at `position` (one not decoded yet is decoded, and not kept).
        public mutating func screen(at position: Int) -> ScreenModel {
            if let screen = list.slots[position] { return screen }
            return list.river!.screen(at: position, parser: &parser)
        }
    }

    /// A reader of this list's screens.
    public func reader() -> Reader {
        Reader(list: self)
    }

    /// Iterates the screens in order through one `Reader`.
    public struct Iterator: IteratorProtocol {
        var reader: Reader
        var position = 0

        public mutating func next() -> ScreenModel? {
            guard position < reader.list.count else { return nil }
            defer { position += 1 }
            return reader.screen(at: position)
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(reader: reader())
    }
}
