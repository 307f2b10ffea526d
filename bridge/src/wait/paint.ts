/**
 * `paint`: resolves once the document has produced `frames` animation frames
 * (https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#animation-frames): the callback
 * of the second `requestAnimationFrame` runs after the frame that held the first was produced, so what
 * the document showed before the call has been painted (a screenshot of an out-of-process frame taken
 * before its first paint is blank). Each frame falls back to 100 ms when frames do not run (a page in
 * the background).
 */

export interface PaintResult {
  /** Animation frames that ran (the rest fell back to 100 ms). */
  frames: number;
  /** Milliseconds the wait took, measured in the page. */
  waitedMs: number;
}

const kFallbackMs = 100;

export async function paint(frames: number): Promise<PaintResult> {
  const start = performance.now();
  let ran = 0;
  for (let i = 0; i < frames; i++) {
    ran += await new Promise<number>(resolve => {
      let done = false;
      const finish = (value: number): void => { if (!done) { done = true; resolve(value); } };
      requestAnimationFrame(() => finish(1));
      setTimeout(() => finish(0), kFallbackMs);
    });
  }
  return { frames: ran, waitedMs: Math.round(performance.now() - start) };
}
