/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    lang: import('./lib/i18n').Language;
    t: import('i18next').TFunction;
  }
}
