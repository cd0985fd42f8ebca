// The part of a client address that per-client limits count against (client-key.server.ts).

/** IPv4 as it is; IPv6 as its first four hextets (the /64); anything unreadable as it is. */
export function addressKey(address: string): string {
  if (!address.includes(":")) return address;
  const hextets = expandIpv6(address);
  return hextets ? `${hextets.slice(0, 4).join(":")}::/64` : address;
}

function expandIpv6(address: string): string[] | undefined {
  const plain = address
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!
    .toLowerCase();
  // An embedded IPv4 tail (::ffff:192.0.2.1) takes the last two hextets.
  const v4 = plain.match(/^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  const body = v4
    ? `${v4[1]}${((Number(v4[2]) << 8) | Number(v4[3])).toString(16)}:${((Number(v4[4]) << 8) | Number(v4[5])).toString(16)}`
    : plain;
  const halves = body.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((hextet) => /^[0-9a-f]{1,4}$/.test(hextet))) return undefined;
  return all.map((hextet) => hextet.replace(/^0+(?=.)/, ""));
}
