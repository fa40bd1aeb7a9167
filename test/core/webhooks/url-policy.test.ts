import { checkWebhookUrl, isForbiddenAddress, type UrlPolicy } from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const strict: UrlPolicy = { allowInsecureLoopback: false, privateCidrs: [] };
const insecureLoopback: UrlPolicy = { allowInsecureLoopback: true, privateCidrs: [] };

/** Every URL here must be refused by the strict policy, with the named field-error code. */
const BAD: ReadonlyArray<readonly [url: string, code: string]> = [
  // scheme and shape
  ["http://example.com/hook", "url.scheme"],
  ["HTTP://EXAMPLE.COM/hook", "url.scheme"],
  ["ftp://example.com/hook", "url.scheme"],
  ["file:///etc/passwd", "url.scheme"],
  ["javascript:alert(1)", "url.scheme"],
  ["gopher://127.0.0.1:6379/_INFO", "url.scheme"],
  ["ws://example.com/hook", "url.scheme"],
  ["http://127.0.0.1:8080/hook", "url.scheme"],
  ["example.com/hook", "url.invalid"],
  ["//example.com/hook", "url.invalid"],
  ["https://", "url.invalid"],
  ["https:// example.com/", "url.invalid"],
  [" https://example.com/", "url.invalid"],
  ["https://exa\tmple.com/", "url.invalid"],
  ["https://example.com/\n", "url.invalid"],
  ["https://exa mple.com/", "url.invalid"],
  [`https://example.com/${"a".repeat(2100)}`, "url.too_long"],
  ["https://example.com:99999/", "url.invalid"],
  // userinfo and fragment tricks
  ["https://user:pass@example.com/hook", "url.userinfo"],
  ["https://example.com@127.0.0.1/", "url.userinfo"],
  ["https://example.com:443@169.254.169.254/", "url.userinfo"],
  ["https://@example.com/", "url.userinfo"],
  ["https://127.0.0.1\\@example.com/", "url.forbidden_address"],
  ["https://127.0.0.1#@example.com", "url.fragment"],
  ["https://example.com/hook#frag", "url.fragment"],
  ["https://example.com/hook#", "url.fragment"],
  // IPv4 loopback, however written
  ["https://127.0.0.1/", "url.forbidden_address"],
  ["https://127.0.0.1./", "url.forbidden_address"],
  ["https://127.1/", "url.forbidden_address"],
  ["https://127.0.1/", "url.forbidden_address"],
  ["https://2130706433/", "url.forbidden_address"],
  ["https://0x7f000001/", "url.forbidden_address"],
  ["https://0X7F000001/", "url.forbidden_address"],
  ["https://0x7f.1/", "url.forbidden_address"],
  ["https://0x7f.0x0.0x0.0x1/", "url.forbidden_address"],
  ["https://0177.0.0.1/", "url.forbidden_address"],
  ["https://017700000001/", "url.forbidden_address"],
  ["https://0177.1/", "url.forbidden_address"],
  ["https://127.255.255.254:8443/", "url.forbidden_address"],
  ["https://%31%32%37.0.0.1/", "url.forbidden_address"],
  ["https://\uff11\uff12\uff17.\uff10.\uff10.\uff11/", "url.forbidden_address"],
  // unspecified, private, link-local, CGNAT, metadata, multicast, broadcast, reserved, documentation, benchmarking
  ["https://0.0.0.0/", "url.forbidden_address"],
  ["https://0/", "url.forbidden_address"],
  ["https://0.1.2.3/", "url.forbidden_address"],
  ["https://10.0.0.1/", "url.forbidden_address"],
  ["https://167772161/", "url.forbidden_address"],
  ["https://172.16.0.1/", "url.forbidden_address"],
  ["https://172.31.255.255/", "url.forbidden_address"],
  ["https://192.168.1.1/", "url.forbidden_address"],
  ["https://0xc0.0xa8.1.1/", "url.forbidden_address"],
  ["https://169.254.169.254/latest/meta-data/", "url.forbidden_address"],
  ["https://0xa9fea9fe/", "url.forbidden_address"],
  ["https://2852039166/", "url.forbidden_address"],
  ["https://169.254.1.1/", "url.forbidden_address"],
  ["https://169.254.170.2/v2/credentials", "url.forbidden_address"],
  ["https://100.64.0.1/", "url.forbidden_address"],
  ["https://100.127.255.255/", "url.forbidden_address"],
  ["https://100.100.100.200/", "url.forbidden_address"],
  ["https://224.0.0.1/", "url.forbidden_address"],
  ["https://239.255.255.250/", "url.forbidden_address"],
  ["https://255.255.255.255/", "url.forbidden_address"],
  ["https://240.0.0.1/", "url.forbidden_address"],
  ["https://198.18.0.1/", "url.forbidden_address"],
  ["https://198.19.255.1/", "url.forbidden_address"],
  ["https://192.0.2.10/", "url.forbidden_address"],
  ["https://198.51.100.10/", "url.forbidden_address"],
  ["https://203.0.113.10/", "url.forbidden_address"],
  ["https://192.0.0.170/", "url.forbidden_address"],
  // IPv6 forms
  ["https://[::1]/", "url.forbidden_address"],
  ["https://[0:0:0:0:0:0:0:1]/", "url.forbidden_address"],
  ["https://[::]/", "url.forbidden_address"],
  ["https://[::ffff:127.0.0.1]/", "url.forbidden_address"],
  ["https://[::ffff:7f00:1]/", "url.forbidden_address"],
  ["https://[::ffff:169.254.169.254]/", "url.forbidden_address"],
  ["https://[::ffff:10.0.0.1]/", "url.forbidden_address"],
  ["https://[0:0:0:0:0:ffff:c0a8:101]/", "url.forbidden_address"],
  ["https://[::127.0.0.1]/", "url.forbidden_address"],
  ["https://[64:ff9b::127.0.0.1]/", "url.forbidden_address"],
  ["https://[64:ff9b::a9fe:a9fe]/", "url.forbidden_address"],
  ["https://[64:ff9b::10.1.2.3]/", "url.forbidden_address"],
  ["https://[64:ff9b:1::8.8.8.8]/", "url.forbidden_address"],
  ["https://[2002:7f00:1::]/", "url.forbidden_address"],
  ["https://[2002:a9fe:a9fe::1]/", "url.forbidden_address"],
  ["https://[2002:c0a8:0101::]/", "url.forbidden_address"],
  ["https://[fe80::1]/", "url.forbidden_address"],
  ["https://[febf::1]/", "url.forbidden_address"],
  ["https://[fc00::1]/", "url.forbidden_address"],
  ["https://[fd12:3456::1]/", "url.forbidden_address"],
  ["https://[fd00:ec2::254]/", "url.forbidden_address"],
  ["https://[fec0::1]/", "url.forbidden_address"],
  ["https://[ff02::1]/", "url.forbidden_address"],
  ["https://[2001:db8::1]/", "url.forbidden_address"],
  ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "url.forbidden_address"],
  ["https://[100::1]/", "url.forbidden_address"],
  ["https://[3fff::1]/", "url.forbidden_address"],
  // names
  ["https://localhost/", "url.forbidden_host"],
  ["https://LOCALHOST./", "url.forbidden_host"],
  ["https://localhost:8443/hook", "url.forbidden_host"],
  ["https://api.localhost/", "url.forbidden_host"],
  ["https://metadata.google.internal/computeMetadata/v1/", "url.forbidden_host"],
  ["https://METADATA.GOOGLE.INTERNAL./", "url.forbidden_host"],
  ["https://metadata/", "url.forbidden_host"],
  ["https://metadata.goog/", "url.forbidden_host"],
  ["https://instance-data.ec2.internal/", "url.forbidden_host"],
  ["https://printer.local/", "url.forbidden_host"],
  ["https://hooks.corp.internal/", "url.forbidden_host"],
  ["https://nas.home.arpa/", "url.forbidden_host"],
  ["https://1.0.0.127.in-addr.arpa/", "url.forbidden_host"],
  ["https://kubernetes.default.svc/", "url.forbidden_host"],
  ["https://example.invalid/", "url.forbidden_host"],
  ["https://intranet/", "url.forbidden_host"],
  ["https://example.com../", "url.host"],
];

for (const [url, code] of BAD) {
  test(`refuses ${JSON.stringify(url.length > 80 ? `${url.slice(0, 60)}…` : url)} (${code})`, (t) => {
    const result = checkWebhookUrl(url, strict);
    if (E.isRight(result)) return t.fail(`accepted as ${result.right.href}`);
    t.is(result.left.kind, "BadRequest");
    t.is(result.left.code, "Webhook.InvalidUrl");
    t.is(result.left.errors?.length, 1);
    t.is(result.left.errors?.[0]?.field, "url");
    t.is(result.left.errors?.[0]?.code, code);
    t.truthy(result.left.errors?.[0]?.message);
  });
}

test("the table of bad URLs is broad", (t) => {
  t.true(BAD.length >= 100);
});

test("public https URLs are accepted and normalised", (t) => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ["https://example.com/hook", "https://example.com/hook"],
    ["https://Hooks.EXAMPLE.com./in?x=1&y=2", "https://hooks.example.com/in?x=1&y=2"],
    ["https://example.com:8443/hook", "https://example.com:8443/hook"],
    ["https://example.com:443/hook", "https://example.com/hook"],
    ["https://b\u00fccher.example/hook", "https://xn--bcher-kva.example/hook"],
    ["https://8.8.8.8/hook", "https://8.8.8.8/hook"],
    ["https://134744072/hook", "https://8.8.8.8/hook"],
    ["https://1.1.1.1./", "https://1.1.1.1/"],
    ["https://[2606:4700:4700::1111]/hook", "https://[2606:4700:4700::1111]/hook"],
    ["https://[::ffff:8.8.8.8]/hook", "https://[::ffff:808:808]/hook"],
    ["https://[64:ff9b::8.8.8.8]/hook", "https://[64:ff9b::808:808]/hook"],
    ["https://172.32.0.1/", "https://172.32.0.1/"],
    ["https://100.128.0.1/", "https://100.128.0.1/"],
    ["https://hooks.example.com/a/b%20c", "https://hooks.example.com/a/b%20c"],
    ["https://my-localhost.example.com/", "https://my-localhost.example.com/"],
    ["https://metadata.example.com/", "https://metadata.example.com/"],
  ];
  for (const [url, href] of cases) {
    const result = checkWebhookUrl(url, strict);
    t.deepEqual(E.map((u: URL) => u.href)(result), E.right(href), url);
  }
});

test("allowInsecureLoopback allows http:// and https:// loopback only", (t) => {
  for (const url of [
    "http://127.0.0.1:8080/hook",
    "http://127.0.0.1/",
    "https://127.0.0.1:8443/hook",
    "http://[::1]:8080/",
    "http://localhost:3000/hook",
  ])
    t.true(E.isRight(checkWebhookUrl(url, insecureLoopback)), url);
  for (const url of [
    "http://example.com/hook",
    "http://8.8.8.8/",
    "http://10.0.0.1:8080/",
    "https://10.0.0.1:8080/",
    "https://169.254.169.254/",
    "http://0.0.0.0:8080/",
    "http://[::]:8080/",
    "https://metadata.google.internal/",
    "http://user@127.0.0.1:8080/",
  ])
    t.true(E.isLeft(checkWebhookUrl(url, insecureLoopback)), url);
  t.true(E.isLeft(checkWebhookUrl("http://127.0.0.1:8080/hook", strict)));
});

test("privateCidrs allows the named range and nothing else", (t) => {
  const policy: UrlPolicy = { allowInsecureLoopback: false, privateCidrs: ["10.20.0.0/16", "fd12:3456::/32"] };
  for (const url of ["https://10.20.1.2/hook", "https://[fd12:3456::1]/", "https://[::ffff:10.20.0.9]/"])
    t.true(E.isRight(checkWebhookUrl(url, policy)), url);
  for (const url of [
    "https://10.21.0.1/",
    "https://192.168.0.1/",
    "https://127.0.0.1/",
    "https://[fd12:3457::1]/",
    "http://10.20.1.2/",
  ])
    t.true(E.isLeft(checkWebhookUrl(url, policy)), url);
  // Names used inside private networks are taken once private ranges are allowed; their addresses are checked when resolved.
  t.true(E.isRight(checkWebhookUrl("https://hooks.corp.internal/", policy)));
  t.true(E.isLeft(checkWebhookUrl("https://hooks.corp.internal/", strict)));
});

test("isForbiddenAddress covers every special range, as resolvers write addresses", (t) => {
  const forbidden = [
    "127.0.0.1",
    "127.53.0.1",
    "10.255.255.255",
    "172.16.0.0",
    "192.168.255.255",
    "169.254.169.254",
    "169.254.0.1",
    "100.64.0.0",
    "100.100.100.200",
    "0.0.0.0",
    "0.255.255.255",
    "224.0.0.251",
    "255.255.255.255",
    "240.0.0.0",
    "198.18.0.0",
    "192.0.2.1",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::7f00:1",
    "2002:0a00:0001::1",
    "fe80::1%eth0",
    "fd00:ec2::254",
    "fc00::",
    "ff05::2",
    "2001:db8:85a3::8a2e:370:7334",
    "not-an-address",
    "",
    "1.2.3.4.5",
  ];
  for (const address of forbidden) t.true(isForbiddenAddress(address, strict), address);
  const allowed = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.15.255.255",
    "172.32.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80e::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:0808:0808::1",
  ];
  for (const address of allowed) t.false(isForbiddenAddress(address, strict), address);
});

test("allowInsecureLoopback opens loopback addresses only", (t) => {
  for (const address of ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"])
    t.false(isForbiddenAddress(address, insecureLoopback), address);
  for (const address of ["10.0.0.1", "169.254.169.254", "0.0.0.0", "::", "fe80::1", "192.168.0.1"])
    t.true(isForbiddenAddress(address, insecureLoopback), address);
});

test("privateCidrs opens its ranges but never metadata or unspecified addresses", (t) => {
  const policy: UrlPolicy = {
    allowInsecureLoopback: false,
    privateCidrs: ["10.0.0.0/8", "169.254.0.0/16", "100.64.0.0/10", "0.0.0.0/0", "fd00::/8"],
  };
  for (const address of ["10.1.2.3", "169.254.1.1", "100.64.1.1", "192.168.1.1", "fd12::1", "::ffff:10.9.9.9"])
    t.false(isForbiddenAddress(address, policy), address);
  for (const address of [
    "169.254.169.254",
    "100.100.100.200",
    "0.0.0.0",
    "fd00:ec2::254",
    "::",
    "::ffff:169.254.169.254",
  ])
    t.true(isForbiddenAddress(address, policy), address);
  // A malformed allowlist entry allows nothing.
  t.true(isForbiddenAddress("10.0.0.1", { allowInsecureLoopback: false, privateCidrs: ["10.0.0.0/33", "nope"] }));
  t.true(isForbiddenAddress("10.0.0.1", { allowInsecureLoopback: false, privateCidrs: ["10.0.0.2/32"] }));
  t.false(isForbiddenAddress("10.0.0.1", { allowInsecureLoopback: false, privateCidrs: ["10.0.0.1"] }));
});
