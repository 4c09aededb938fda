import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../../net/outbound-http.js';
import { isPermanentFailure } from '../failures.js';
import { checkWebhookUrl, postToWebhook, SlackAddressError } from './slack.js';

describe('private addresses', () => {
  it('refuses private, loopback, link-local, CGNAT, multicast and unspecified IPv4', () => {
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '224.0.0.1',
      '0.0.0.0',
      '255.255.255.255',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '52.1.2.3']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuses the same in IPv6, including addresses that carry an IPv4 one', () => {
    for (const address of [
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:0a00:0001::1',
      'not an address',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['2606:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4007:80f::200e']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('checks URLs: https only, no private host unless allowed (then http too)', async () => {
    const messageOf = (text: string, allowed: string[] = []) =>
      checkWebhookUrl(text, allowed).then(
        () => 'ok',
        (error: unknown) => (error instanceof SlackAddressError ? error.message : String(error)),
      );
    expect(await messageOf('http://hooks.example.com/x')).toMatch(/must start with https/);
    expect(await messageOf('https://127.0.0.1/hook')).toMatch(/private or local/);
    expect(await messageOf('https://[::ffff:192.168.0.1]/hook')).toMatch(/private or local/);
    expect(await messageOf('https://localhost/hook')).toMatch(/private or local/);
    expect(await messageOf('https://user:pass@8.8.8.8/hook')).toMatch(/valid URL/);
    expect(await messageOf('https://8.8.8.8/hook')).toBe('ok');
    expect(await messageOf('http://127.0.0.1:8080/hook', ['127.0.0.1:8080'])).toBe('ok');
    expect(await messageOf('http://127.0.0.1:8081/hook', ['127.0.0.1:8080'])).toMatch(
      /must start with https/,
    );
  });
});

describe('a Slack webhook that does not answer', () => {
  it('fails the attempt after the timeout as a transient failure, so the job is retried', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const checked = await checkWebhookUrl(`http://127.0.0.1:${port}/hook`, ['127.0.0.1']);
    const error = await postToWebhook(checked, { text: 'hi' }, 300).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('Slack did not answer within 0.3 seconds');
    expect(isPermanentFailure(error)).toBe(false);
    silent.closeAllConnections();
    silent.close();
  });
});
