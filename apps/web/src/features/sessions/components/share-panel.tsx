import { Alert, Button, CopyButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/status-messages';
import { useSession } from '../api/get-session';
import { useShareSession, useStopSharingSession } from '../api/share-session';

/** The page a share hash opens, on this site. */
export const shareUrl = (shareHashId: string) => `${window.location.origin}/share/${shareHashId}`;

/** A link to read and copy, with "copied" feedback. */
export function ShareLinkField({ url }: { url: string }) {
  const { t } = useTranslation('sessions');
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        flex={1}
        readOnly
        label={t('share.link')}
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        data-testid="share-link"
      />
      <CopyButton value={url} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
            data-testid="share-copy"
            data-copied={copied}
          >
            {copied ? t('share.copied') : t('share.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The share modal's body: makes (or shows) the session's read-only link and can stop sharing it. */
export function ShareSessionPanel({ hash, close }: { hash: string; close: () => void }) {
  const { t } = useTranslation('sessions');
  const session = useSession(hash);
  const share = useShareSession(hash);
  const stop = useStopSharingSession(hash);
  const shareHash = session.data?.share_hash_id ?? null;
  const failed = share.error ?? stop.error;
  if (session.isPending) return <Skeleton height={80} />;
  return (
    <Stack data-testid="share-modal" data-shared={!!shareHash}>
      <Text size="sm" style={{ wordBreak: 'keep-all' }}>
        {t(shareHash ? 'share.sharedBody' : 'share.body')}
      </Text>
      {failed ? (
        <Alert color="red" data-testid="share-error">
          {errorMessage(t, failed)}
        </Alert>
      ) : null}
      {shareHash ? <ShareLinkField url={shareUrl(shareHash)} /> : null}
      <Group justify="space-between">
        {shareHash ? (
          <Button variant="subtle" color="red" loading={stop.isPending} onClick={() => stop.mutate()} data-testid="share-stop">
            {t('share.stop')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={close}>
            {t('share.close')}
          </Button>
          {shareHash ? null : (
            <Button loading={share.isPending} onClick={() => share.mutate()} data-testid="share-create" data-autofocus>
              {t('share.create')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

/** A page's own link to copy (the shared session page's Share button). */
export function openShareLink(t: TFunction, url: string) {
  dialogs.open({
    title: t('sessions:share.pageTitle'),
    render: () => (
      <Stack data-testid="share-page-modal">
        <Text size="sm">{t('sessions:share.pageBody')}</Text>
        <ShareLinkField url={url} />
      </Stack>
    ),
  });
}
