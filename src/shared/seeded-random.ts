/**
 * mulberry32: a small, fast, deterministic pseudo-random stream in [0, 1) from a 32-bit seed.
 * Not for secrets. The same seed always gives the same stream, so offline pictures, offline
 * songs and the fireworks are reproducible and tests can pin them.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
