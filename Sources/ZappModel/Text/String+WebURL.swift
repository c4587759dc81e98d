extension String {
    /// True for an `http://` or `https://` address (in any case): a web page or a feed on a
    /// server, not a screen reference or a file path. The one test the targets, feed sources,
    /// feed entries and app locations share.
    public var isWebURL: Bool {
        let lower = lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
