import { keyPair } from '../video/http';
import { klingToken } from '../video/kling';
import { volcSign } from '../video/volc-sign';
import { expectOk, isRecord, ProbeFailure, probeCall } from './http';

// Read-only tests of the video channels: each lists or reads a task, nothing is generated.

/** What a video test needs of its target (index.ts's ProbeTarget). */
interface ProbeTarget {
  flavour: string;
  baseUrl: string;
  secret: string | null;
  models: string[];
}

/** A key the adapter cannot split (AK:SK) is a bad key before anything is sent. */
function pair(t: ProbeTarget) {
  try {
    return keyPair(t.secret ?? '', t.flavour);
  } catch {
    throw new ProbeFailure('badKey');
  }
}

/** Kling: its task list (GET /v1/videos/text2video) with a JWT from the key; code 0 is a working key. */
export async function klingProbe(t: ProbeTarget) {
  const { ak, sk } = pair(t);
  const answer = await probeCall(`${t.baseUrl}/v1/videos/text2video?pageNum=1&pageSize=1`, {
    headers: { authorization: `Bearer ${await klingToken(ak, sk)}` },
  });
  const body = expectOk(answer);
  if (!isRecord(body) || body.code !== 0) throw new ProbeFailure('shape', answer.status);
  return { detected: 'kling' as const };
}

/** Jimeng: a signed CVSync2AsyncGetResult of no task; any answer past the signature check is a working key. */
export async function jimengProbe(t: ProbeTarget) {
  const { ak, sk } = pair(t);
  const url = new URL(t.baseUrl);
  const json = { req_key: t.models[0] || 'jimeng_vgfm_t2v_l20', task_id: '0' };
  const query = { Action: 'CVSync2AsyncGetResult', Version: '2022-08-31' };
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const headers = volcSign({
    method: 'POST',
    path,
    query,
    host: url.host,
    body: JSON.stringify(json),
    ak,
    sk,
    region: 'cn-north-1',
    service: 'cv',
  });
  const answer = await probeCall(`${url.origin}${path}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers,
    json,
  });
  const body = expectOk(answer);
  if (!isRecord(body) || typeof body.code !== 'number') throw new ProbeFailure('shape', answer.status);
  return { detected: 'jimeng' as const };
}

/** Luma: the newest generation (GET /dream-machine/v1/generations?limit=1). */
export async function lumaProbe(t: ProbeTarget) {
  const answer = await probeCall(`${t.baseUrl}/dream-machine/v1/generations?limit=1`, {
    headers: t.secret ? { authorization: `Bearer ${t.secret}` } : {},
  });
  const body = expectOk(answer);
  if (!isRecord(body)) throw new ProbeFailure('shape', answer.status);
  return { detected: 'luma' as const };
}
