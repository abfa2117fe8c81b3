import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSlice } from '../../../tests/support/slice';

let slice: Awaited<ReturnType<typeof startSlice>>;
beforeAll(async () => {
  slice = await startSlice();
});
afterAll(async () => {
  await slice?.close();
});

it('answers 200 with each dependency up', async () => {
  const res = await fetch(`${slice.baseUrl}/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    status: 'ok',
    info: { mongodb: { status: 'up' }, temporal: { status: 'up' } },
  });
});
