import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newSignUp, signUpClient } from '../../test/test-client.js';

// Sign-in limits count failures, not successes (docs/decisions/018-two-factor-and-sessions.md).
// Each test moves the app's clock by the Retry-After the limiter answers: no waiting, no timing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let clock = new Date('2026-03-02T09:00:00Z').getTime();
/** A fresh hour for each test, so their counters never meet. */
function startClock() {
  clock += 2 * 60 * 60_000;
  t.setNow(new Date(clock));
}
function advance(seconds: number) {
  clock += seconds * 1000;
  t.setNow(new Date(clock));
}

const signIn = (address: string, emailAddress: string, password: string) =>
  t.client({ remoteAddress: address }).post('/api/auth/login', { emailAddress, password });

const retryAfterOf = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);

async function colleagues(count: number) {
  const accounts: { emailAddress: string; password: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const { body } = await signUpClient(t.client({ remoteAddress: `192.0.2.${index + 1}` }));
    accounts.push({ emailAddress: body.emailAddress, password: body.password });
  }
  return accounts;
}

describe('sign-in limits', () => {
  it('lets thirty colleagues behind one address sign in within a minute', async () => {
    const office = await colleagues(30);
    startClock();
    const statuses: number[] = [];
    for (const colleague of office) {
      statuses.push((await signIn('203.0.113.10', colleague.emailAddress, colleague.password)).statusCode);
      advance(1);
    }
    expect(statuses).toEqual(office.map(() => 200));
  });

  it('slows and then refuses failures on one account from rotating addresses', async () => {
    const [victim] = await colleagues(1);
    const { emailAddress, password } = victim!;
    startClock();
    let address = 0;
    const attempt = (secret = 'Wr0ng!pass') => {
      address += 1;
      return signIn(`198.51.100.${address}`, emailAddress, secret);
    };

    for (let failure = 0; failure < 5; failure += 1) expect((await attempt()).statusCode).toBe(401);
    // Slowed: each further attempt waits a growing pause after the last failure.
    const pauses: number[] = [];
    for (let failure = 5; failure < 10; failure += 1) {
      const early = await attempt();
      expect(early.statusCode).toBe(429);
      expect(early.json().error).toBe('RATE_LIMITED');
      expect(early.json().message).toMatch(
        /^Too many failed sign-in attempts\. Please try again in \d+ seconds?\.$/,
      );
      pauses.push(retryAfterOf(early));
      advance(retryAfterOf(early));
      expect((await attempt()).statusCode).toBe(401);
    }
    expect(pauses).toEqual([1, 2, 4, 8, 16]);

    // Refused: even the right password, from a new address, until the quarter of an hour is over.
    advance(60);
    const refused = await attempt(password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Please try again in \d+ minutes?\./);
    expect(retryAfterOf(refused)).toBeGreaterThan(60);
    advance(retryAfterOf(refused));
    expect((await attempt(password)).statusCode).toBe(200);
  });

  it('slows and then refuses failures from one address against many accounts', async () => {
    const [colleague] = await colleagues(1);
    startClock();
    const attacker = '198.51.100.200';
    const fail = () => signIn(attacker, newSignUp().emailAddress, 'Wr0ng!pass');
    for (let failure = 0; failure < 20; failure += 1) expect((await fail()).statusCode).toBe(401);
    const slowed = await fail();
    expect(slowed.statusCode).toBe(429);
    expect(retryAfterOf(slowed)).toBe(1);

    let failures = 20;
    let response = slowed;
    while (response.statusCode === 429 && retryAfterOf(response) <= 10) {
      advance(retryAfterOf(response));
      response = await fail();
      if (response.statusCode === 401) {
        failures += 1;
        response = await fail();
      }
    }
    expect(failures).toBe(50);
    expect(response.statusCode).toBe(429);
    expect(retryAfterOf(response)).toBeGreaterThan(60);
    // The address is refused for everyone behind it; the colleague elsewhere is let in.
    expect((await signIn(attacker, colleague!.emailAddress, colleague!.password)).statusCode).toBe(429);
    expect((await signIn('203.0.113.99', colleague!.emailAddress, colleague!.password)).statusCode).toBe(200);
  });

  it('keeps letting the office in while an attacker elsewhere fails against another account', async () => {
    const office = await colleagues(12);
    const [victim] = await colleagues(1);
    startClock();
    const attackerStatuses: number[] = [];
    const officeStatuses: number[] = [];
    for (const colleague of office) {
      attackerStatuses.push((await signIn('198.51.100.66', victim!.emailAddress, 'Wr0ng!pass')).statusCode);
      officeStatuses.push(
        (await signIn('203.0.113.10', colleague.emailAddress, colleague.password)).statusCode,
      );
    }
    expect(officeStatuses).toEqual(office.map(() => 200));
    expect(attackerStatuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attackerStatuses.slice(5)).toEqual(attackerStatuses.slice(5).map(() => 429));
  });

  it('does not count successes, and a success clears the account', async () => {
    const [person] = await colleagues(1);
    startClock();
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (let failure = 0; failure < 4; failure += 1) {
        statuses.push((await signIn('203.0.113.20', person!.emailAddress, 'Wr0ng!pass')).statusCode);
      }
      statuses.push((await signIn('203.0.113.20', person!.emailAddress, person!.password)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 200, 401, 401, 401, 401, 200]);
  });
});
