// `npm run test:docker`: deploy/compose.yaml as a user starts it (the image the Dockerfile builds,
// PostgreSQL, Redis, three web containers behind HAProxy, two workers), then, under a steady
// respondent load through the balancer, one web container and then one worker killed -9 from the
// host (a crash: Docker's restart policy brings them back). Counts failed requests, acknowledged
// saves lost, sign-ins kept and messages delivered, then removes the containers and their volume.
//
// Needs a Docker engine and docker-compose (`apt-get install -y docker.io docker-compose`). Without
// Docker Hub, deploy/offline-images/build.sh builds stand-ins of the images compose names first.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sleep, startMailServer } from './fleet.mjs';
import { freePort, npsAndText, publishTemplate, signUpStaff, waitFor } from './lib.mjs';

const run = promisify(execFile);
const composeFile = fileURLToPath(new URL('../deploy/compose.yaml', import.meta.url));
const project = 'graphium-docker-test';
const base = 'http://127.0.0.1:8080';

// Mail leaves the workers for a local SMTP server on the host, reached through Docker's bridge:
// `mail.received` lists each message's recipients.
const mailPort = await freePort();
const mail = await startMailServer(mailPort, '0.0.0.0');
// The host's address on Docker's default bridge (Node does not list the bridge while no container
// is on it, and its network may name no gateway).
const bridge = (await run('ip', ['-4', '-o', 'address', 'show', 'docker0'])).stdout;
const hostAddress = bridge.match(/inet (\d+\.\d+\.\d+\.\d+)/)?.[1];
if (!hostAddress) throw new Error('No docker0 interface: is the Docker engine running?');

const environment = {
  ...process.env,
  COMPOSE_PROJECT_NAME: project,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  SMTP_URL: `smtp://${hostAddress}:${mailPort}`,
};
const compose = (...args) =>
  run('docker-compose', ['-f', composeFile, '--compatibility', ...args], {
    env: environment,
    maxBuffer: 1 << 24,
  });
const containersOf = async (service) =>
  (await compose('ps', '-q', service)).stdout.split('\n').filter(Boolean);
const stateOf = async (container) =>
  JSON.parse((await run('docker', ['inspect', '-f', '{{json .State}}', container])).stdout);
/**
 * kill -9 of a container's process from the host: a crash, which the restart policy answers (a
 * `docker kill` counts as stopped by hand). Answers how long until Docker had started it again.
 */
async function crash(container) {
  const before = await stateOf(container);
  process.kill(before.Pid, 'SIGKILL');
  const killedAt = Date.now();
  while (Date.now() - killedAt < 30_000) {
    await sleep(250);
    const state = await stateOf(container);
    if (state.Running && state.StartedAt !== before.StartedAt)
      return `started again by Docker after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`;
  }
  return 'not started again within 30 s';
}
async function waitForMail(count, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (mail.received.length < count && Date.now() < deadline) await sleep(200);
  return mail.received.length >= count;
}

const rows = [];
let failed = true;
try {
  const started = Date.now();
  await new Promise((resolve, reject) => {
    const up = spawn('docker-compose', ['-f', composeFile, '--compatibility', 'up', '-d', '--build'], {
      env: environment,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    up.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`compose up: exit ${code}`))));
  });
  await waitFor(`${base}/api/health/ready`, 180_000);
  rows.push([
    'compose up (build, start, first ready answer)',
    `${((Date.now() - started) / 1000).toFixed(0)} s`,
  ]);
  const health = await (await fetch(`${base}/api/health`)).json();
  rows.push(['health through the balancer', JSON.stringify(health)]);

  // A staff member, a published template, a survey sent by e-mail: a worker delivers it.
  const { call, cookie, xsrf, xsrfHeader } = await signUpStaff(base);
  const { npsId, textId, questions } = npsAndText();
  const template = await publishTemplate(call, 'Docker', { questions });
  const invite = async (index) =>
    call('POST', '/api/surveys/', {
      surveyTemplateVersionId: template.versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `docker.${index}@example.com` }],
      surveyProperties: {},
    });
  const surveys = [];
  for (let index = 0; index < 40; index += 1) surveys.push((await invite(index)).surveyId);
  rows.push([
    'invitations delivered by the workers',
    `${(await waitForMail(40)) ? 40 : mail.received.length} of 40`,
  ]);

  // A steady load: each survey saved over and over by its own respondent, about three times a
  // second (a survey takes 300 saves a minute, respondentRateLimit); the last acknowledged value
  // of each must be the stored one at the end.
  const acknowledged = new Map();
  const load = { requests: 0, failures: [], stop: false };
  const respondent = async (surveyId) => {
    let value = 0;
    while (!load.stop) {
      value += 1;
      load.requests += 1;
      try {
        const response = await fetch(`${base}/api/surveys/${surveyId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie: xsrf, ...xsrfHeader },
          body: JSON.stringify({ surveyResponses: { [npsId]: value % 11, [textId]: `save ${value}` } }),
        });
        if (response.ok) acknowledged.set(surveyId, `save ${value}`);
        else load.failures.push(`${response.status} ${await response.text()}`);
        await response.arrayBuffer().catch(() => undefined);
      } catch (error) {
        load.failures.push(String(error.cause ?? error));
      }
      await sleep(300);
    }
  };
  const respondents = surveys.map(respondent);
  await sleep(3_000);

  const [web] = await containersOf('web');
  rows.push(['kill -9 one of three web containers under load', await crash(web)]);
  await waitFor(`${base}/api/health/ready`, 60_000);
  await sleep(3_000);

  const [worker] = await containersOf('worker');
  const workerRestart = await crash(worker);
  for (let index = 40; index < 50; index += 1) await invite(index);
  const delivered = await waitForMail(50, 90_000);
  rows.push([
    'kill -9 one of two workers, then 10 more invitations',
    `${mail.received.length - 40} of 10 delivered; the worker ${workerRestart}`,
  ]);
  load.stop = true;
  await Promise.all(respondents);

  let lost = 0;
  for (const surveyId of surveys) {
    const survey = await (await fetch(`${base}/api/surveys/${surveyId}`)).json();
    const last = acknowledged.get(surveyId);
    if (last === undefined || survey.surveyResponses?.[textId] !== last) lost += 1;
  }
  const signedIn = (await fetch(`${base}/api/accounts/startup`, { headers: { cookie } })).status === 200;
  const twice = mail.received.length - new Set(mail.received).size;
  rows.push([
    'respondent saves through the balancer',
    `${load.requests} sent, ${load.failures.length} failed`,
  ]);
  rows.push(['acknowledged saves lost', `${lost} of ${surveys.length} surveys' last saves`]);
  rows.push(['the staff sign-in made before the kills', signedIn ? 'still signed in' : 'signed out']);
  rows.push(['messages sent twice', String(twice)]);
  console.log('\n| step | result |\n|---|---|');
  for (const [step, result] of rows) console.log(`| ${step} | ${result} |`);
  for (const failure of load.failures.slice(0, 5)) console.log(`failed: ${failure}`);
  failed = load.failures.length > 0 || lost > 0 || !signedIn || !delivered || twice > 0;
} finally {
  if (failed) console.log((await compose('logs', '--tail', '30').catch((error) => error)).stdout);
  await compose('down', '-v', '--remove-orphans').catch((error) => console.error(error.message));
  await mail.down();
}
if (failed) process.exit(1);
