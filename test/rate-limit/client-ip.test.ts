import { clientIp, normaliseIp, trustedProxies } from "@apar/adapters/net/index";
import test from "ava";

const none = trustedProxies([]);
const proxies = trustedProxies(["127.0.0.1", "10.0.0.0/8", "fd00::/8"]);

test("IPv4-mapped IPv6 addresses are the IPv4 address; IPv6 is lower-cased", (t) => {
  t.is(normaliseIp("::ffff:192.0.2.7"), "192.0.2.7");
  t.is(normaliseIp("::FFFF:192.0.2.7"), "192.0.2.7");
  t.is(normaliseIp("2001:DB8::1"), "2001:db8::1");
  t.is(normaliseIp("192.0.2.7"), "192.0.2.7");
});

test("without trusted proxies the socket address is the client and X-Forwarded-For is ignored", (t) => {
  t.is(clientIp("::ffff:127.0.0.1", "198.51.100.1", none), "127.0.0.1");
  t.is(clientIp("203.0.113.9", undefined, proxies), "203.0.113.9");
});

test("a peer that is not a trusted proxy is the client even when it sends X-Forwarded-For", (t) => {
  t.is(clientIp("203.0.113.9", "198.51.100.1", proxies), "203.0.113.9");
});

test("behind trusted proxies X-Forwarded-For is walked from the right to the first untrusted address", (t) => {
  t.is(clientIp("127.0.0.1", "198.51.100.1", proxies), "198.51.100.1");
  // The client wrote 6.6.6.6 itself; the first proxy appended what it saw; the second proxy is trusted too.
  t.is(clientIp("::ffff:127.0.0.1", "6.6.6.6, 198.51.100.1, 10.1.2.3", proxies), "198.51.100.1");
  // Several headers are one list, in order.
  t.is(clientIp("127.0.0.1", ["6.6.6.6", "198.51.100.1, 10.9.9.9"], proxies), "198.51.100.1");
  t.is(clientIp("127.0.0.1", "2001:DB8::5, fd12::1", proxies), "2001:db8::5");
  t.is(clientIp("127.0.0.1", "::ffff:198.51.100.2", proxies), "198.51.100.2");
});

test("ports some proxies add are dropped", (t) => {
  t.is(clientIp("127.0.0.1", "198.51.100.1:4711", proxies), "198.51.100.1");
  t.is(clientIp("127.0.0.1", "[2001:db8::9]:4711", proxies), "2001:db8::9");
});

test("when every hop is trusted the leftmost is the client; a malformed entry stops the walk at the last hop", (t) => {
  t.is(clientIp("127.0.0.1", "10.0.0.5, 10.0.0.6", proxies), "10.0.0.5");
  t.is(clientIp("127.0.0.1", "", proxies), "127.0.0.1");
  t.is(clientIp("127.0.0.1", "nonsense, 10.0.0.6", proxies), "10.0.0.6");
  t.is(clientIp("127.0.0.1", "198.51.100.1, nonsense", proxies), "127.0.0.1");
});

test("trusted proxy entries must be IPs or CIDR ranges", (t) => {
  t.throws(() => trustedProxies(["10.0.0.0/33"]), { message: /10\.0\.0\.0\/33/ });
  t.throws(() => trustedProxies(["proxy.example"]));
  t.throws(() => trustedProxies(["10.0.0.0/8/1"]));
  t.true(trustedProxies(["::ffff:10.0.0.1"]).has("10.0.0.1"));
  t.true(trustedProxies(["2001:db8::/32"]).has("2001:db8:1::1"));
  t.false(trustedProxies(["2001:db8::/32"]).has("2001:db9::1"));
});
