import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { installErrorReporting, reportClientError } from './lib/error-report';
import { initI18n } from './lib/i18n';

installErrorReporting();

void initI18n().then(() =>
  createRoot(document.getElementById('root')!, {
    // A render error no component caught: reported with its component stack, and still logged.
    onUncaughtError: (error, info) => {
      console.error(error);
      reportClientError('boundary', error, info.componentStack);
    },
  }).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
