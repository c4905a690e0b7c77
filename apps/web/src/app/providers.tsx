import { createTheme, type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { DialogHost } from '../components/dialogs';
import { NotificationsHost } from '../components/notifications-host';

// Contrast (WCAG AA 4.5:1, checked by axe in the browser tests): white on indigo 6, and indigo 6
// on white, are 4.3:1; on indigo 7 and in indigo 7 they are 5:1. Mantine's dimmed text (gray 6)
// is 3.3:1 on white; the grey below keeps the quiet look at 4.5:1 and more on white and on the
// navigation's gray 0. Mantine's error red (red 6 on white, 3.6:1) fails for field errors and the
// text of an input in error: red 9 holds 4.5:1 and more.
const theme = createTheme({ primaryColor: 'indigo', primaryShade: 7, defaultRadius: 'md' });
const cssVariablesResolver: CSSVariablesResolver = () => ({ variables: {}, light: { '--mantine-color-dimmed': '#666d74', '--mantine-color-error': 'var(--mantine-color-red-9)' }, dark: {} });

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not get better by retrying.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        {children}
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
