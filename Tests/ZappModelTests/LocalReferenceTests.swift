import Foundation
import Testing
import ZappModel

/// What an app's own references may read (issue 34): a local app only inside its folder, a
/// remote app nothing local; every refusal is a warning naming the key.
@Suite("local references")
struct LocalReferenceTests {
    private static func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app/assets"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("app/assets/link.txt").path, withDestinationPath: root.appendingPathComponent("secret.txt").path)
        return root.appendingPathComponent("app")
    }

    @Test("inside the folder is read; absolute, file://, .. and a link leaving it are refused")
    func localApp() throws {
        let app = try Self.folder()
        defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
        let real = try #require(FileSystem.resolvedPath(app.path))
        #expect(LocalReference.resolve("assets/logo.txt", folder: app) == .file(app.path + "/assets/logo.txt"))
        #expect(LocalReference.resolve("file://\(real)/assets/x.png", folder: app) == .file(real + "/assets/x.png"))
        #expect(LocalReference.resolve("https://h/x.png", folder: app) == .notLocal)
        for outside in ["/etc/hostname", "file:///etc/hostname", "../secret.txt", "assets/../../secret.txt", "assets/link.txt", "assets/../../app2/x"] {
            guard case .refused(let why) = LocalReference.resolve(outside, folder: app) else {
                Issue.record("\(outside) must be refused")
                continue
            }
            #expect(why.hasPrefix("is outside the app folder"))
        }
    }

    @Test("a remote app reads nothing local: file:// is refused, a path is on its origin")
    func remoteApp() {
        let origin = URL(string: "http://127.0.0.1:9/app/")!
        #expect(LocalReference.resolve("/etc/hostname", folder: origin) == .notLocal)
        #expect(LocalReference.resolve("logo.txt", folder: origin) == .notLocal)
        guard case .refused = LocalReference.resolve("file:///etc/hostname", folder: origin) else {
            Issue.record("file:// must be refused for a remote app")
            return
        }
        var app = ZappApp(screens: [ScreenModel(id: "home", name: "Home")], plugins: [], name: "remote")
        app.remoteFolder = origin
        #expect(app.localAssetURL("/etc/hostname") == nil)
        #expect(app.localAssetURL("file:///etc/hostname") == nil)
    }

    @Test("each refused asset and feed source is a warning naming its key")
    func warningsNameTheKey() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let bar = NavigationModel(
            id: "bar", category: .navBar, navigationType: "bar", assets: NavBarAssets(appLogo: "/etc/hostname", backButton: "assets/b.txt"))
        let screen = ScreenModel(
            id: "home", name: "Home", navigations: [bar],
            uiComponents: [UIComponent(id: "c", componentType: "list", data: ["source": "../secret.txt"])])
        let app = ZappApp(screens: [screen], plugins: [], folder: folder, name: "app")
        let lines = LocalReference.warnings(in: app, file: "river.json").map(\.description)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.contains { $0.contains("[0].navigations[0].assets.app_logo: warning: /etc/hostname is outside the app folder") })
        #expect(lines.contains { $0.contains("[0].ui_components[0].data.source: warning: ../secret.txt is outside the app folder") })
    }
}
