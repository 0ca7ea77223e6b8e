import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { configVariables, loadConfig } from '../src/config';

/**
 * The deployment files (compose.yaml, deploy/kubernetes/) are checked against the code they run:
 * every setting they give is one the API reads, with a value it accepts, so a typo or a renamed
 * variable fails here rather than in an operator's cluster. `npm run compose:smoke` starts them
 * where a Docker engine runs.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
type Env = Record<string, string>;

/** What loadConfig refuses: unknown names (it ignores them, so they are looked up here) and bad values. */
function refusals(env: Env): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    return [(error as Error).message];
  }
  return [];
}

describe('the deployment files', () => {
  it('compose.yaml gives each Limelight process settings the API knows and accepts', () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { image?: string; environment?: Env; command?: string[] }>;
    };
    const processes = Object.entries(compose.services).filter(([, service]) => service.image === 'limelight:local');
    expect(processes.map(([name]) => name).sort()).toEqual(['api-1', 'api-2', 'worker']);
    for (const [name, service] of processes) {
      const env = service.environment ?? {};
      expect(
        Object.keys(env).filter((key) => !configVariables.includes(key)),
        name,
      ).toEqual([]);
      expect(refusals(env), name).toEqual([]);
    }
    expect(compose.services.worker?.command).toContain('--worker');
    expect(compose.services['api-1']?.environment?.JOBS_CONCURRENCY).toBe('0');
  });

  it('the Kubernetes manifests give each container settings the API knows and accepts, and probe its health routes', () => {
    const documents = fs
      .readdirSync(path.join(root, 'deploy/kubernetes'))
      .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
      .flatMap((file) => parseAllDocuments(read(`deploy/kubernetes/${file}`)).map((document) => document.toJS()))
      .filter(Boolean);
    const named = (kind: string, name: string) => documents.find((document) => document.kind === kind && document.metadata.name === name);
    const shared: Env = { ...named('ConfigMap', 'limelight-config')?.data, ...named('Secret', 'limelight-secrets')?.stringData };
    const deployments = documents.filter((document) => document.kind === 'Deployment');
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(['limelight-api', 'limelight-worker']);
    for (const deployment of deployments) {
      const [container] = deployment.spec.template.spec.containers;
      const env: Env = {
        ...shared,
        ...Object.fromEntries(container.env.map((entry: { name: string; value: string }) => [entry.name, entry.value])),
      };
      expect(
        Object.keys(env).filter((key) => !configVariables.includes(key)),
        deployment.metadata.name,
      ).toEqual([]);
      expect(refusals(env), deployment.metadata.name).toEqual([]);
      expect(container.readinessProbe.httpGet.path).toBe('/api/health/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/api/health/live');
    }
    for (const kind of ['HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Ingress', 'Service']) {
      expect(
        documents.some((document) => document.kind === kind),
        kind,
      ).toBe(true);
    }
  });
});
