import type { WorkspaceRole } from '@graphium/shared';
import type { FastifyInstance } from 'fastify';
import { hasRole } from '../actor.js';
import { memberRoleFor } from '../modules/auth/authentication.service.js';
import { access, type RouteAccess } from './access.js';

/**
 * The rules of every route as one table: what each kind of caller gets from each access a route
 * declares (`config: { access }`, http/access.ts). The access hook enforces it, the OpenAPI
 * document (`x-required-role`) and docs/roles.md are generated from it, and
 * route-rules.test.ts walks every registered route × caller against it
 * (docs/decisions/016-roles-in-every-screen.md).
 */
export const routeCallers = [
  'no credentials',
  'viewer',
  'editor',
  'admin',
  'read key',
  'read-write key',
] as const;
export type RouteCaller = (typeof routeCallers)[number];

/** `allowed`, or the status a refused caller gets: 401 (who are you?) or 403 (not you). */
export type RouteAnswer = 'allowed' | 401 | 403;

const sessionRoles: Record<'viewer' | 'editor' | 'admin', WorkspaceRole> = {
  viewer: 'viewer',
  editor: 'editor',
  admin: 'admin',
};

/** The least a session's member needs, `undefined` for routes that need no membership. */
export function requiredRoleOf(access: RouteAccess): WorkspaceRole | undefined {
  if (access.kind === 'member') return access.role;
  if (access.kind === 'workspace') return memberRoleFor(access.access);
  return undefined;
}

export function answerFor(access: RouteAccess, caller: RouteCaller): RouteAnswer {
  if (access.kind === 'anyone' || access.kind === 'visitor') return 'allowed';
  if (caller === 'no credentials') return 401;
  if (access.kind === 'apiKey') {
    // The /api/v1 twins take keys only; the walk's keys hold every area's read (and write) scope.
    if (caller !== 'read key' && caller !== 'read-write key') return 401;
    return access.access === 'write' && caller === 'read key' ? 403 : 'allowed';
  }
  if (caller === 'read key' || caller === 'read-write key') {
    // Keys reach the data routes only; every other route is a session's (decision 004).
    if (access.kind !== 'workspace') return 401;
    return access.access === 'write' && caller === 'read key' ? 403 : 'allowed';
  }
  const required = requiredRoleOf(access);
  return required === undefined || hasRole(sessionRoles[caller], required) ? 'allowed' : 403;
}

/** One sentence for people: who may call a route of this access. */
export function describeAccess(access: RouteAccess): string {
  switch (access.kind) {
    case 'anyone':
      return 'Public: no credentials needed.';
    case 'visitor':
      return 'Public; a signed-in account is recognised.';
    case 'account':
      return 'Any signed-in account (session); API keys are refused.';
    case 'member':
      return `A session of a workspace ${rolesFrom(access.role)}; API keys are refused.`;
    case 'workspace':
      return access.access === 'write'
        ? `A session of a workspace ${rolesFrom('editor')}, or an API key that may write every area.`
        : `A session of any workspace member, or an API key that may read every area.`;
    case 'apiKey':
      return `An API key with the \`${access.area}:${access.access}\` scope; sessions are refused.`;
  }
}

function rolesFrom(role: WorkspaceRole): string {
  if (role === 'admin') return 'admin';
  if (role === 'editor') return 'editor or admin';
  return 'member (viewer, editor or admin)';
}

/**
 * The rules whole areas keep, so a route added to one later cannot pick another: viewers read
 * cases and contacts, editors work them (sessions or keys, like all data); the audit log and
 * webhooks are admins' (sessions only). route-rules.test.ts holds every route of an area to them.
 */
const areaRules = [
  {
    area: 'Cases',
    path: /^\/api\/(?:survey-)?cases(?:\/|$)/,
    read: access.workspace('read'),
    write: access.workspace('write'),
  },
  {
    area: 'Contacts',
    path: /^\/api\/contacts(?:\/|$)/,
    read: access.workspace('read'),
    write: access.workspace('write'),
  },
  {
    area: 'Audit log',
    path: /^\/api\/(?:workspace\/)?audit-(?:log|events)(?:\/|$)/,
    read: access.member('admin'),
    write: access.member('admin'),
  },
  {
    area: 'Webhooks',
    path: /^\/api\/(?:workspace\/)?webhooks(?:\/|$)/,
    read: access.member('admin'),
    write: access.member('admin'),
  },
] as const satisfies readonly { area: string; path: RegExp; read: RouteAccess; write: RouteAccess }[];

/** The access a route must declare by its area, `undefined` outside the areas above. */
export function areaAccessOf(method: string, url: string): RouteAccess | undefined {
  const rule = areaRules.find((candidate) => candidate.path.test(url));
  if (!rule) return undefined;
  return method === 'GET' ? rule.read : rule.write;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/**
 * Collects every route registered after it with its declared access (in this plugin and its
 * children): the rows of the table, for the tests and the generated documentation.
 */
export function collectRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const routeAccess = route.config?.access;
    if (!routeAccess) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: routeAccess });
    }
  });
  return routes;
}

const cell = (answer: RouteAnswer) => (answer === 'allowed' ? 'yes' : `${answer}`);

/** docs/roles.md: every operation, the role it needs and what each caller gets. */
export function renderRolesDocument(routes: readonly RegisteredRoute[]): string {
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const rows = sorted.map((route) => {
    const answers = routeCallers.map((caller) => cell(answerFor(route.access, caller)));
    return `| \`${route.method} ${route.url}\` | ${requiredRoleOf(route.access) ?? '—'} | ${answers.join(' | ')} |`;
  });
  return [
    '# Roles: who may call each operation',
    '',
    '<!-- Generated from apps/server/src/http/route-rules.ts by `npm run docs:roles`; a test fails when it is out of date. -->',
    '',
    'A viewer reads, an editor also writes (templates, sending, lists, alerts, suppressions), an',
    'admin also manages users, invitations, API keys, the logo and notification settings. An API',
    'key reaches the data routes only, with scopes per area (responses, templates, contacts,',
    "sends × read/write): the `/api/v1` routes ask for their area's scope (decision 037), the other",
    'data routes for the scope in every area. Below, "read key" holds every read scope and',
    '"read-write key" every scope. `yes` means',
    'the caller gets past the access rule (the operation may still answer 400 or 404); 401 means',
    'no or the wrong credentials, 403 a role or scope too low. Every route declares its rule',
    '(`config: { access }`), and a route without one refuses to start; see',
    '[decision 016](decisions/016-roles-in-every-screen.md).',
    '',
    '## Areas',
    '',
    "Every route of these areas keeps its area's rule (a test refuses another):",
    '',
    '| area | read | change |',
    '|---|---|---|',
    ...areaRules.map(
      (rule) => `| ${rule.area} | ${describeAccess(rule.read)} | ${describeAccess(rule.write)} |`,
    ),
    '',
    '## Operations',
    '',
    `| operation | role needed | ${routeCallers.join(' | ')} |`,
    `|---|---|${routeCallers.map(() => '---').join('|')}|`,
    ...rows,
    '',
  ].join('\n');
}
