import type { Chatbot } from '@app/contracts/chatbots';
import { Alert, Button, Group, Modal, MultiSelect, Select, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useCategories } from '../../../entities/categories';
import { useAllMemberGroups } from '../../../entities/member-groups';
import { useSetChatbotAccess } from '../api/set-chatbot-access';
import { missingNames } from '../lib/publish-status';

/**
 * Ask the admins to publish the saved draft (PATCH /chatbots/{id}/access/ is_public true): for which
 * groups (at least one) and in which store category (optional).
 */
export function PublishModal({ chatbot, kind, dirty, onClose }: { chatbot: Chatbot; kind: 'publish' | 'requestChanges'; dirty: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('studio');
  const groups = useAllMemberGroups();
  const categories = useCategories();
  const access = useSetChatbotAccess();
  const [groupIds, setGroupIds] = useState<string[]>(() => chatbot.member_groups.map((g) => String(g.id)));
  const [categoryId, setCategoryId] = useState<string | null>(() => (chatbot.categories[0] ? String(chatbot.categories[0].id) : null));
  const [attempted, setAttempted] = useState(false);
  const incomplete = missingNames(chatbot);
  const groupError = attempted && groupIds.length === 0 ? t('publish.errors.groups') : undefined;

  const submit = () => {
    setAttempted(true);
    if (groupIds.length === 0 || incomplete) return;
    access.mutate(
      { id: chatbot.id, body: { is_public: true, member_group_ids: groupIds.map(Number), category_id: categoryId ? Number(categoryId) : null } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('publish.requested') });
          onClose();
        },
        onError: (err) =>
          notifications.show({
            color: 'red',
            title: t('publish.errors.title'),
            message: err instanceof ApiError && err.code === 'chatbot_incomplete' ? t('publish.errors.incomplete') : errorMessage(t, err),
          }),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t(kind === 'publish' ? 'publish.modalTitle' : 'publish.changesTitle')} centered size="lg" closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="publish-modal">
      <Stack gap="md">
        <Text size="sm">{t(kind === 'publish' ? 'publish.modalBody' : 'publish.changesBody')}</Text>
        {incomplete ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="publish-incomplete">
            {t('publish.errors.incomplete')}
          </Alert>
        ) : null}
        {dirty ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="publish-unsaved">
            {t('publish.unsaved')}
          </Alert>
        ) : null}
        {groups.isPending ? (
          <Skeleton height={60} />
        ) : (
          <MultiSelect
            label={t('publish.groups')}
            description={t('publish.groupsHint')}
            withAsterisk
            data={(groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: localizedName(g, i18n.language) }))}
            value={groupIds}
            onChange={setGroupIds}
            searchable
            clearable
            error={groupError ?? (groups.isError ? errorMessage(t, groups.error) : undefined)}
            comboboxProps={{ withinPortal: true }}
            data-testid="publish-groups"
          />
        )}
        <Select
          label={t('publish.category')}
          description={t('publish.categoryHint')}
          placeholder={t('publish.noCategory')}
          data={(categories.data?.items ?? []).map((c) => ({ value: String(c.id), label: localizedName(c, i18n.language) }))}
          value={categoryId}
          onChange={setCategoryId}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="publish-category"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={access.isPending} disabled={incomplete} data-testid="publish-submit">
            {t('publish.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
