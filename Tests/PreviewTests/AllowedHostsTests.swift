import Testing
@testable import Preview

@Suite("allowed hosts")
struct AllowedHostsTests {
    @Test("the loopback names with the bound port only; an Origin must be one of them over http")
    func loopback() {
        let hosts = AllowedHosts(names: AllowedHosts.loopback)
        #expect(!hosts.allows(host: "127.0.0.1:8765"), "nothing is allowed before the port is known")
        hosts.listening(on: 8765)
        for host in ["127.0.0.1:8765", "localhost:8765", "LocalHost:8765", "[::1]:8765"] { #expect(hosts.allows(host: host), "\(host)") }
        for host in ["127.0.0.1", "127.0.0.1:8766", "evil.example:8765", "localhost.evil.example:8765", "", "127.0.0.2:8765"] {
            #expect(!hosts.allows(host: host), "\(host)")
        }
        #expect(!hosts.allows(host: nil))
        #expect(hosts.allows(origin: nil))
        #expect(hosts.allows(origin: "http://localhost:8765"))
        for origin in ["https://localhost:8765", "http://evil.example", "null", "http://localhost:8765.evil.example", "file://"] {
            #expect(!hosts.allows(origin: origin), "\(origin)")
        }
    }

    @Test("port 80 also allows the bare names (browsers leave the default port out)")
    func defaultPort() {
        let hosts = AllowedHosts(names: AllowedHosts.loopback + ["studio.local"])
        hosts.listening(on: 80)
        #expect(hosts.allows(host: "localhost") && hosts.allows(host: "studio.local:80") && hosts.allows(origin: "http://studio.local"))
    }
}
