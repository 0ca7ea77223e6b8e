import type * as OpenTelemetry from '@opentelemetry/api';
import { lazyRequire } from './lazy';

const openTelemetry = lazyRequire<typeof OpenTelemetry>('@opentelemetry/api');

/** Set when traces are exported (telemetry.ts started the SDK); until then spans cost nothing, not even the API's load. */
let tracer: OpenTelemetry.Tracer | undefined;

export function enableTracing() {
  tracer ??= openTelemetry().trace.getTracer('limelight');
}

/** Sends the spans still batched (the server is stopping). */
export async function flushTraces() {
  if (!tracer) return;
  const provider = openTelemetry().trace.getTracerProvider() as { getDelegate?(): { forceFlush?(): Promise<void> } };
  await provider.getDelegate?.().forceFlush?.();
}

/**
 * Runs `work` inside a span of its own (a job, an ffmpeg run), a child of the span that is
 * current (the request that started it); a failure marks the span as an error. Without tracing,
 * `work` runs as it is.
 */
export function traced<T>(name: string, attributes: OpenTelemetry.Attributes, work: () => Promise<T>): Promise<T> {
  if (!tracer) return work();
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: openTelemetry().SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
