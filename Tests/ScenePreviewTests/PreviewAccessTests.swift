import SceneCore
import ScenePreview
import TestSupport
import Testing

/// The checks every request and message to a preview goes through.
struct PreviewAccessTests {
    private let token = "0123456789abcdef0123456789abcdef"

    private func check(
        _ uri: String, method: String = "GET", hosts: [String] = ["127.0.0.1:8123"], origins: [String] = []
    ) -> Result<PreviewAccess.Resource, PreviewAccess.Refusal> {
        PreviewAccess.check(method: method, uri: uri, hosts: hosts, origins: origins, token: token, port: 8123)
    }

    private func status(_ result: Result<PreviewAccess.Resource, PreviewAccess.Refusal>) -> Int {
        switch result {
        case .success: 200
        case .failure(let refusal): refusal.status
        }
    }

    @Test func thePageAndTheSocketNeedTheToken() throws {
        #expect(try check("/?token=\(token)").get() == .page)
        #expect(try check("/socket?token=\(token)").get() == .socket)
        #expect(status(check("/")) == 403)
        #expect(status(check("/?token=")) == 403)
        #expect(status(check("/?token=\(token.dropLast())")) == 403)
        #expect(status(check("/?token=\(token)0")) == 403)
        #expect(status(check("/?token=\(token.uppercased())")) == 403)
        #expect(status(check("/?other=1&token=\(token)")) == 403)
        #expect(status(check("/socket")) == 403)
    }

    @Test func onlyTheTwoFixedPathsAreServed() {
        for path in ["/index.html", "/../etc/passwd", "//", "/socket/", "/?", "", "/favicon.ico", "/Socket"] {
            let result = check(path + (path.contains("?") ? "" : "?token=\(token)"))
            #expect(status(result) == 404 || status(result) == 403, "\(path)")
            #expect((try? result.get()) == nil, "\(path)")
        }
        #expect(status(check("/?token=\(token)", method: "POST")) == 405)
    }

    @Test func theHostMustBeTheServerItself() {
        #expect(status(check("/?token=\(token)", hosts: ["localhost:8123"])) == 200)
        #expect(status(check("/?token=\(token)", hosts: ["LOCALHOST:8123"])) == 200)
        // A rebound name, another port, no Host, two of them.
        #expect(status(check("/?token=\(token)", hosts: ["attacker.example:8123"])) == 421)
        #expect(status(check("/?token=\(token)", hosts: ["127.0.0.1:8124"])) == 421)
        #expect(status(check("/?token=\(token)", hosts: ["127.0.0.1"])) == 421)
        #expect(status(check("/?token=\(token)", hosts: [])) == 421)
        #expect(status(check("/?token=\(token)", hosts: ["127.0.0.1:8123", "127.0.0.1:8123"])) == 421)
    }

    @Test func onTheDefaultPortTheHostAndOriginMayLeaveThePortOut() {
        // A browser leaves the port out of Host and Origin when it is the
        // scheme's default: http://127.0.0.1:80/ is sent as Host: 127.0.0.1.
        func check80(hosts: [String], origins: [String] = []) -> Int {
            status(
                PreviewAccess.check(
                    method: "GET", uri: "/?token=\(token)", hosts: hosts, origins: origins, token: token, port: 80))
        }
        #expect(check80(hosts: ["127.0.0.1"]) == 200)
        #expect(check80(hosts: ["localhost"]) == 200)
        #expect(check80(hosts: ["127.0.0.1:80"]) == 200)
        #expect(check80(hosts: ["127.0.0.1"], origins: ["http://127.0.0.1"]) == 200)
        #expect(check80(hosts: ["localhost"], origins: ["http://localhost:80"]) == 200)
        // Other hosts are still refused (DNS rebinding), and other origins.
        #expect(check80(hosts: ["attacker.example"]) == 421)
        #expect(check80(hosts: ["attacker.example:80"]) == 421)
        #expect(check80(hosts: ["127.0.0.1:8080"]) == 421)
        #expect(check80(hosts: ["127.0.0.1"], origins: ["http://attacker.example"]) == 403)
        #expect(check80(hosts: ["127.0.0.1"], origins: ["https://127.0.0.1"]) == 403)
    }

    @Test func anOriginMustBeThePreviewsOwnPage() {
        #expect(status(check("/socket?token=\(token)", origins: ["http://127.0.0.1:8123"])) == 200)
        #expect(status(check("/socket?token=\(token)", origins: ["http://localhost:8123"])) == 200)
        #expect(status(check("/socket?token=\(token)", origins: ["https://evil.example"])) == 403)
        #expect(status(check("/socket?token=\(token)", origins: ["http://127.0.0.1:9999"])) == 403)
        #expect(status(check("/socket?token=\(token)", origins: ["null"])) == 403)
        #expect(
            status(check("/socket?token=\(token)", origins: ["http://127.0.0.1:8123", "https://evil.example"]))
                == 403)
    }

    @Test func tokensAre128RandomBitsInHex() {
        let first = PreviewAccess.newToken()
        let second = PreviewAccess.newToken()
        #expect(first.count == 32)
        #expect(first.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(first != second)
        var generator = SplitMix64(seed: 7)
        var again = SplitMix64(seed: 7)
        #expect(PreviewAccess.newToken(using: &generator) == PreviewAccess.newToken(using: &again))
    }

    @Test func tokenComparisonNeedsEveryByte() {
        #expect(PreviewAccess.tokensMatch(token, token))
        #expect(!PreviewAccess.tokensMatch("", token))
        #expect(!PreviewAccess.tokensMatch(token + token, token))
        var bytes = Array(token.utf8)
        for index in bytes.indices {
            let kept = bytes[index]
            bytes[index] = kept == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            #expect(!PreviewAccess.tokensMatch(String(decoding: bytes, as: UTF8.self), token), "byte \(index)")
            bytes[index] = kept
        }
    }

    @Test func messagesAreOneLineAndBounded() {
        #expect(PreviewAccess.problem(withMessage: "step tap: play") == nil)
        #expect(
            PreviewAccess.problem(withMessage: String(repeating: "a", count: PreviewAccess.maximumMessageBytes)) == nil)
        #expect(
            PreviewAccess.problem(withMessage: String(repeating: "a", count: PreviewAccess.maximumMessageBytes + 1))
                != nil)
        for lineBreak in ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(PreviewAccess.problem(withMessage: "step tap: a\(lineBreak)step tap: b") != nil)
        }
    }

    @Test func theRateIsLimited() {
        var limit = RateLimit(perSecond: 200)
        let admitted = (0..<300).filter { _ in limit.admit(at: .seconds(1)) }.count
        #expect(admitted == 200)
        let oneMore = limit.admit(at: .seconds(1))
        #expect(!oneMore)
        // Half a second later, half the allowance is back.
        let later = (0..<300).filter { _ in limit.admit(at: .milliseconds(1_500)) }.count
        #expect(later == 100)
        // A clock that goes back gives nothing back.
        let earlier = limit.admit(at: .zero)
        #expect(!earlier)
    }
}
