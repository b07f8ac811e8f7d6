// The operator named in implicit AI labels, set in the console: its audited change, the public info
// the browser labels exports with, and a finished drawing's file naming it (read with exifr).
import { eq } from 'drizzle-orm';
import { sidecar } from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zhAdmin from '../../../locales/zh-CN/admin.json';
import { adminAudit, adminTotp } from '../../../src/server/db/schema';
import { dayKey } from '../../../src/shared/site-time';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { startDrawServer, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, type TestServer } from '../helpers';

let srv: TestServer;
let admin: Staff;

beforeAll(async () => {
  srv = await startDrawServer({ AIGC_SERVICE_NAME: '妙笔', COMPLAINT_HANDLING_DAYS: '3' });
  admin = await makeStaff(srv, 'labels-admin@example.com', 'admin');
}, 60_000);
afterAll(() => srv?.dispose());

/** A code for one sensitive request: the last accepted step is forgotten, as a later minute would. */
async function freshCode() {
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
  return codeFor(srv, admin.id);
}

const info = async () => (await srv.call('GET', '/api/compliance/info')).body.data;

describe('the operator in AI labels', () => {
  it('comes from the environment until the console sets it; the change is audited', async () => {
    expect(await info()).toEqual({ serviceName: '妙笔', filingCode: '', handlingDays: 3 });
    const id = requestId();
    const values = {
      AIGC_SERVICE_NAME: '妙笔写作',
      AIGC_FILING_CODE: '网信算备110000000000001号',
      COMPLAINT_HANDLING_DAYS: 5,
    };
    const res = await srv.call(
      'POST',
      '/api/admin/settings',
      { values, requestId: id, code: await freshCode() },
      { cookie: admin.cookie },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await info()).toEqual({ serviceName: '妙笔写作', filingCode: '网信算备110000000000001号', handlingDays: 5 });
    const [row] = await srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.requestId, id));
    expect(row).toMatchObject({
      action: 'settings.change',
      after: { AIGC_FILING_CODE: { value: '网信算备110000000000001号', source: 'console' } },
    });
    // Bad input is refused with a translated message and changes nothing.
    const bad = await srv.call(
      'POST',
      '/api/admin/settings',
      { values: { COMPLAINT_HANDLING_DAYS: 0 }, requestId: requestId(), code: await freshCode() },
      { cookie: admin.cookie },
    );
    expect(bad.status).toBe(400);
    expect((await info()).handlingDays).toBe(5);
  });

  it("is written into a finished picture's AIGC record, with the task id", async () => {
    const u = await createUserWithToken(srv, 'labelled@example.com');
    const task = await submit(srv, u.headers, { prompt: '山间的小屋' });
    const done = await waitForStatus(srv, u.headers, task.id, [10]);
    const bytes = Buffer.from(await (await fetch(srv.url + done.imageUrl)).arrayBuffer());
    const xmp = (await sidecar((await sharp(bytes).metadata()).xmp as Buffer, {}, 'xmp')) as {
      TC260: { AIGC: string };
    };
    expect(JSON.parse(xmp.TC260.AIGC)).toEqual({
      Label: '1',
      ContentProducer: '妙笔写作 网信算备110000000000001号',
      ProduceID: task.id,
      ReservedCode1: '',
      ContentPropagator: '妙笔写作 网信算备110000000000001号',
      PropagateID: task.id,
      ReservedCode2: '',
    });
  });

  it("counts a complaint's working days by the console's holidays; a malformed calendar is refused", async () => {
    const zone = srv.runtime.env.SITE_TIME_ZONE;
    const change = async (value: string) =>
      srv.call(
        'POST',
        '/api/admin/settings',
        { values: { COMPLAINT_CALENDAR: value }, requestId: requestId(), code: await freshCode() },
        { cookie: admin.cookie },
      );
    const bad = await change('2026-02-30');
    expect([bad.status, bad.body.result]).toEqual([400, zhAdmin['settings.calendarFormat']]);
    // The next fortnight off: the due date moves past it.
    const from = dayKey(Date.now(), zone);
    const to = dayKey(Date.now() + 14 * 86_400_000, zone);
    expect((await change(`${from}..${to}`)).status).toBe(200);
    const filed = await srv.call('POST', '/api/complaints', {
      category: 'other',
      address: '/square',
      description: '节假日测试',
      email: 'holiday@example.com',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(Date.parse(filed.body.data.dueAt) - Date.now()).toBeGreaterThan(14 * 86_400_000);
    expect((await change('')).status).toBe(200);
  });
});
