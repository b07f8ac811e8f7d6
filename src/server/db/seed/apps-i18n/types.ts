/** A seeded application's texts in one language: [title, description, system prompt]. */
export type AppTexts = readonly [title: string, description: string, prompt: string];
