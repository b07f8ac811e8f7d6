import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MAX_EVENT_XML,
  parseEventXml,
  sceneFromEvent,
  signParams,
  textReplyXml,
  verifySignature,
} from '../../src/server/providers/wechat/callback';

const NOW = 1_700_000_000_000;
const TS = String(NOW / 1000);

// The 接入指南 recipe written out independently of the code under test.
function referenceSignature(token: string, timestamp: string, nonce: string) {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

function eventXml(event: string, eventKey: string, from = 'oABC123_openid-xyz') {
  return (
    '<xml><ToUserName><![CDATA[gh_account]]></ToUserName>\n' +
    `<FromUserName><![CDATA[${from}]]></FromUserName>\n<CreateTime>1700000000</CreateTime>\n` +
    `<MsgType><![CDATA[event]]></MsgType>\n<Event><![CDATA[${event}]]></Event>\n` +
    `<EventKey><![CDATA[${eventKey}]]></EventKey>\n<Ticket><![CDATA[gQticket]]></Ticket>\n</xml>`
  );
}

describe('verifySignature', () => {
  it('accepts the sha1 of the sorted token, timestamp and nonce', () => {
    const sig = referenceSignature('tok', TS, 'n0nce');
    expect(signParams('tok', TS, 'n0nce')).toBe(sig);
    expect(verifySignature('tok', TS, 'n0nce', sig, NOW)).toBe(true);
    expect(verifySignature('tok', TS, 'n0nce', sig.toUpperCase(), NOW)).toBe(true);
  });

  it('refuses a wrong token, nonce, timestamp or signature', () => {
    const sig = referenceSignature('tok', TS, 'n0nce');
    expect(verifySignature('other', TS, 'n0nce', sig, NOW)).toBe(false);
    expect(verifySignature('tok', TS, 'nonce2', sig, NOW)).toBe(false);
    expect(verifySignature('tok', String(Number(TS) + 1), 'n0nce', sig, NOW)).toBe(false);
    const flipped = sig.slice(0, 39) + (sig.endsWith('0') ? '1' : '0');
    expect(verifySignature('tok', TS, 'n0nce', flipped, NOW)).toBe(false);
    for (const bad of ['', 'abc', `${sig}00`, 'z'.repeat(40)])
      expect(verifySignature('tok', TS, 'n0nce', bad, NOW)).toBe(false);
    expect(verifySignature('', TS, 'n0nce', referenceSignature('', TS, 'n0nce'), NOW)).toBe(false);
  });

  it('refuses timestamps more than five minutes off, either way', () => {
    for (const [offset, ok] of [
      [-299, true],
      [299, true],
      [-301, false],
      [301, false],
    ] as const) {
      const ts = String(Number(TS) + offset);
      expect(verifySignature('tok', ts, 'n', referenceSignature('tok', ts, 'n'), NOW)).toBe(ok);
    }
    expect(verifySignature('tok', 'abc', 'n', referenceSignature('tok', 'abc', 'n'), NOW)).toBe(false);
  });
});

describe('parseEventXml', () => {
  it("reads WeChat's event format", () => {
    expect(parseEventXml(eventXml('SCAN', '0123456789abcdef'))).toEqual({
      toUser: 'gh_account',
      fromUser: 'oABC123_openid-xyz',
      msgType: 'event',
      event: 'SCAN',
      eventKey: '0123456789abcdef',
      ticket: 'gQticket',
    });
  });

  it('accepts an XML declaration, plain values with entities and missing fields', () => {
    const xml = '<?xml version="1.0"?>\n<xml><FromUserName>o&amp;1</FromUserName><MsgType> text </MsgType></xml>';
    expect(parseEventXml(xml)).toEqual({
      toUser: '',
      fromUser: 'o&1',
      msgType: 'text',
      event: '',
      eventKey: '',
      ticket: '',
    });
  });

  it('does not read tags hidden inside a CDATA value, nor let later duplicates override', () => {
    const xml =
      '<xml><FromUserName><![CDATA[oUser]]></FromUserName><MsgType><![CDATA[text]]></MsgType>' +
      '<Content><![CDATA[<Event>SCAN</Event><EventKey>0123456789abcdef</EventKey>]]></Content>' +
      '<MsgType><![CDATA[event]]></MsgType></xml>';
    const evt = parseEventXml(xml);
    expect(evt).toMatchObject({ msgType: 'text', event: '', eventKey: '' });
    expect(evt && sceneFromEvent(evt)).toBeNull();
  });

  it('refuses what is not WeChat event XML, and oversized input', () => {
    for (const bad of ['', 'success', '{"a":1}', '<html><FromUserName>x</FromUserName></html>', '<xml></xml>']) {
      expect(parseEventXml(bad)).toBeNull();
    }
    const padded = eventXml('SCAN', '0123456789abcdef').replace('</xml>', `${' '.repeat(MAX_EVENT_XML)}</xml>`);
    expect(parseEventXml(padded)).toBeNull();
  });

  it('stays fast on hostile input', () => {
    const started = performance.now();
    parseEventXml(`<xml><A>${' '.repeat(30_000)}${'<A><![CDATA['.repeat(2000)}`);
    parseEventXml(`<xml>${'<A>x'.repeat(16_000)}`);
    parseEventXml(`<xml>${'<A><![CDATA[]]>'.repeat(4300)}`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('sceneFromEvent', () => {
  const scene = '0123456789abcdef';
  const of = (event: string, eventKey: string, msgType = 'event') => sceneFromEvent({ msgType, event, eventKey });

  it('reads SCAN keys as is and subscribe keys after qrscene_', () => {
    expect(of('SCAN', scene)).toBe(scene);
    expect(of('subscribe', `qrscene_${scene}`)).toBe(scene);
  });

  it('returns null for other events, plain follows and scenes we never issue', () => {
    expect(of('subscribe', '')).toBeNull();
    expect(of('subscribe', scene)).toBeNull();
    expect(of('SCAN', `qrscene_${scene}`)).toBeNull();
    expect(of('CLICK', scene)).toBeNull();
    expect(of('SCAN', scene, 'text')).toBeNull();
    for (const key of ['0123456789ABCDEF', '0123456789abcde', '0123456789abcdef0', '123', 'x'.repeat(16)]) {
      expect(of('SCAN', key)).toBeNull();
    }
  });
});

describe('textReplyXml', () => {
  it('swaps the users, answers text and keeps CDATA intact', () => {
    const xml = textReplyXml({ toUser: 'gh_account', fromUser: 'oUser' }, 'hi ]]> there', NOW);
    expect(xml).toBe(
      '<xml><ToUserName><![CDATA[oUser]]></ToUserName><FromUserName><![CDATA[gh_account]]></FromUserName>' +
        `<CreateTime>${TS}</CreateTime><MsgType><![CDATA[text]]></MsgType>` +
        '<Content><![CDATA[hi ]]]]><![CDATA[> there]]></Content></xml>',
    );
  });
});
