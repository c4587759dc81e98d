import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// Issue 27, part 6: an image logo too small to be read as symbols gives its place to the bar's
/// title (ShellLayout.minimumSymbolLogo, measured in docs/symbols.md); shown as pixels (a
/// protocol image, a document's PNG) it keeps its box.
@Suite("Logo readability")
struct LogoReadabilityTests {
    @Test("the rule: symbols need 4 rows and 128 cells; pixels always read", arguments: [
        (24, 3, false, false), (24, 1, false, false), (32, 4, false, true), (31, 4, false, false),
        (64, 3, false, false), (40, 5, false, true), (24, 3, true, true), (8, 1, true, true),
    ])
    func rule(columns: Int, rows: Int, asPixels: Bool, reads: Bool) {
        #expect(ShellLayout.logoImageReads(columns: columns, rows: rows, asPixels: asPixels) == reads)
    }

    @Test("symbols: the bar's 24x3 logo box is too small, so no logo is asked for and the title shows on a one-row bar")
    func symbolsShowTheTitle() {
        let state = ImageFixtures.state(mode: .symbols, embedsImages: false)
        let layout = ShellLayout(state: state, columns: 80, rows: 30)
        #expect(layout.logoImage == nil)
        #expect(layout.barRect?.height == 1)
        #expect(!state.imagesOnScreen(columns: 80, rows: 30).contains { $0.address == ImageFixtures.logo })
        let top = ImageFixtures.frame(state, 80, 30).row(0).map(\.grapheme).joined()
        #expect(top.contains("Home"), "the title stands where the logo would: \(top)")
    }

    @Test("kitty, sixel, iTerm2 and documents keep the 3-row logo box")
    func pixelsKeepTheLogo() {
        for mode in [ImageMode.kitty, .sixel, .iterm] {
            let layout = ShellLayout(state: ImageFixtures.state(mode: mode, embedsImages: false), columns: 80, rows: 30)
            #expect(layout.logoImage?.rows == ShellLayout.maximumLogoRows, "\(mode)")
            #expect(layout.logoImage?.columns == ShellLayout.maximumLogoImageColumns, "\(mode)")
        }
        let document = ShellLayout(state: ImageFixtures.state(mode: .symbols, embedsImages: true), columns: 80, rows: 30)
        #expect(document.logoImage?.rows == ShellLayout.maximumLogoRows)
    }
}
