import type { SaveWebSearchSettingsBody, WebSearchProvider, WebSearchSettings } from '@app/contracts/web-search';
import { WEB_SEARCH_MAX_RESULTS } from '@app/contracts/web-search';
import { Alert, Badge, Button, Group, NumberInput, Paper, PasswordInput, Select, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/status-messages';
import { useWebSearchSettings } from '../api/get-web-search-settings';
import { useSaveWebSearchSettings } from '../api/save-web-search-settings';

interface Draft {
  enabled: boolean;
  /** '' = the server's provider. */
  provider: WebSearchProvider | '';
  url: string;
  /** A new key typed ('' = keep the stored one). */
  apiKey: string;
  removeKey: boolean;
  maxResults: number | '';
}

const draftOf = (s: WebSearchSettings): Draft => ({ enabled: s.is_enabled, provider: s.provider ?? '', url: s.url ?? '', apiKey: '', removeKey: false, maxResults: s.max_results ?? '' });

const needsKey = (p: Draft['provider']) => p === 'tavily' || p === 'brave';

/** The field a 422 `web_search_settings_invalid` names (`details.field`). */
function invalidField(err: unknown): 'url' | 'api_key' | null {
  if (!(err instanceof ApiError) || err.code !== 'web_search_settings_invalid') return null;
  const f = (err.details as { field?: unknown } | undefined)?.field;
  return f === 'url' || f === 'api_key' ? f : null;
}

function SettingsForm({ settings }: { settings: WebSearchSettings }) {
  const { t } = useTranslation('web-search');
  const save = useSaveWebSearchSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [fieldError, setFieldError] = useState<'url' | 'api_key' | null>(null);
  const saved = draftOf(settings);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const update = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setFieldError(null);
  };

  const serverName = settings.server_provider ? t(`providers.${settings.server_provider}`) : null;
  const keyed = needsKey(draft.provider);
  const urlMissing = draft.provider === 'searxng' && !draft.url.trim();
  const keyMissing = keyed && (draft.removeKey || !settings.api_key_set) && !draft.apiKey.trim();

  const onSave = () => {
    const body: SaveWebSearchSettingsBody = {
      is_enabled: draft.enabled,
      provider: draft.provider || null,
      url: draft.provider && draft.url.trim() ? draft.url.trim() : null,
      max_results: draft.maxResults === '' ? null : draft.maxResults,
      ...(draft.apiKey.trim() ? { api_key: draft.apiKey.trim() } : draft.removeKey ? { api_key: null } : {}),
    };
    save.mutate(body, {
      onSuccess: (next) => {
        setDraft(draftOf(next));
        notifications.show({ color: 'green', message: t('toast.saved') });
      },
      onError: (err) => {
        const field = invalidField(err);
        setFieldError(field);
        notifications.show({ color: 'red', title: t('toast.saveFailed'), message: field ? t(`errors.${field}`) : errorMessage(t, err) });
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Switch
          checked={draft.enabled}
          onChange={(e) => update({ enabled: e.currentTarget.checked })}
          label={t('enabled.label')}
          description={t('enabled.description')}
          data-testid="web-search-enabled"
        />
        <Select
          label={t('provider.label')}
          description={t('provider.description')}
          value={draft.provider}
          allowDeselect={false}
          onChange={(v) => update({ provider: (v ?? '') as Draft['provider'] })}
          data={[
            { value: '', label: serverName ? t('provider.server', { name: serverName }) : t('provider.serverNone') },
            { value: 'searxng', label: t('providers.searxng') },
            { value: 'tavily', label: t('providers.tavily') },
            { value: 'brave', label: t('providers.brave') },
          ]}
          data-testid="web-search-provider"
        />
        {draft.enabled && !draft.provider && !settings.server_provider ? (
          <Alert color="yellow" variant="light" data-testid="web-search-no-provider">
            {t('provider.none')}
          </Alert>
        ) : null}
        {draft.provider ? (
          <TextInput
            label={t('url.label')}
            description={draft.provider === 'searxng' ? t('url.searxng') : t('url.hosted')}
            placeholder={draft.provider === 'searxng' ? 'https://searx.example.org' : t('url.defaultEndpoint')}
            value={draft.url}
            onChange={(e) => update({ url: e.currentTarget.value })}
            required={draft.provider === 'searxng'}
            error={fieldError === 'url' || (urlMissing && dirty) ? t('errors.url') : undefined}
            data-testid="web-search-url"
          />
        ) : null}
        {keyed ? (
          <Stack gap={6}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('key.label')}
              </Text>
              {settings.api_key_set && !draft.removeKey ? (
                <Badge color="green" variant="light" leftSection={<IconKey size={12} />} data-testid="web-search-key-set">
                  {t('key.set')}
                </Badge>
              ) : (
                <Badge color="gray" variant="light" data-testid="web-search-key-unset">
                  {t('key.notSet')}
                </Badge>
              )}
            </Group>
            <PasswordInput
              aria-label={t('key.label')}
              description={t('key.description')}
              placeholder={settings.api_key_set && !draft.removeKey ? t('key.keepPlaceholder') : t('key.placeholder')}
              value={draft.apiKey}
              autoComplete="new-password"
              onChange={(e) => update({ apiKey: e.currentTarget.value, removeKey: false })}
              error={fieldError === 'api_key' || (keyMissing && dirty) ? t('errors.api_key') : undefined}
              data-testid="web-search-key"
            />
            {settings.api_key_set && !draft.removeKey ? (
              <Button variant="subtle" color="red" size="compact-sm" w="fit-content" leftSection={<IconTrash size={14} />} onClick={() => update({ removeKey: true, apiKey: '' })} data-testid="web-search-key-remove">
                {t('key.remove')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        <NumberInput
          label={t('results.label')}
          description={t('results.description', { n: settings.server_max_results })}
          placeholder={String(settings.server_max_results)}
          min={1}
          max={WEB_SEARCH_MAX_RESULTS}
          allowDecimal={false}
          value={draft.maxResults}
          onChange={(v) => update({ maxResults: typeof v === 'number' ? v : v === '' ? '' : Number(v) || '' })}
          maw={420}
          data-testid="web-search-results"
        />
        <Text size="sm" c="dimmed">
          {t('pagesNote')}
        </Text>
        <Group justify="flex-end" gap="sm">
          {dirty ? (
            <>
              <Badge color="orange" variant="light">
                {t('unsaved')}
              </Badge>
              <Button variant="default" disabled={save.isPending} onClick={() => setDraft(saved)}>
                {t('discard')}
              </Button>
            </>
          ) : null}
          <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!dirty || urlMissing || keyMissing} loading={save.isPending} onClick={onSave} data-testid="web-search-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Console "Web search" (issue 27 §1): whether chats may search the web, with which provider (the
 * server's, or a SearXNG, Tavily or Brave of the tenant's), its URL and key (write-only), and how
 * many results go into the prompt.
 */
export function WebSearchSettingsPage() {
  const { t } = useTranslation('web-search');
  const settings = useWebSearchSettings();
  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={900} data-testid="web-search-settings-page">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </div>
      {settings.data ? (
        <SettingsForm key={settings.data.updated_at ?? 'server'} settings={settings.data} />
      ) : settings.isError ? (
        <Alert color="red" title={t('toast.loadFailed')} data-testid="web-search-load-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(t, settings.error)}</Text>
            <Button variant="default" size="xs" loading={settings.isFetching} onClick={() => void settings.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack>
            <Skeleton height={28} width="50%" />
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
