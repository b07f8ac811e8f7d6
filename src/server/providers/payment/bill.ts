import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { Allowance, DocumentRefused } from '../documents/limits';
import { zipParts } from '../documents/zip';
import { readCapped } from '../download';
import type { BillLine } from './types';

/** A day's trade bill, as downloaded: bounded while it streams. */
export const MAX_BILL_BYTES = 32 * 1024 * 1024;
/** What it may unpack to (WeChat Pay's gzip, Alipay's zip), counted as it inflates. */
export const MAX_BILL_INFLATED = 128 * 1024 * 1024;
/** Lines a bill may have: far beyond any day of this site, small enough to hold. */
const MAX_LINES = 1_000_000;

export class BillError extends Error {}

/** Reads a bill's body within MAX_BILL_BYTES. */
export async function readBill(res: Response, where: string): Promise<Buffer> {
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new BillError(`${where} answered HTTP ${res.status}`);
  }
  return readCapped(res.body, MAX_BILL_BYTES, where);
}

/** Yuan text ("0.01", "-268.00") to fen; null for anything else. */
export function yuanTextToFen(s: string): number | null {
  const m = /^(-?)(\d{1,11})(?:\.(\d{1,2}))?$/.exec(s.trim());
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/** CSV lines of a bill (its fields hold no quoted commas: ids, amounts, states), at most MAX_LINES. */
function lines(text: string): string[][] {
  const rows = text.split(/\r?\n/);
  if (rows.length > MAX_LINES) throw new BillError('bill has too many lines');
  return rows.filter((r) => r.trim() !== '').map((r) => r.split(','));
}

function columns(header: string[], names: string[]) {
  const at = names.map((n) => header.findIndex((h) => h.trim() === n));
  if (at.some((i) => i < 0))
    throw new BillError(`bill lacks columns ${names.filter((_, i) => (at[i] ?? -1) < 0).join(', ')}`);
  return at as number[];
}

/**
 * WeChat Pay's trade bill (bill_type ALL): checked against the hash the bill
 * API gave (SHA1 of the file as downloaded), gunzipped within bounds if it
 * came gzipped, then its CSV read: a header, lines whose every value starts
 * with a backtick, and a summary from 总交易单数 on. A SUCCESS line is a
 * payment; a REFUND line is a refund (商户退款单号, 退款金额).
 */
export function parseWechatBill(
  file: Buffer,
  hash: { type: string; value: string },
  maxInflated = MAX_BILL_INFLATED,
): BillLine[] {
  const algorithm = hash.type.toLowerCase() === 'sha1' ? 'sha1' : hash.type.toLowerCase() === 'sha256' ? 'sha256' : '';
  if (!algorithm) throw new BillError(`unknown hash_type ${hash.type.slice(0, 20)}`);
  if (createHash(algorithm).update(file).digest('hex') !== hash.value.toLowerCase())
    throw new BillError('bill hash does not match');
  let bytes = file;
  if (file[0] === 0x1f && file[1] === 0x8b) {
    try {
      bytes = gunzipSync(file, { maxOutputLength: maxInflated });
    } catch (err) {
      throw new BillError(`bill does not unpack: ${(err as NodeJS.ErrnoException).code ?? 'malformed'}`);
    }
  }
  const [header, ...rest] = lines(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  if (!header) return [];
  const [orderNo, state, amount, tradeNo, refundNo, refund] = columns(header, [
    '商户订单号',
    '交易状态',
    '应结订单金额',
    '微信订单号',
    '商户退款单号',
    '退款金额',
  ]);
  const out: BillLine[] = [];
  for (const raw of rest) {
    if (raw[0]?.startsWith('总交易单数')) break;
    const v = (i: number | undefined) => (raw[i ?? -1] ?? '').trim().replace(/^`/, '');
    const no = v(orderNo);
    if (!no) continue;
    if (v(state) === 'SUCCESS') {
      const fen = yuanTextToFen(v(amount));
      if (fen !== null) out.push({ orderNo: no, kind: 'payment', amount: fen, tradeNo: v(tradeNo) || undefined });
    } else if (v(state) === 'REFUND') {
      const fen = yuanTextToFen(v(refund));
      if (fen !== null) out.push({ orderNo: no, kind: 'refund', amount: fen, refundNo: v(refundNo) || undefined });
    }
  }
  return out;
}

/**
 * Alipay's trade bill: a zip of GBK CSV files, unpacked within bounds. The
 * detail file (业务明细, not its 汇总) is the one whose header names 支付宝交易号
 * and 商户订单号; '#' lines are comments. 交易 lines are payments, 退款 lines
 * refunds (a negative 订单金额, 退款批次号/请求号 our out_request_no).
 */
export function parseAlipayBill(zip: Buffer, maxInflated = MAX_BILL_INFLATED): BillLine[] {
  const gbk = new TextDecoder('gbk');
  let parts: ReturnType<typeof zipParts>;
  const allowance = new Allowance(maxInflated, 64);
  try {
    parts = zipParts(zip, allowance);
    for (const name of parts.names) {
      const rows = lines(gbk.decode(parts.read(name))).filter((r) => !r[0]?.startsWith('#'));
      const header = rows[0];
      if (!header?.some((h) => h.trim() === '支付宝交易号') || !header.some((h) => h.trim() === '商户订单号')) continue;
      const [tradeNo, orderNo, kind, amount, refundNo] = columns(header, [
        '支付宝交易号',
        '商户订单号',
        '业务类型',
        '订单金额（元）',
        '退款批次号/请求号',
      ]);
      const out: BillLine[] = [];
      for (const raw of rows.slice(1)) {
        const v = (i: number | undefined) => (raw[i ?? -1] ?? '').trim().replace(/^\t/, '');
        const fen = yuanTextToFen(v(amount));
        if (!v(orderNo) || fen === null) continue;
        if (v(kind) === '交易') out.push({ orderNo: v(orderNo), kind: 'payment', amount: fen, tradeNo: v(tradeNo) });
        else if (v(kind) === '退款')
          out.push({ orderNo: v(orderNo), kind: 'refund', amount: Math.abs(fen), refundNo: v(refundNo) || undefined });
      }
      return out;
    }
  } catch (err) {
    if (err instanceof DocumentRefused) throw new BillError(`bill does not unpack: ${err.reason}`);
    throw err;
  }
  throw new BillError('bill has no detail file');
}
