import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island only for a signed-in visitor (src/integrations/client-auth-directive.ts). */
    'client:auth'?: boolean;
  }
}
