import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

type Operation = {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string; description: string }> };

/**
 * Redocly's recommended rules give these warnings on purpose, with their reason:
 * - info-license: the API is the product's own, under no public licence;
 * - no-ambiguous-paths: the spec's paths put a parameter first beside static ones (`/{gateway}/cards`
 *   beside `/payment-cards/{id}`); the router matches static segments first, so each request
 *   reaches one route (the routes' own tests call each).
 */
const ACCEPTED_WARNINGS = new Set(['info-license', 'no-ambiguous-paths']);

let app: TestApp;
let document: Document;
let served: string;
beforeAll(async () => {
  app = await createTestApp();
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  served = response.body;
  document = response.json();
});
afterAll(() => app.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, ...operation })),
  );

describe('the API document', () => {
  it('names and sums up every operation, each id once, under a described tag', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter((operation) => !operation.summary || operation.summary.length > 80).map((operation) => operation.name)).toEqual([]);
    expect(all.filter((operation) => !/^[a-z][A-Za-z0-9]+$/.test(operation.operationId ?? '')).map((operation) => operation.name)).toEqual(
      [],
    );
    const ids = all.map((operation) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const described = new Set(document.tags.filter((tag) => tag.description).map((tag) => tag.name));
    expect([...new Set(all.flatMap((operation) => operation.tags ?? []))].filter((tag) => !described.has(tag))).toEqual([]);
  });

  it("says how each operation is signed in, from its route's guards", () => {
    const byName = new Map(operations().map((operation) => [operation.name, operation]));
    const signedIn = [{ session: [] }, { bearer: [] }];
    // A creator's tool: an account of the right kind, or 401 and 403.
    expect(byName.get('GET /follows/followers')).toMatchObject({ security: signedIn });
    expect(Object.keys(byName.get('GET /follows/followers')!.responses)).toEqual(expect.arrayContaining(['401', '403']));
    // Any account: 401, no 403 from the guard.
    expect(byName.get('POST /follows/{id}')).toMatchObject({ security: signedIn });
    expect(Object.keys(byName.get('POST /follows/{id}')!.responses)).toContain('401');
    expect(Object.keys(byName.get('POST /follows/{id}')!.responses)).not.toContain('403');
    // Public: anyone, signed in or not.
    expect(byName.get('GET /settings/public')).toMatchObject({ security: [{}, ...signedIn] });
    expect(Object.keys(byName.get('GET /settings/public')!.responses)).not.toContain('401');
  });

  it('gives every operation its refusals and failures in the one error shape', () => {
    for (const operation of operations()) {
      for (const status of ['400', '4XX', '5XX']) {
        expect(operation.responses[status]?.content?.['application/json']?.schema, `${operation.name} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
    }
  });

  it("passes Redocly's recommended rules with no error, its warnings only those accepted above", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: served, absoluteRef: 'openapi.json', config });
    const listed = (severity: string) =>
      problems.filter((problem) => problem.severity === severity).map((problem) => `${problem.ruleId}: ${problem.message}`);
    expect(listed('error')).toEqual([]);
    expect(listed('warn').filter((warning) => !ACCEPTED_WARNINGS.has(warning.split(':')[0]!))).toEqual([]);
  });
});
