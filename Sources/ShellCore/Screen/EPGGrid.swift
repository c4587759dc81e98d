/// A plausible programme guide for the white-label EPG screen: channels with programmes in
/// 30-minute slots from 18:00 (fixed, so frames are reproducible).
public struct EPGGrid: Sendable, Hashable {
    public struct Programme: Sendable, Hashable {
        public var title: String
        /// Length in 30-minute slots.
        public var slots: Int
    }

    public struct Channel: Sendable, Hashable {
        public var name: String
        public var programmes: [Programme]
    }

    public var startLabel: [String]
    public var channels: [Channel]

    /// The built-in guide.
    public static let sample: EPGGrid = {
        let names = ["ZappTV One", "ZappTV Two", "News 24", "Sports", "Kids", "Movies"]
        let titles = [
            "Evening News", "The Northern Line", "Quiz Night", "Weather", "Match Day Live", "Cartoon Hour",
            "Late Movie", "Documentary", "Cooking Club", "World Report", "Highlights", "Film Classics",
        ]
        var channels: [Channel] = []
        for (index, name) in names.enumerated() {
            var programmes: [Programme] = []
            for slot in 0..<6 {
                programmes.append(Programme(title: titles[(index * 5 + slot * 7) % titles.count], slots: (index + slot) % 3 == 0 ? 2 : 1))
            }
            channels.append(Channel(name: name, programmes: programmes))
        }
        let labels = (0..<12).map { slot -> String in
            let minutes = 18 * 60 + slot * 30
            return "\(minutes / 60):" + (minutes % 60 == 0 ? "00" : "30")
        }
        return EPGGrid(startLabel: labels, channels: channels)
    }()
}
