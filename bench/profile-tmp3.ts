import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMsOf, startApi, stop } from './lib';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const api = await startApi({ port: 4301, dataDir, logLevel: 'info' });
const url = `${api.base}/api/settings/public`;
await autocannon({ url, connections: 32, duration: 3 });
for (let i = 0; i < 3; i++) {
  const before = cpuMsOf(api.child.pid!);
  const r = await autocannon({ url, connections: 32, duration: 4 });
  console.log('rps', r.requests.average, 'cpu us/req', (((cpuMsOf(api.child.pid!) - before) * 1000) / r.requests.total).toFixed(1));
}
await stop(api.child);
fs.rmSync(dataDir, { recursive: true, force: true });
