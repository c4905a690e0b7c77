import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/status-messages';
import { useRestrictedWords } from '../api/get-restricted-words';
import { useSaveRestrictedWords } from '../api/save-restricted-words';
import { privacyFlags, privacyModeOf, sameWords, type PrivacyMode } from '../lib/words';
import { PrivacyModeSection } from './privacy-mode-section';
import { WordsSection } from './words-section';

interface Draft {
  words: string[];
  mode: PrivacyMode;
}

/** The word a 409 `restricted_word_duplicated` names (`details.word`). */
function duplicatedWord(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== 'restricted_word_duplicated') return null;
  const d = err.details as { word?: unknown } | undefined;
  return typeof d?.word === 'string' ? d.word : '';
}

/**
 * Console "Restricted words and privacy" (spec §2, §3): the tenant's restricted words and the
 * privacy mode (off, block or mask). Changes are kept on the page until saved; saving replaces the
 * whole settings.
 */
export function RestrictedWordsPage() {
  const { t } = useTranslation('restricted-words');
  const settings = useRestrictedWords();
  const save = useSaveRestrictedWords();
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    if (settings.isError) notifications.show({ id: 'restricted-words-load', color: 'red', title: t('toast.loadFailed'), message: errorMessage(t, settings.error) });
  }, [settings.isError, settings.error, t]);

  const saved: Draft | null = settings.data ? { words: settings.data.restricted_words, mode: privacyModeOf(settings.data) } : null;
  const current = draft ?? saved;
  const dirty = !!draft && !!saved && (draft.mode !== saved.mode || !sameWords(draft.words, saved.words));
  const update = (next: Partial<Draft>) => current && setDraft({ ...current, ...next });

  // Leaving the page (closing the tab, reloading) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Leaving for another page of the app asks first too (in the save bar).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const leaving = blocker.state === 'blocked';

  const onSave = () => {
    if (!current) return;
    save.mutate(
      { restricted_words: current.words, ...privacyFlags(current.mode) },
      {
        onSuccess: () => {
          setDraft(null);
          notifications.show({ color: 'green', message: t('toast.saved') });
        },
        onError: (err) => {
          const word = duplicatedWord(err);
          notifications.show({
            color: 'red',
            title: t('toast.saveFailed'),
            message: word ? t('toast.duplicated', { word }) : errorMessage(t, err),
          });
        },
      },
    );
  };

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1200} data-testid="restricted-words-page">
      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ flex: '1 1 320px' }}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </div>
        <Group gap="sm" wrap="nowrap">
          {dirty ? (
            <Badge color="orange" variant="light" data-testid="restricted-words-unsaved">
              {t('unsaved')}
            </Badge>
          ) : null}
          <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!dirty} loading={save.isPending} onClick={onSave} data-testid="restricted-words-save">
            {t('save')}
          </Button>
        </Group>
      </Group>

      {current ? (
        <>
          <WordsSection words={current.words} savedWords={saved?.words ?? []} onChange={(words) => update({ words })} />
          <PrivacyModeSection mode={current.mode} onChange={(mode) => update({ mode })} />
        </>
      ) : settings.isError ? (
        <Alert color="red" title={t('toast.loadFailed')} data-testid="restricted-words-load-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(t, settings.error)}</Text>
            <Button variant="default" size="xs" loading={settings.isFetching} onClick={() => void settings.refetch()} data-testid="restricted-words-retry">
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p="lg">
            <Stack>
              <Skeleton height={24} width="40%" />
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} height={36} />
              ))}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Skeleton height={120} />
          </Paper>
        </>
      )}

      {dirty ? (
        // Long pages (and phones): the unsaved changes stay in sight with Save and Discard.
        <Paper withBorder shadow="md" radius="md" px="md" py="sm" pos="sticky" bottom={16} style={{ zIndex: 5 }} data-testid="restricted-words-save-bar">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={500} role={leaving ? 'alert' : undefined}>
              {leaving ? t('leave.question') : t('unsaved')}
            </Text>
            {leaving ? (
              <Group gap="xs">
                <Button variant="default" onClick={() => blocker.reset?.()} data-testid="restricted-words-stay">
                  {t('leave.stay')}
                </Button>
                <Button color="red" onClick={() => blocker.proceed?.()} data-testid="restricted-words-leave">
                  {t('leave.leave')}
                </Button>
              </Group>
            ) : (
            <Group gap="xs">
              <Button variant="default" disabled={save.isPending} onClick={() => setDraft(null)} data-testid="restricted-words-discard">
                {t('discard')}
              </Button>
              <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={onSave}>
                {t('save')}
              </Button>
            </Group>
            )}
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}
