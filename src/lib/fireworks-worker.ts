/**
 * /special's fireworks off the main thread: the page hands its canvas over
 * (transferControlToOffscreen), so neither the simulation nor the drawing of
 * each frame blocks the page (bench/RESULTS.md: total blocking time).
 * Messages: { canvas, reduced } starts the show, { replay: true } plays it again.
 */
import { playFireworks } from './fireworks';

interface Start {
  canvas: OffscreenCanvas;
  reduced: boolean;
}

// Frames in a worker come from its own requestAnimationFrame; a browser without one gets a 60 Hz timer.
if (typeof requestAnimationFrame !== 'function') {
  const timers = self as unknown as {
    requestAnimationFrame: typeof requestAnimationFrame;
    cancelAnimationFrame: typeof cancelAnimationFrame;
  };
  timers.requestAnimationFrame = (callback) => setTimeout(() => callback(performance.now()), 16) as unknown as number;
  timers.cancelAnimationFrame = (id) => clearTimeout(id);
}

let canvas: OffscreenCanvas | null = null;
let reduced = false;
let stop = () => {};

self.addEventListener('message', (event: MessageEvent<Start | { replay: true }>) => {
  if ('canvas' in event.data) ({ canvas, reduced } = event.data);
  if (!canvas) return;
  stop();
  stop = playFireworks(canvas, reduced);
});
