import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { trace } from '@opentelemetry/api';
import { node } from '@opentelemetry/sdk-node';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTracing } from '../src/platform/tracing';
import { withDatabase } from './global-setup';
import { generateVideo } from './media';
import { type ServerProcess, startServerProcess } from './server-process';

type ExportedSpan = { scope: string; name: string; traceId: string; spanId: string; parentSpanId?: string };

/** A tiny OTLP/HTTP receiver taking JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json), as a collector would. */
async function otlpReceiver() {
  const spans: ExportedSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: Array<Omit<ExportedSpan, 'scope'>> }> }>;
        };
        for (const resource of body.resourceSpans)
          for (const scope of resource.scopeSpans) for (const span of scope.spans) spans.push({ ...span, scope: scope.scope.name });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { spans, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * The server as `npm start` runs it, with telemetry.ts preloaded (TypeScript through tsx here):
 * the instrumentations must hook the modules before the server imports them, which only a
 * process of its own shows.
 */
describe('OpenTelemetry traces over OTLP', () => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let server: ServerProcess;
  let baseUrl: string;
  let dataDir: string;
  let database: string | undefined;

  // A first start on the embedded database (initdb, every migration) under CI's load takes a while.
  beforeAll(async () => {
    receiver = await otlpReceiver();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-tracing-'));
    const env: Record<string, string> = {
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      RTMP_PORT: 'off',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    if (process.env.DATABASE_URL) {
      database = `limelight_tracing_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database "${database}"`);
      await admin.end();
      env.DATABASE_URL = withDatabase(process.env.DATABASE_URL, database);
    }
    server = await startServerProcess(env, { preload: ['./src/telemetry.ts'] });
    baseUrl = server.origin;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    receiver?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    if (database) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    }
  });

  it('exports one trace for a request: its HTTP and Fastify spans, its queries and Redis commands, and the job it queued', async () => {
    const response = await fetch(`${baseUrl}/api/auth/users/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test' }),
    });
    expect(response.status).toBe(200);
    await fetch(`${baseUrl}/metrics`);

    const inRequest = () => {
      const root = receiver.spans.find(
        (span) => span.scope === '@opentelemetry/instrumentation-http' && span.name === 'POST /api/auth/users/forgot',
      );
      return root ? receiver.spans.filter((span) => span.traceId === root.traceId) : [];
    };
    // Every span but the root hangs from another span of the same trace. Spans are exported in
    // batches as they end, so a parent can arrive a batch after its children: wait for the whole tree.
    const orphans = (spans: ExportedSpan[]) => {
      const ids = new Set(spans.map((span) => span.spanId));
      return spans.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId));
    };
    await expect
      .poll(() => inRequest().some((span) => span.name === 'job auth.password-reset') && orphans(inRequest()).length === 1, {
        timeout: 10_000,
      })
      .toBe(true);
    const spans = inRequest();
    const scopes = new Set(spans.map((span) => span.scope));
    expect(scopes).toContain('@fastify/otel');
    expect(spans.find((span) => span.name === 'job auth.password-reset')?.scope).toBe('limelight');
    if (process.env.DATABASE_URL) expect(scopes).toContain('@opentelemetry/instrumentation-pg');
    if (process.env.REDIS_URL) expect(scopes).toContain('@opentelemetry/instrumentation-ioredis');
    // Scrapes are left out of the traces.
    expect(receiver.spans.some((span) => span.name.includes('/metrics'))).toBe(false);
  });
});

describe('spans of our own', () => {
  it('times each ffmpeg run in a span, a child of the span around it', async () => {
    const exporter = new node.InMemorySpanExporter();
    const provider = new node.NodeTracerProvider({ spanProcessors: [new node.SimpleSpanProcessor(exporter)] });
    provider.register();
    enableTracing();
    await trace.getTracer('test').startActiveSpan('upload', async (parent) => {
      await generateVideo(1, 'mp4');
      parent.end();
    });
    const spans = exporter.getFinishedSpans();
    const run = spans.find((span) => span.name === 'ffmpeg');
    const parent = spans.find((span) => span.name === 'upload');
    expect(run?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    await provider.shutdown();
  });
});
