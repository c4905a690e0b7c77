import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's toast container, loaded by NotificationsHost with the first toast. Every toast's close
 * button has a name, and its text the page's text colour (Mantine's description grey on a tinted
 * toast fell under 4.5:1; axe in the browser tests).
 */
export default function NotificationsContainer() {
  const { t } = useTranslation('common');
  return (
    <MantineThemeProvider
      inherit
      theme={{
        components: {
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('close') } }, styles: { description: { color: 'var(--mantine-color-text)' } } },
        },
      }}
    >
      <Notifications position="top-right" />
    </MantineThemeProvider>
  );
}
