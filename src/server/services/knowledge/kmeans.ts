import { seededRandom } from '../../../shared/seeded-random';

// Spherical k-means for the IVF index (ivf.ts): vectors are unit length, so the nearest centroid
// is the one with the largest dot product, and centroids are renormalised means. Two levels keep
// the build's work near n · (√k + k/√k) dot products instead of n · k: coarse clusters first,
// then each coarse cluster is split into lists of about LIST_SIZE vectors.

/** Vectors a list holds on average: a query reads PROBES lists of about this many rows. */
export const LIST_SIZE = 100;
const ITERATIONS = 8;
/** Vectors a k-means of k clusters learns from (a sample beyond it). */
const SAMPLE_PER_CLUSTER = 64;

/** `n` vectors of `dims` numbers, one after another. */
export interface Vectors {
  data: Float32Array;
  dims: number;
  n: number;
}

export const dot = (a: Float32Array, ai: number, b: Float32Array, bi: number, dims: number) => {
  let s = 0;
  for (let d = 0; d < dims; d++) s += (a[ai + d] as number) * (b[bi + d] as number);
  return s;
};

/** The index of the centroid nearest to vector `i` of `v`. */
export function nearestOf(v: Float32Array, i: number, centroids: Vectors): number {
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < centroids.n; c++) {
    const s = dot(v, i * centroids.dims, centroids.data, c * centroids.dims, centroids.dims);
    if (s > bestScore) {
      bestScore = s;
      best = c;
    }
  }
  return best;
}

function normalise(v: Float32Array, at: number, dims: number) {
  let sum = 0;
  for (let d = 0; d < dims; d++) sum += (v[at + d] as number) ** 2;
  const norm = Math.sqrt(sum) || 1;
  for (let d = 0; d < dims; d++) v[at + d] = (v[at + d] as number) / norm;
}

/** k centroids of the vectors `members` (indices into `all`), seeded so a rebuild is repeatable. */
export function kmeans(all: Vectors, members: Int32Array, k: number, seed: number): Vectors {
  const { dims } = all;
  const random = seededRandom(seed);
  // A sample is enough to place the centroids; every member is assigned afterwards.
  let sample = members;
  if (members.length > k * SAMPLE_PER_CLUSTER) {
    sample = Int32Array.from(members);
    for (let i = 0; i < k * SAMPLE_PER_CLUSTER; i++) {
      const j = i + Math.floor(random() * (sample.length - i));
      [sample[i], sample[j]] = [sample[j] as number, sample[i] as number];
    }
    sample = sample.subarray(0, k * SAMPLE_PER_CLUSTER);
  }
  const count = Math.max(1, Math.min(k, sample.length));
  const centroids: Vectors = { data: new Float32Array(count * dims), dims, n: count };
  // k-means++: each first centroid is a sample member drawn by its squared distance to those so far.
  const far = new Float64Array(sample.length).fill(Number.POSITIVE_INFINITY);
  let pick = sample[Math.floor(random() * sample.length)] as number;
  for (let c = 0; c < count; c++) {
    centroids.data.set(all.data.subarray(pick * dims, (pick + 1) * dims), c * dims);
    let total = 0;
    for (let s = 0; s < sample.length; s++) {
      const d = Math.max(0, 1 - dot(all.data, (sample[s] as number) * dims, centroids.data, c * dims, dims));
      far[s] = Math.min(far[s] as number, d * d);
      total += far[s] as number;
    }
    let r = random() * total;
    for (let s = 0; s < sample.length; s++) {
      r -= far[s] as number;
      if (r <= 0 || s === sample.length - 1) {
        pick = sample[s] as number;
        break;
      }
    }
  }
  const of = new Int32Array(sample.length);
  for (let iter = 0; iter < ITERATIONS; iter++) {
    for (let s = 0; s < sample.length; s++) of[s] = nearestOf(all.data, sample[s] as number, centroids);
    const sums = new Float32Array(count * dims);
    const sizes = new Int32Array(count);
    for (let s = 0; s < sample.length; s++) {
      const c = of[s] as number;
      sizes[c] = (sizes[c] as number) + 1;
      const at = (sample[s] as number) * dims;
      for (let d = 0; d < dims; d++) sums[c * dims + d] = (sums[c * dims + d] as number) + (all.data[at + d] as number);
    }
    for (let c = 0; c < count; c++) {
      // An empty cluster takes a random sample member and tries again.
      if (sizes[c] === 0) {
        const pick = sample[Math.floor(random() * sample.length)] as number;
        sums.set(all.data.subarray(pick * dims, (pick + 1) * dims), c * dims);
      }
      normalise(sums, c * dims, dims);
    }
    centroids.data = sums;
  }
  return centroids;
}

/** Coarse clusters whose lists a vector may join: a vector near a border is put in its nearest list across them. */
const COARSE_CHOICES = 3;

/**
 * The IVF lists of `all`: about n / LIST_SIZE centroids, and each vector's list. Coarse clusters
 * (√k of them) first, then each coarse cluster's own k-means, sized to its share of the vectors;
 * a vector joins the nearest list of its COARSE_CHOICES nearest coarse clusters (a query picks
 * lists among all of them).
 */
export function buildLists(all: Vectors, seed = 1): { centroids: Vectors; listOf: Int32Array } {
  const { dims } = all;
  const k = Math.max(1, Math.round(all.n / LIST_SIZE));
  const everyone = Int32Array.from({ length: all.n }, (_, i) => i);
  const coarse = kmeans(all, everyone, Math.ceil(Math.sqrt(k)), seed);
  const groups: number[][] = Array.from({ length: coarse.n }, () => []);
  for (let i = 0; i < all.n; i++) groups[nearestOf(all.data, i, coarse)]?.push(i);
  const parts: Array<{ fine: Vectors; offset: number }> = [];
  let total = 0;
  groups.forEach((group, g) => {
    const fine =
      group.length === 0
        ? { data: new Float32Array(0), dims, n: 0 }
        : kmeans(all, Int32Array.from(group), Math.max(1, Math.round(group.length / LIST_SIZE)), seed + g + 1);
    parts.push({ fine, offset: total });
    total += fine.n;
  });
  const data = new Float32Array(total * dims);
  for (const p of parts) data.set(p.fine.data, p.offset * dims);
  const listOf = new Int32Array(all.n);
  for (let i = 0; i < all.n; i++) {
    const v = all.data.subarray(i * dims, (i + 1) * dims);
    let best = Number.NEGATIVE_INFINITY;
    for (const g of nearestLists(v, coarse, COARSE_CHOICES)) {
      const { fine, offset } = parts[g] as { fine: Vectors; offset: number };
      for (let c = 0; c < fine.n; c++) {
        const s = dot(all.data, i * dims, fine.data, c * dims, dims);
        if (s > best) {
          best = s;
          listOf[i] = offset + c;
        }
      }
    }
  }
  return { centroids: { data, dims, n: total }, listOf };
}

/** The `probes` centroids nearest to `query`, by index. */
export function nearestLists(query: Float32Array, centroids: Vectors, probes: number): number[] {
  const scored: Array<[number, number]> = [];
  for (let c = 0; c < centroids.n; c++)
    scored.push([c, dot(query, 0, centroids.data, c * centroids.dims, centroids.dims)]);
  scored.sort((a, b) => b[1] - a[1]);
  return scored.slice(0, probes).map(([c]) => c);
}
