import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePorts } from '../tests/support/free-port.ts';

describe('the ports the test stacks are given', () => {
  it('lie below the range the kernel hands out on its own, and are distinct', async () => {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    const ports = await freePorts(50);
    expect(new Set(ports).size).toBe(50);
    for (const p of ports) expect(p).toBeLessThan(low);
  });

  it('are claimed, so another caller choosing before the services listen never gets the same one', async () => {
    // 300 random picks twice from about 22,000 ports would share about four without the claims.
    const first = await freePorts(300);
    const second = await freePorts(300);
    expect(second.filter((p) => first.includes(p))).toEqual([]);
    const claim = join(tmpdir(), 'portal-port-claims', String(first[0]));
    expect(existsSync(claim) && readFileSync(claim, 'utf8')).toBe(String(process.pid));
  });
});
