import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['ko', 'en', 'zh', 'ja', 'es'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'i18nextLng';

// Every catalogue is small JSON: bundled eagerly, one namespace per file (locales/<lng>/<ns>.json).
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!lng || !ns) continue;
  (resources[lng] ??= {})[ns] = mod.default;
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

export function setLanguage(lng: AppLanguage): Promise<unknown> {
  window.localStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = lng;
  return i18n.changeLanguage(lng);
}

export function initI18n(lng: AppLanguage = detectLanguage()) {
  document.documentElement.lang = lng;
  return i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'ko',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export { i18n };
