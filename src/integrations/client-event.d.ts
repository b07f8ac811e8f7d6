import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Name of the window event whose first occurrence hydrates the island (src/integrations/client-event.mjs). */
    'client:event'?: string;
    /** Hydrates the island only for a signed-in visitor (src/integrations/client-auth-directive.ts). */
    'client:auth'?: boolean;
  }
}
