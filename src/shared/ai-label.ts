/**
 * The visible label Chinese rules require on AI-generated pictures and songs. It
 * stays in Chinese in every language; pages show `layout:aiLabel`, which starts
 * with it and adds a translation where the page's language needs one
 * (tests/unit/ai-label.test.ts).
 */
export const AI_LABEL = 'AI生成';
