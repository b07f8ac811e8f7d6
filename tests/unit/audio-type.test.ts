import { describe, expect, it } from 'vitest';
import { audioType } from '../../src/server/providers/speech/audio-type';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('audioType', () => {
  it('tells each accepted recording format by its first bytes', () => {
    expect(audioType(bytes([0x1a, 0x45, 0xdf, 0xa3], 'webm…'))?.mime).toBe('audio/webm');
    expect(audioType(bytes('OggS', [0, 2]))?.mime).toBe('audio/ogg');
    expect(audioType(bytes([0, 0, 0, 0x20], 'ftypM4A '))?.mime).toBe('audio/mp4');
    expect(audioType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))?.mime).toBe('audio/wav');
    expect(audioType(bytes('ID3', [4, 0]))?.mime).toBe('audio/mpeg');
    expect(audioType(bytes([0xff, 0xfb, 0x90, 0x00]))?.mime).toBe('audio/mpeg');
  });

  it('refuses anything else, whatever a header would claim', () => {
    expect(audioType(Buffer.alloc(0))).toBeNull();
    expect(audioType(bytes('<html>'))).toBeNull();
    expect(audioType(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
    expect(audioType(bytes([0x89], 'PNG\r\n'))).toBeNull();
    expect(audioType(bytes([0xff, 0xe0]))).toBeNull();
  });
});
