/** Aspect ratios a drawing may ask for, the first being the default (docs/validation-and-limits.md). */
export const ASPECT_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Pixel quality: 1 normal, 2 HD, 3 ultra HD. */
export const QUALITIES = [1, 2, 3] as const;
export type Quality = (typeof QUALITIES)[number];
