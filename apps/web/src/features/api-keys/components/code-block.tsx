import { Box, Button, CopyButton, Paper } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Code to read and copy: monospace, its lines kept whole and scrolled sideways inside the frame
 * (the page itself never scrolls sideways on a phone). Focusable so the keyboard can scroll it too.
 */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId: string }) {
  const { t } = useTranslation('developers');
  return (
    <Paper withBorder radius="md" pos="relative" bg="var(--mantine-color-gray-0)" miw={0}>
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="default"
            pos="absolute"
            top={8}
            right={8}
            style={{ zIndex: 1 }}
            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            onClick={copy}
            aria-label={copied ? t('copied') : t('examples.copyOne', { what: label })}
            data-testid={`${testId}-copy`}
            data-copied={copied}
          >
            {copied ? t('copied') : t('copy')}
          </Button>
        )}
      </CopyButton>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={label}
        m={0}
        p="md"
        pr={96}
        ff="monospace"
        fz="sm"
        style={{ overflowX: 'auto', whiteSpace: 'pre', lineHeight: 1.55 }}
        data-testid={testId}
      >
        <code>{code}</code>
      </Box>
    </Paper>
  );
}
