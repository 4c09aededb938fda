import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

// Requests to addresses that workspace admins type (the Slack webhook, workspace webhooks). The
// server must not become a way to reach its own network (SSRF): the host must resolve to public
// addresses only, checked when the URL is saved and again at each send; the request goes to the
// very address that was checked (a second DNS answer cannot swap in a private one), and redirects
// are not followed. The operator may allow given hosts on private addresses (on-premise installs,
// tests), over http as well (SLACK_ALLOWED_PRIVATE_HOSTS, WEBHOOK_ALLOWED_PRIVATE_HOSTS).

/** The 16 bytes of an IPv6 address (IPv4 written inside it included), or undefined. */
function ipv6Bytes(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const maybeV4 = text.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    const v4 = ipv4Bytes(maybeV4);
    if (!v4) return undefined;
    tail = v4;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function ipv4Bytes(address: string): number[] | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) {
    return undefined;
  }
  return parts.map(Number);
}

function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 1) {
    const byte = Math.floor(bit / 8);
    const mask = 0x80 >> (bit % 8);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
}

const privateIpv4: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network", unspecified
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

function isPrivateIpv4(bytes: number[]): boolean {
  return privateIpv4.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
}

const zeros = (count: number) => Array<number>(count).fill(0);

/**
 * Whether an address (IPv4 or IPv6) is private, loopback, link-local, CGNAT, multicast,
 * unspecified or otherwise not on the public internet. IPv6 forms that carry an IPv4 address
 * (v4-mapped, v4-compatible, NAT64, 6to4) are judged by that address.
 */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return isPrivateIpv4(v4);
  const v6 = ipv6Bytes(address);
  if (!v6) return true;
  if (v6.every((byte) => byte === 0)) return true; // ::
  if (inPrefix(v6, [...zeros(15), 1], 128)) return true; // ::1
  if (inPrefix(v6, [...zeros(10), 0xff, 0xff, 0, 0, 0, 0], 96)) return isPrivateIpv4(v6.slice(12)); // ::ffff:a.b.c.d
  if (inPrefix(v6, zeros(16), 96)) return isPrivateIpv4(v6.slice(12)); // ::a.b.c.d
  if (inPrefix(v6, [0, 0x64, 0xff, 0x9b, ...zeros(12)], 96)) return isPrivateIpv4(v6.slice(12)); // NAT64
  if (inPrefix(v6, [0x20, 0x02, ...zeros(14)], 16)) return isPrivateIpv4(v6.slice(2, 6)); // 6to4
  return (
    inPrefix(v6, [0xfe, 0x80, ...zeros(14)], 10) || // link-local
    inPrefix(v6, [0xfc, ...zeros(15)], 7) || // unique local
    inPrefix(v6, [0xfe, 0xc0, ...zeros(14)], 10) || // site-local (deprecated)
    inPrefix(v6, [0xff, ...zeros(15)], 8) || // multicast
    inPrefix(v6, [0x01, 0, ...zeros(14)], 64) || // discard-only
    inPrefix(v6, [0x20, 0x01, 0x0d, 0xb8, ...zeros(12)], 32) // documentation
  );
}

/** A URL whose host was resolved and checked: the request must go to `address`. */
export interface CheckedUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** What the user reads when an address is refused, in the words of the feature that checks it. */
export interface AddressMessages {
  https: string;
  invalid: string;
  unresolved: string;
  private: string;
}

/** An address the user must change; its message says why. */
export class OutboundAddressError extends Error {}

function isAllowedPrivateHost(url: URL, allowedHosts: readonly string[]): boolean {
  const hostname = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.includes(hostname) || allowedHosts.includes(`${hostname}:${port}`);
}

/**
 * Resolves the URL's host and checks every address it resolves to; answers the address to
 * connect to. Throws an OutboundAddressError with `messages`' words.
 */
export async function checkOutboundUrl(
  text: string,
  allowedHosts: readonly string[],
  messages: AddressMessages,
): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundAddressError(messages.invalid);
  }
  const isAllowed = isAllowedPrivateHost(url, allowedHosts);
  if (url.protocol !== 'https:' && !(isAllowed && url.protocol === 'http:')) {
    throw new OutboundAddressError(messages.https);
  }
  if (url.username || url.password) throw new OutboundAddressError(messages.invalid);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new OutboundAddressError(messages.unresolved);
    }
  }
  if (addresses.length === 0) throw new OutboundAddressError(messages.unresolved);
  if (!isAllowed && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new OutboundAddressError(messages.private);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface OutboundResponse {
  status: number;
  /** The start of the answer's body (up to `excerptBytes`). */
  excerpt: string;
}

/**
 * POSTs `body` to a checked URL and answers its status and the start of its body, whatever the
 * status (a redirect is not followed). Connects to the checked address; the host name still goes
 * in the Host header and the TLS server name, so the certificate is verified as usual. Rejects
 * when the endpoint cannot be reached, or does not answer within `timeoutMs` (`name` says who).
 */
export function postToCheckedUrl(
  checked: CheckedUrl,
  request: { body: string; headers: Record<string, string>; timeoutMs: number; name: string },
  excerptBytes = 1024,
): Promise<OutboundResponse> {
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
  const send = checked.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const outgoing = send(
      checked.url,
      {
        method: 'POST',
        lookup: pinnedLookup,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        timeout: request.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < excerptBytes) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const excerpt = Buffer.concat(chunks).subarray(0, excerptBytes).toString('utf8');
          resolve({ status: response.statusCode ?? 0, excerpt });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(
        new Error(`${request.name} did not answer within ${request.timeoutMs / 1000} seconds`),
      ),
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
