import { describe, expect, it } from "vitest";
import { addressKey } from "~/server/limits/address-key.server";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("keys every IPv6 address of one /64 alike, however it is written", () => {
    const forms = [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:0:0:0:9",
      "[2001:db8:1:2::a]",
      "2001:db8:1:2::1%eth0",
    ];
    expect(new Set(forms.map(addressKey))).toEqual(new Set(["2001:db8:1:2::/64"]));
  });

  it("keys neighbouring /64s apart", () => {
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address", () => {
    expect(addressKey("::ffff:192.0.2.1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b:1:2::192.0.2.1")).toBe("64:ff9b:1:2::/64");
  });

  it("leaves an unreadable address as it is instead of guessing", () => {
    for (const odd of ["2001:db8::1::2", "2001:db8:zz::1", "1:2:3:4:5:6:7:8:9"]) expect(addressKey(odd)).toBe(odd);
  });
});
