/**
 * The network of a login, for step-up on a new device: the IP prefix a home or office line keeps
 * while its last part changes. IPv4: the /24 (`203.0.113.0/24`); IPv6: the /48, the size a site
 * is given (`2001:db8:85a3::/48`). An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`) is IPv4.
 */

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  const address = ip.split('%')[0]!.toLowerCase();
  if (!/^[0-9a-f:]+$/.test(address) || !address.includes(':')) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/** The network prefix of an address; null for none or one that cannot be read. */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i.exec(ip);
  if (v4) {
    const parts = v4.slice(1, 5).map(Number);
    if (parts.some((part) => part > 255)) return null;
    return `${parts[0]}.${parts[1]}.${parts[2]}.0/24`;
  }
  const groups = ipv6Groups(ip);
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

/** A network as the security centre shows it: 203.0.113.• or 2001:db8:85a3:•. */
export function maskNetwork(network: string | null): string | null {
  if (!network) return null;
  if (network.endsWith('.0/24')) return `${network.slice(0, -'0/24'.length)}•`;
  if (network.endsWith('::/48')) return `${network.slice(0, -'::/48'.length)}:•`;
  return '•';
}
