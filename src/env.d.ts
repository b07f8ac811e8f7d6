/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    lang: import('./shared/i18n').Language;
    t: import('i18next').TFunction;
  }
}
