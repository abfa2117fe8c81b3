// The bench's item 5 at three sizes: a seeded application is a whole finished journey's documents
// with every identity new and every reference between them kept (tests/bench/seed.ts), and CPU is counted by
// process tree with what the machine did beside the bench (tests/bench/machine-cpu.ts).
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { journeyGroups, startWindow } from '../tests/bench/machine-cpu.ts';
import { cloneOf, type JourneyTemplate } from '../tests/bench/seed.ts';

/** A finished journey's documents as the api and the worker leave them (the shapes, not every field). */
function template(): JourneyTemplate {
  const app = new Types.ObjectId();
  const user = new Types.ObjectId();
  const file = new Types.ObjectId();
  const email = 'journey7@example.com';
  const sign = 'sign-123';
  const session = 'a1b2c3d4e5f6';
  const docs: JourneyTemplate['docs'] = [
    { collection: 'usernames', doc: { _id: email, userId: user } },
    { collection: 'users', doc: { _id: user, email, userName: email, applicationId: app } },
    { collection: 'applications', doc: { _id: app, userId: user, signatureId: sign, applicationStatus: 'Submitted' } },
    { collection: 'files', doc: { _id: file, applicationId: app, filePath: `applications/${app}/statement.pdf` } },
    { collection: 'applicationfiles', doc: { _id: app.toHexString(), files: [file] } },
    { collection: 'signatures', doc: { _id: sign, applicationId: app } },
    { collection: 'offeremails', doc: { _id: `${app}:std-12`, attempt: 'x', at: new Date(0) } },
    { collection: 'sessions', doc: { _id: session, tokenHash: session, userId: user, expiresAt: new Date(0) } },
  ];
  return {
    docs,
    objectIds: [app, user, file].map(String),
    keys: [app.toHexString(), user.toHexString(), email, sign, session],
  };
}

/** A script that spins until it has used `ms` of CPU (wall time would say little on a busy machine). */
const SPIN = (ms: number) =>
  `const u = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; }; const t = u(); while (u() - t < ${ms});`;

const of = (clone: ReturnType<typeof cloneOf>, collection: string) =>
  clone.find((d) => d.collection === collection)!.doc as Record<string, unknown>;

describe('seeded applications', () => {
  it('copy every document with new identities, keeping the references between them', () => {
    const t = template();
    const [a, b] = [cloneOf(t, 1), cloneOf(t, 2)];
    const text = (c: unknown) => JSON.stringify(c);
    // No id of the template's anywhere, and no key of its as a whole value (a new key may extend the old one).
    for (const id of t.objectIds) {
      expect(text(a)).not.toContain(id);
      expect(text(b)).not.toContain(id);
    }
    const values = (c: unknown) =>
      text(c)
        .match(/"[^"]*"/g)!
        .map((v) => v.slice(1, -1));
    for (const key of t.keys) {
      expect(values(a)).not.toContain(key);
      expect(values(b)).not.toContain(key);
    }
    expect(a.map((d) => d.collection)).toEqual(t.docs.map((d) => d.collection));
    const app = of(a, 'applications')._id as Types.ObjectId;
    const user = of(a, 'users');
    expect(user.applicationId).toEqual(app);
    expect(of(a, 'applications').userId).toEqual(user._id);
    expect(of(a, 'usernames')).toEqual({ _id: user.email, userId: user._id });
    expect(user.email).toMatch(/^s1\.journey7@example\.com$/);
    expect(of(a, 'applicationfiles')._id).toBe(app.toHexString());
    expect(of(a, 'applicationfiles').files).toEqual([of(a, 'files')._id]);
    expect(of(a, 'files').filePath).toBe(`applications/${app.toHexString()}/statement.pdf`);
    expect(of(a, 'signatures')._id).toBe(of(a, 'applications').signatureId);
    expect(of(a, 'offeremails')._id).toBe(`${app.toHexString()}:std-12`);
    expect(of(a, 'sessions').tokenHash).toBe(of(a, 'sessions')._id);
    // Two clones share no key: unique indexes (`_id`, tokenHash) accept both.
    for (const c of ['usernames', 'users', 'applications', 'files', 'applicationfiles', 'signatures', 'sessions'])
      expect(text(of(a, c)._id)).not.toBe(text(of(b, c)._id));
    expect(of(a, 'offeremails').at).toEqual(new Date(0));
  });
});

describe('CPU by process tree', () => {
  it("counts a process's children and grandchildren, and the machine's other work beside the bench", async () => {
    // A child that spins 300 ms of CPU, then starts a grandchild that spins 300 ms and waits for it.
    const spin = SPIN(300);
    const child = spawn(process.execPath, [
      '-e',
      `${spin} require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(spin)}]);`,
    ]);
    const window = startWindow(journeyGroups([{ name: 'api', pid: child.pid }]));
    await new Promise((resolve) => child.once('exit', resolve));
    const { machine, cpuMs } = window.end();
    // The child exited (its time is gone with it) but the bench's tree still holds it: this process's cutime.
    expect(machine.benchCpuS).toBeGreaterThanOrEqual(0.5);
    expect(machine.machineCpuS).toBeGreaterThanOrEqual(machine.benchCpuS - 0.05);
    expect(machine.otherCpuS).toBeGreaterThanOrEqual(0);
    expect(machine.otherPct).toBeLessThanOrEqual(100);
    expect(machine.load1.every((l) => l >= 0)).toBe(true);
    expect(Object.keys(cpuMs)).toEqual(['api', 'worker', 'temporal', 'ferretdb', 'stand-ins', 'driver']);
    expect(cpus().length).toBeGreaterThan(0);
  });

  it('reads a live tree: a child and the grandchild it waits for', async () => {
    const spin = SPIN(400);
    const child = spawn(process.execPath, [
      '-e',
      `require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(spin)}]); ` +
        `console.log('done'); setTimeout(() => {}, 30000);`,
    ]);
    const window = startWindow(journeyGroups([{ name: 'api', pid: child.pid }]));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const { cpuMs } = window.end();
    child.kill();
    // The grandchild's 400 ms, reaped into the child's cutime while the child still runs.
    expect(cpuMs.api).toBeGreaterThanOrEqual(300);
  });
});
