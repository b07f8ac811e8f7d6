/**
 * /special: fireworks of 5 rockets, 50 particles each, on a canvas.
 * The simulation is pure (seeded random, explicit time steps) so tests can
 * run it; `playFireworks` draws it, or one still frame under reduced motion (docs/routes-and-screens.md).
 */
export const ROCKETS = 5;
export const PARTICLES = 50;
const GRAVITY = 120; // px/s²
const LAUNCH_GAP = 0.45; // s between rockets

export interface Rocket {
  x: number;
  y: number;
  vy: number;
  hue: number;
  /** Seconds until launch. */
  delay: number;
  burst: boolean;
}

export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  hue: number;
  /** 1 → 0; gone at 0. */
  life: number;
}

export interface Show {
  width: number;
  height: number;
  rockets: Rocket[];
  particles: Particle[];
  /** Particles made so far (50 per burst rocket). */
  born: number;
  rand: () => number;
}

export function createShow(width: number, height: number, rand: () => number = Math.random): Show {
  const rockets = Array.from({ length: ROCKETS }, (_, i) => {
    // Launch speed that peaks between 20 % and 45 % of the height from the top.
    const apex = height * (0.2 + rand() * 0.25);
    return {
      x: width * (0.15 + rand() * 0.7),
      y: height,
      vy: -Math.sqrt(2 * GRAVITY * (height - apex)),
      hue: Math.floor(rand() * 360),
      delay: i * LAUNCH_GAP,
      burst: false,
    };
  });
  return { width, height, rockets, particles: [], born: 0, rand };
}

function burst(show: Show, r: Rocket) {
  r.burst = true;
  for (let i = 0; i < PARTICLES; i++) {
    const angle = (i / PARTICLES) * Math.PI * 2 + show.rand() * 0.2;
    const speed = 40 + show.rand() * 90;
    show.particles.push({
      x: r.x,
      y: r.y,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      hue: r.hue + show.rand() * 30 - 15,
      life: 1,
    });
  }
  show.born += PARTICLES;
}

/** Advances the show by `dt` seconds; false once every rocket burst and every spark faded. */
export function step(show: Show, dt: number): boolean {
  for (const r of show.rockets) {
    if (r.burst) continue;
    if (r.delay > 0) {
      r.delay -= dt;
      continue;
    }
    r.y += r.vy * dt;
    r.vy += GRAVITY * dt;
    if (r.vy >= 0) burst(show, r);
  }
  for (const p of show.particles) {
    p.vx *= 1 - 0.9 * dt;
    p.vy = p.vy * (1 - 0.9 * dt) + GRAVITY * 0.35 * dt;
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    p.life -= dt / 1.8;
  }
  show.particles = show.particles.filter((p) => p.life > 0);
  return show.rockets.some((r) => !r.burst) || show.particles.length > 0;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export function draw(ctx: Context2D, show: Show) {
  ctx.clearRect(0, 0, show.width, show.height);
  for (const r of show.rockets) {
    if (r.burst || r.delay > 0) continue;
    ctx.fillStyle = `hsl(${r.hue} 100% 75%)`;
    ctx.fillRect(r.x - 1.5, r.y - 6, 3, 10);
  }
  for (const p of show.particles) {
    ctx.globalAlpha = Math.max(0, p.life);
    ctx.fillStyle = `hsl(${p.hue} 95% 62%)`;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 2.2, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

/**
 * Runs the show on `canvas` (the page's, or an OffscreenCanvas in fireworks-worker.ts); under reduced
 * motion draws one still frame of all bursts. Returns a stop function.
 */
export function playFireworks(canvas: HTMLCanvasElement | OffscreenCanvas, reducedMotion: boolean): () => void {
  const ctx = canvas.getContext('2d') as Context2D | null;
  if (!ctx) return () => {};
  const show = createShow(canvas.width, canvas.height);
  if (reducedMotion) {
    for (const r of show.rockets) {
      r.delay = 0;
      while (!r.burst) step(show, 1 / 60);
    }
    for (let i = 0; i < 30; i++) step(show, 1 / 60);
    draw(ctx, show);
    return () => {};
  }
  let frame = 0;
  let last = performance.now();
  const loop = (t: number) => {
    const dt = Math.min(0.05, (t - last) / 1000);
    last = t;
    const running = step(show, dt);
    draw(ctx, show);
    if (running) frame = requestAnimationFrame(loop);
  };
  frame = requestAnimationFrame(loop);
  return () => cancelAnimationFrame(frame);
}
