import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import common from '../../locales/en/common.json';
import { DialogHost } from '../dialogs';

// Vitest runs without globals, so Testing Library cannot unmount after each test by itself.
afterEach(cleanup);

/** English common texts, once per test file. */
export async function initTestI18n() {
  if (!i18n.isInitialized) await i18n.use(initReactI18next).init({ lng: 'en', ns: ['common'], defaultNS: 'common', resources: { en: { common } }, interpolation: { escapeValue: false } });
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      {children}
      <DialogHost />
    </MantineProvider>
  );
}

export const renderKit = (ui: ReactNode) => render(ui, { wrapper: Providers });
