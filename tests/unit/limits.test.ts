import { describe, expect, it } from 'vitest';
import { bodyLimitFor } from '../../src/server/body-limits';
import { connectionCaps, fileHandleLimit } from '../../src/server/config/limits';
import { addressKey } from '../../src/server/connection-guard';

const MB = 1024 * 1024;

describe('body limits per route', () => {
  it('gives most routes a few KB, less without a session', () => {
    expect(bodyLimitFor('POST', '/api/user/login/email', MB)).toEqual({ visitor: 16 * 1024, member: 64 * 1024 });
    expect(bodyLimitFor('POST', '/api/client-log?x=1', MB)).toEqual({ visitor: 8 * 1024, member: 8 * 1024 });
  });

  it('lets a session send images and whole conversations up to BODY_LIMIT, by method and path', () => {
    expect(bodyLimitFor('POST', '/api/user/profile', MB)).toEqual({ visitor: 16 * 1024, member: MB });
    expect(bodyLimitFor('PUT', '/api/chat/conversations/1700000000000', MB).member).toBe(MB);
    expect(bodyLimitFor('GET', '/api/chat/conversations/1', MB).member).toBe(64 * 1024);
    expect(bodyLimitFor('POST', '/api/sd/submit/imagine', 4096)).toEqual({ visitor: 4096, member: 4096 });
  });
});

describe('connection caps', () => {
  it('counts IPv4 as is and IPv6 by its /64', () => {
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8:0:1::5')).toBe(addressKey('2001:db8:0:1:ffff:1:2:3'));
    expect(addressKey('2001:db8:0:1::5')).not.toBe(addressKey('2001:db8:0:2::5'));
  });

  it('leaves file handles for the database and files, and drops the per-address cap behind a proxy', () => {
    const files = fileHandleLimit();
    const caps = connectionCaps({ TRUST_PROXY: false, IP_LIMIT_SCALE: 2 });
    if (files !== null) expect(caps.total).toBeLessThanOrEqual(files - 256);
    expect(caps.perIp).toBe(512);
    expect(connectionCaps({ TRUST_PROXY: true, IP_LIMIT_SCALE: 1 }).perIp).toBe(0);
    expect(connectionCaps({ TRUST_PROXY: true, IP_LIMIT_SCALE: 1, MAX_CONNECTIONS_PER_IP: 50 }).perIp).toBe(50);
  });
});
