import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['ko', 'en', 'zh', 'ja', 'es'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'i18nextLng';

// One namespace per file (locales/<lng>/<ns>.json). A language's namespaces come as one chunk
// (locales/<lng>/index.ts), loaded when it is chosen: one request, and the initial bundle holds
// five loaders instead of one per file.
type Catalogues = { default: Record<string, Record<string, unknown>> };
const languages = import.meta.glob<Catalogues>('../locales/*/index.ts');

async function loadLanguage(lng: AppLanguage): Promise<void> {
  const load = languages[`../locales/${lng}/index.ts`];
  if (!load) return;
  for (const [file, bundle] of Object.entries((await load()).default)) {
    const ns = /([^/]+)\.json$/.exec(file)?.[1];
    if (ns && !i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, bundle, true, true);
  }
}

export function isLanguage(v: unknown): v is AppLanguage {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/** Stored choice, else the browser's language, else ko (spec §9). */
export function detectLanguage(): AppLanguage {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'ko';
}

export async function setLanguage(lng: AppLanguage): Promise<void> {
  window.localStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = lng;
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
}

/** Loads the chosen language (and ko, the fallback) before the first render. */
export async function initI18n(lng: AppLanguage = detectLanguage()): Promise<void> {
  document.documentElement.lang = lng;
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng,
    fallbackLng: 'ko',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([loadLanguage(lng), lng === 'ko' ? Promise.resolve() : loadLanguage('ko')]);
  await i18n.changeLanguage(lng);
}

export { i18n };
