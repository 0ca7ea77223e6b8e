/**
 * OpenTelemetry traces, preloaded before the server (`node --import ./dist/telemetry.js`, see
 * the start script) so that the instrumentations hook node:http, Fastify, pg and ioredis before
 * the server loads them. Only when an OTLP endpoint is configured: otherwise this file loads
 * nothing and costs the start nothing (decision 019). The SDK reads OpenTelemetry's standard
 * variables itself: OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf by
 * default, or http/json), OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER
 * (decision 058, docs/observability.md).
 */
import { register } from 'node:module';

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
  // Traces only: metrics are scraped at /metrics, and logs go to stdout.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  process.env.OTEL_SERVICE_NAME ??= 'limelight';
  // The server is an ES module: its imports are hooked through import-in-the-middle's loader.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }, { default: FastifyOtel }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@fastify/otel'),
    ]);
  const sdk = new NodeSDK({
    instrumentations: [
      // Prometheus's scrapes would be half the traces of a quiet site.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url === '/metrics' }),
      new FastifyOtel({ registerOnInitialization: true }),
      // Queries and commands inside a request or a job; not the job queue's polling nor the migrations.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
}
