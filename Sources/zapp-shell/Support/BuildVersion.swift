/// The version `zapp-shell --version` prints: the release, and the `git describe` of the
/// checkout it was built from when the build knew it (`make` stamps `gitDescribe` through
/// Scripts/with-git-describe.sh and restores this file afterwards, so a plain `swift build`
/// and a build from a tarball without `.git` print the release alone).
enum BuildVersion {
    /// The release this source tree is (see CHANGELOG.md).
    static let release = "0.1.0"
    /// `git describe --tags --always --dirty` of the built checkout, when stamped.
    static let gitDescribe: String? = nil

    /// The line `--version` prints, e.g. `0.1.0 (git 17c3467-dirty)`.
    static var line: String {
        guard let gitDescribe, !gitDescribe.isEmpty else { return release }
        return "\(release) (git \(gitDescribe))"
    }
}
