import { parentPort } from 'node:worker_threads';
import HME from 'h264-mp4-encoder';
import { type FramePlan, paintFrame } from './frames';

/**
 * The offline video's thread (render.ts starts one per clip): paints every frame and encodes
 * them to H.264 in MP4 with h264-mp4-encoder (WebAssembly). Sends progress as it goes, then the
 * file and the middle frame (the cover), and exits.
 */

export type RenderAnswer =
  | { kind: 'progress'; done: number }
  | { kind: 'done'; mp4: Uint8Array; cover: Uint8Array }
  | { kind: 'error'; message: string };

async function render(plan: FramePlan): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const encoder = await HME.createH264MP4Encoder();
  try {
    encoder.width = plan.width;
    encoder.height = plan.height;
    encoder.frameRate = plan.fps;
    // Fastest preset at a quantizer that keeps soft gradients clean: the clip is painted, not filmed.
    encoder.speed = 10;
    encoder.quantizationParameter = 28;
    encoder.groupOfPictures = plan.fps * 2;
    encoder.initialize();
    const frame = new Uint8Array(plan.width * plan.height * 4);
    const middle = Math.floor(plan.frames / 2);
    let cover = new Uint8Array(0);
    let told = 0;
    for (let n = 0; n < plan.frames; n++) {
      paintFrame(plan, n, frame);
      if (n === middle) cover = frame.slice();
      encoder.addFrameRgba(frame);
      const done = (n + 1) / plan.frames;
      if (done - told >= 0.1) {
        told = done;
        port.postMessage({ kind: 'progress', done } satisfies RenderAnswer);
      }
    }
    encoder.finalize();
    const mp4 = encoder.FS.readFile(encoder.outputFilename);
    encoder.FS.unlink(encoder.outputFilename);
    port.postMessage({ kind: 'done', mp4, cover } satisfies RenderAnswer, [mp4.buffer as ArrayBuffer, cover.buffer]);
  } finally {
    encoder.delete();
  }
}

parentPort?.once('message', (plan: FramePlan) => {
  render(plan).catch((err: Error) =>
    parentPort?.postMessage({ kind: 'error', message: err.message } satisfies RenderAnswer),
  );
});
