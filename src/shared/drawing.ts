/** Aspect ratios a drawing may ask for, the first being the default (docs/validation-and-limits.md). */
export const ASPECT_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Pixel quality: 1 normal, 2 HD, 3 ultra HD. */
export const QUALITIES = [1, 2, 3] as const;
export type Quality = (typeof QUALITIES)[number];

/** Drawing task status codes (docs/state-machines.md), stored in drawings.status and sent in replies and pushes. */
export const DrawingStatus = {
  SUBMITTED: 1,
  DRAWING: 2,
  DONE: 10,
  FAILED: 11,
  VIOLATION: 12,
  CHECKING: 13,
  SENSITIVE: 14,
} as const;
