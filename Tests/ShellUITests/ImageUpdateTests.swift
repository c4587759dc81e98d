@testable import ShellCore
@testable import ShellUI
import Testing
import ZappCore
import ZappModel

/// Images in the pure update: what is asked for and when, results of a replaced app, failures.
@Suite("Images in the update")
struct ImageUpdateTests {
    func model(mode: ImageMode = .symbols) -> ShellModel {
        ShellModel(view: ImageFixtures.state(mode: mode), columns: 80, rows: 30)
    }

    func loads(_ effects: [ShellEffect]) -> [ImageRequest] {
        effects.compactMap { if case .loadImage(let request, _) = $0 { request } else { nil } }
    }

    func text(_ model: ShellModel) -> String {
        ImageFixtures.frame(model.view, model.columns, model.rows).plainText
    }

    @Test("the logo and the artwork in view are asked for once each, with the app's generation")
    func requestedOnce() {
        var model = model()
        let effects = ShellUpdate.update(&model, .terminal(.resize(columns: 80, rows: 30)))
        let requests = loads(effects)
        #expect(requests.first?.address == ImageFixtures.logo)
        #expect(requests.first?.jsonPath == "$[0].navigations[1].assets.app_logo")
        #expect(requests.first?.rows == ShellLayout.maximumLogoRows, "a 30-row terminal has a 3-row bar for an image logo")
        #expect(requests.contains { $0.address == "feeds/images/glass.png" && $0.rows == ScreenContent.heroImageRows },
            "the hero's artwork is image_base, relative to its feed")
        #expect(requests.contains { $0.address == "http://img.test/night.png" && $0.rows == ScreenContent.gridImageRows },
            "a grid thumbnail falls back to thumb_1")
        #expect(effects.allSatisfy { if case .loadImage(_, let generation) = $0 { generation == 0 } else { true } })
        #expect(requests.allSatisfy { model.view.images[$0] == .pending })
        #expect(loads(ShellUpdate.update(&model, .terminal(.key(.down)))).isEmpty, "asked for once")
        #expect(text(model).contains("·"), "pending images show a quiet placeholder")
    }

    @Test("images off: nothing is asked for and the frame is laid out as before images")
    func off() {
        var model = model(mode: .off)
        #expect(loads(ShellUpdate.update(&model, .terminal(.resize(columns: 80, rows: 30)))).isEmpty)
        let lines = text(model).split(separator: "\n")
        #expect(lines[0].contains("Home"), "the title stands in for the logo, on a one-row bar")
        #expect(lines[2].contains("Glass Harbor"), "the hero card has no artwork rows")
        #expect(model.view.images.isEmpty)
    }

    @Test("a ready image is drawn in its own cells; a result for a replaced app is dropped")
    func readyAndReplaced() {
        var model = model()
        let requests = loads(ShellUpdate.update(&model, .terminal(.resize(columns: 80, rows: 30))))
        let logo = requests[0]
        _ = ShellUpdate.update(&model, .imageLoaded(logo, generation: 0, result: .success(ImageFixtures.image(columns: 9, rows: 3))))
        #expect(model.view.images[logo] == .ready(ImageFixtures.image(columns: 9, rows: 3)))
        let frame = ImageFixtures.frame(model.view, 80, 30)
        #expect(frame.row(1).map(\.grapheme).joined().contains("▀▀▀▀▀▀▀▀▀"), "the logo in the bar's middle row")
        #expect(!frame.row(1).map(\.grapheme).joined().contains("Home"))

        let revision = AppRevision(app: ImageFixtures.app, rootKind: .sideMenu, warnings: [], assets: AssetStore(app: ImageFixtures.app))
        let again = ShellUpdate.update(&model, .appReloaded(revision, generation: 0))
        #expect(model.appGeneration == 1)
        #expect(model.view.imageMode == .symbols, "the mode outlives the app")
        #expect(loads(again).contains(logo), "the new app asks again")
        _ = ShellUpdate.update(&model, .imageLoaded(logo, generation: 0, result: .success(ImageFixtures.image(columns: 9, rows: 3))))
        #expect(model.view.images[logo] == .pending, "the old app's result is dropped")
        _ = ShellUpdate.update(&model, .imageLoaded(logo, generation: 1, result: .success(ImageFixtures.image(columns: 9, rows: 3))))
        #expect(model.view.images[logo] == .ready(ImageFixtures.image(columns: 9, rows: 3)))
    }

    @Test("a failed image is one warning naming its JSON path, address and reason; its title stands in; not asked again")
    func failure() {
        var model = model()
        let requests = loads(ShellUpdate.update(&model, .terminal(.resize(columns: 80, rows: 30))))
        let logo = requests[0]
        let hero = requests.first { $0.address == "feeds/images/glass.png" }!
        _ = ShellUpdate.update(&model, .imageLoaded(logo, generation: 0, result: .failure(ImageLoadError("HTTP 404 Not Found"))))
        _ = ShellUpdate.update(
            &model, .imageLoaded(hero, generation: 0, result: .failure(ImageLoadError("40000x40000 pixels is over the cap"))))
        #expect(model.view.warnings == [
            "$[0].navigations[1].assets.app_logo: image https://img.test/logo.png cannot be shown: HTTP 404 Not Found",
            "feeds/shows.json $.entry[0].media_group[0].media_item[1].src: image feeds/images/glass.png cannot be shown: 40000x40000 pixels is over the cap",
        ])
        let effects = ShellUpdate.update(&model, .terminal(.key(.down)))
        #expect(!loads(effects).contains { $0.address == ImageFixtures.logo || $0.address == hero.address }, "not asked for again")
        let text = text(model)
        #expect(text.split(separator: "\n")[0].contains("Home"), "the title stands in, on a one-row bar again")
        #expect(text.contains("2 warnings (w)"))
        _ = ShellUpdate.update(&model, .terminal(.key(.character("w"))))
        #expect(self.text(model).contains("$[0].navigations[1].assets.app_logo: image"))
    }

    @Test("a bar background image tints the bar with its dominant colour, before background_color")
    func backgroundTint() {
        var screens = Array(ImageFixtures.app.screens)
        screens[0].navigations[1].assets.background = "https://img.test/bar.jpg"
        let app = ZappApp(screens: screens, plugins: ImageFixtures.app.plugins, name: "Images")
        var model = ShellModel(view: ShellViewState(app: app, rootKind: .sideMenu, colorSupport: .trueColor), columns: 80, rows: 30)
        model.view.imageMode = .symbols
        let requests = loads(ShellUpdate.update(&model, .terminal(.resize(columns: 80, rows: 30))))
        let background = requests.first { $0.address == "https://img.test/bar.jpg" }!
        #expect(background.jsonPath == "$[0].navigations[1].assets.background")
        #expect(ImageFixtures.frame(model.view, 80, 30)[0, 0].style.background == .rgb(0x20, 0x20, 0x20), "the colour until it arrives")
        _ = ShellUpdate.update(&model, .imageLoaded(background, generation: 0, result: .success(ImageFixtures.image(columns: 8, rows: 1))))
        #expect(ImageFixtures.frame(model.view, 80, 30)[0, 0].style.background == .rgb(230, 40, 40))
    }
}
