// Ad-hoc: requests/s and p50/p99 of a guarded read (GET /auth/verify-token) against a stack of this tree.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, stopAll, type Running } from './stack/processes.ts';
import { appSpecs, infrastructureSpecs } from './stack/stack.ts';
import { freePorts } from './test-support/free-port.ts';
const p = await freePorts(10);
const ports = { WEB_PORT: p[0]!, API_PORT: p[1]!, TEMPORAL_PORT: p[2]!, TEMPORAL_UI_PORT: 0, MONGODB_PORT: p[3]!, SMTP_PORT: p[4]!, MAILDEV_WEB_PORT: p[5]!, S3_PORT: p[6]!, CRM_STANDIN_PORT: p[7]!, ESIGN_STANDIN_PORT: p[8]!, OFFER_STANDIN_PORT: p[9]!, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')) };
const running: Running[] = [];
for (const spec of [...infrastructureSpecs(ports, { headless: true }), ...appSpecs(ports).filter((s) => s.name !== 'web')]) {
  if (spec.name === 'temporal') spec.args = spec.args.filter((a, i, all) => a !== '--db-filename' && all[i - 1] !== '--db-filename');
  spec.silent = true; running.push(await startService(spec));
}
const base = `http://127.0.0.1:${ports.API_PORT}/api`;
const h0 = await fetch(`${base}/health`); const xsrf = h0.headers.getSetCookie().join(';').match(/XSRF-TOKEN=([^;]+)/)![1]!;
const hdr = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) };
const pw = 'Ledger-Quill-42';
const reg = await fetch(`${base}/auth/register`, { method: 'POST', headers: hdr, body: JSON.stringify({ firstName: 'A', lastName: 'B', businessName: 'C', phone: '+15557654321', email: 'bench@example.com', password: pw, confirmPassword: pw }) });
if (reg.status !== 201) throw new Error('register ' + reg.status);
let code = '';
for (let i = 0; i < 60 && !code; i++) { await new Promise((r) => setTimeout(r, 250)); const mails = await (await fetch(`http://127.0.0.1:${ports.MAILDEV_WEB_PORT}/api/email`)).json() as { text: string }[]; code = mails.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? ''; }
const ok = await fetch(`${base}/auth/confirm-signup`, { method: 'POST', headers: hdr, body: JSON.stringify({ username: 'bench@example.com', password: pw, code }) });
const cookie = ok.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
async function run(ms: number) {
  const lat: number[] = []; const end = Date.now() + ms;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (Date.now() < end) { const t = performance.now(); const r = await fetch(`${base}/auth/verify-token`, { headers: { cookie } }); await r.text(); if (r.status !== 200) throw new Error(String(r.status)); lat.push(performance.now() - t); }
  }));
  lat.sort((a, b) => a - b);
  return { rps: Math.round(lat.length / (ms / 1000)), p50: lat[Math.floor(lat.length * 0.5)]!.toFixed(2), p99: lat[Math.floor(lat.length * 0.99)]!.toFixed(2) };
}
await run(2000);
const out = []; for (let i = 0; i < 3; i++) out.push(await run(4000));
console.log(JSON.stringify(out));
await stopAll(running); process.exit(0);
