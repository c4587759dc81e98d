import Foundation
import Testing
import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

@Suite("ZappShell.Gate")
struct GateTests {
    private let terms = PluginConfiguration.plugin(
        "terms", "ZappShell.Gate", ["kind": "terms", "title": "House rules", "message": "Be kind."])
    private let pin = PluginConfiguration.plugin("pin", "ZappShell.Gate", ["kind": "pin", "pin": 1234])

    @Test("terms: Accept hands on the dictionary with terms_accepted")
    func accept() async throws {
        let bed = try TestBed(answers: [.button("Accept")])
        let factory = try bed.factory(terms)
        let hook = try bed.hook(factory, plugin: terms)
        #expect(factory.hookTraits(terms, hookScreen: nil)?.hasUI == true)
        #expect(await hook.executeHook(dataDict: ["a": 1]) == .succeeded(dataDict: ["a": 1, "terms_accepted": true]))
        let pane = try #require(bed.presenter.panes.first)
        #expect(pane.title == "House rules")
        #expect(pane.message == "Be kind.")
        #expect(pane.buttons == ["Accept", "Decline"])
        #expect(pane.fields.isEmpty)
        #expect(bed.presenter.closes == 1)
    }

    @Test("terms: Decline fails with Terms declined; Esc fails as closed")
    func decline() async throws {
        let bed = try TestBed(answers: [.button("Decline"), .dismissed])
        let factory = try bed.factory(terms)
        #expect(try await bed.hook(factory, plugin: terms).executeHook(dataDict: nil)
            == .failed(reason: "Terms declined", dataDict: nil))
        #expect(try await bed.hook(factory, plugin: terms).executeHook(dataDict: nil)
            == .failed(reason: "User has closed hook execution", dataDict: nil))
    }

    @Test("pin: a wrong PIN shows an error and keeps the pane; the right one passes")
    func pinEntry() async throws {
        let bed = try TestBed(answers: [.button("Unlock", ["pin": "0000"]), .button("Unlock", ["pin": "1234"])])
        let hook = try bed.hook(try bed.factory(pin), plugin: pin)
        #expect(await hook.executeHook(dataDict: nil) == .succeeded(dataDict: ["pin_verified": true]))
        let pane = try #require(bed.presenter.panes.first)
        #expect(pane.fields.map(\.kind) == [.password])
        #expect(pane.buttons == ["Unlock", "Cancel"])
        #expect(bed.presenter.panes.count == 1)
        #expect(bed.presenter.errors == ["Wrong PIN"])
    }

    @Test("pin: Cancel fails as Esc does, with the same reason")
    func pinCancel() async throws {
        let bed = try TestBed(answers: [.button("Cancel"), .dismissed])
        let factory = try bed.factory(pin)
        let cancelled = await (try bed.hook(factory, plugin: pin)).executeHook(dataDict: nil)
        let dismissed = await (try bed.hook(factory, plugin: pin)).executeHook(dataDict: nil)
        #expect(cancelled == .failed(reason: "User has closed hook execution", dataDict: nil))
        #expect(cancelled == dismissed)
    }

    @Test("blocking is left to the manager unless configured")
    func flowBlocker() throws {
        let bed = try TestBed()
        #expect(try bed.factory(terms).hookTraits(terms, hookScreen: nil)?.isFlowBlocker == nil)
        let blocking = PluginConfiguration.plugin("b", "ZappShell.Gate", ["kind": "terms", "is_flow_blocker": true])
        #expect(try bed.factory(blocking).hookTraits(blocking, hookScreen: nil)?.isFlowBlocker == true)
    }

    @Test("a bad kind or a PIN gate without a PIN is unavailable with the reason")
    func badConfiguration() throws {
        let bed = try TestBed()
        let kind = PluginConfiguration.plugin("k", "ZappShell.Gate", ["kind": "captcha"])
        #expect(bed.registry([kind]).plugin(identifier: "k")?.unavailableReason?
            .contains(#"configuration_json.kind: expected "terms" or "pin", got "captcha""#) == true)
        let noPIN = PluginConfiguration.plugin("p", "ZappShell.Gate", ["kind": "pin"])
        #expect(bed.registry([noPIN]).plugin(identifier: "p")?.unavailableReason?.contains("configuration_json.pin: missing") == true)
    }
}
