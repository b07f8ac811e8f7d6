import { createHash, timingSafeEqual } from 'node:crypto';
// WeChat's pushes are a few hundred bytes; anything far larger is not from WeChat.
import { MAX_EVENT_XML } from '../../../shared/contract/account';

export { MAX_EVENT_XML };

/** Replays of a captured signed request stop working after this long. */
export const SIGNATURE_MAX_SKEW_SECONDS = 5 * 60;

const SCENE = /^[0-9a-f]{16}$/;

export interface WechatEvent {
  toUser: string;
  /** The scanning user's openId. */
  fromUser: string;
  msgType: string;
  event: string;
  eventKey: string;
  ticket: string;
}

/**
 * WeChat's 接入指南 signature: sha1 of token, timestamp and nonce sorted and
 * joined. Also refuses stale timestamps so a logged request cannot be replayed.
 */
export function verifySignature(
  token: string,
  timestamp: string,
  nonce: string,
  signature: string,
  nowMs: number = Date.now(),
): boolean {
  if (!token || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{40}$/i.test(signature)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_MAX_SKEW_SECONDS) return false;
  const expected = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The signature WeChat would send; tests and tools sign with it. */
export function signParams(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

// One flat element: <Name><![CDATA[value]]></Name> or <Name>value</Name>. Matching
// whole elements in order means a CDATA value that contains tag-like text (a
// user's chat message) is consumed with its element and never read as a field.
// No two adjacent quantifiers overlap, so a failed match backtracks linearly.
const ELEMENT = /<([A-Za-z][\w.-]{0,63})>(?:\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*|([^<]*))<\/\1>/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/** The fields of WeChat's fixed event XML; missing ones are ''. Null when it is not such XML. */
export function parseEventXml(xml: string): WechatEvent | null {
  if (xml.length > MAX_EVENT_XML || !/^\s*(<\?xml[^>]*\?>\s*)?<xml>/.test(xml)) return null;
  const fields = new Map<string, string>();
  for (const m of xml.matchAll(ELEMENT)) {
    const name = m[1] as string;
    // The first occurrence wins: later duplicates cannot override what was read.
    if (!fields.has(name)) fields.set(name, m[2] ?? decodeEntities((m[3] ?? '').trim()));
  }
  const get = (name: string) => fields.get(name) ?? '';
  if (!get('FromUserName') || !get('MsgType')) return null;
  return {
    toUser: get('ToUserName'),
    fromUser: get('FromUserName'),
    msgType: get('MsgType'),
    event: get('Event'),
    eventKey: get('EventKey'),
    ticket: get('Ticket'),
  };
}

/**
 * The login QR's scene_str from a scan event: 'qrscene_<scene>' when the scan
 * made the user follow the account (subscribe), '<scene>' when they already
 * followed it (SCAN). Null for other events and for scenes we never issue.
 */
export function sceneFromEvent(evt: Pick<WechatEvent, 'msgType' | 'event' | 'eventKey'>): string | null {
  if (evt.msgType !== 'event') return null;
  let scene: string;
  if (evt.event === 'subscribe' && evt.eventKey.startsWith('qrscene_')) scene = evt.eventKey.slice('qrscene_'.length);
  else if (evt.event === 'SCAN') scene = evt.eventKey;
  else return null;
  return SCENE.test(scene) ? scene : null;
}

function cdata(text: string): string {
  // ']]>' cannot appear inside CDATA: close and reopen around it.
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** A passive text reply (被动回复文本消息) from the account to the user who sent evt. */
export function textReplyXml(
  evt: Pick<WechatEvent, 'toUser' | 'fromUser'>,
  content: string,
  nowMs = Date.now(),
): string {
  return (
    `<xml><ToUserName>${cdata(evt.fromUser)}</ToUserName><FromUserName>${cdata(evt.toUser)}</FromUserName>` +
    `<CreateTime>${Math.floor(nowMs / 1000)}</CreateTime><MsgType><![CDATA[text]]></MsgType>` +
    `<Content>${cdata(content)}</Content></xml>`
  );
}
