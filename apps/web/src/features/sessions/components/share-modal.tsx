import { ActionIcon } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs';

/** The chat header's Share button: the modal makes (or shows) the session's read-only link and can stop sharing it. */
export function ShareSessionButton({ hash }: { hash: string }) {
  const { t } = useTranslation('sessions');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('actions.share')}
      title={t('actions.share')}
      data-testid="chat-share"
      // The modal's body loads on the first click: the chat's initial JavaScript stays small.
      onClick={() => void import('./share-panel').then(({ ShareSessionPanel }) => dialogs.open({ title: t('share.title'), render: (close) => <ShareSessionPanel hash={hash} close={close} /> }))}
    >
      <IconShare size={18} />
    </ActionIcon>
  );
}
