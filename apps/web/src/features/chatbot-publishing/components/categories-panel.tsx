import type { Category } from '@app/contracts/categories';
import { ActionIcon, Button, Center, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../../../entities/categories';
import { CategoryFormModal } from './category-form-modal';

/** The store's categories (spec §3): add, rename in Korean and English, delete with a confirmation. */
export function CategoriesPanel() {
  const { t, i18n } = useTranslation('chatbot-publishing');
  const list = useCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const items = list.data?.items ?? [];

  useEffect(() => {
    if (list.isError) notifications.show({ id: 'categories-load', color: 'red', title: t('categories.toast.loadFailed'), message: errorMessage(t, list.error) });
  }, [list.isError, list.error, t]);

  const confirmDelete = (c: Category) => {
    const name = localizedName(c, i18n.language);
    confirm({
      title: t('categories.deleteTitle'),
      body: t('categories.deleteBody', { name }),
      confirm: t('categories.deleteConfirm'),
      cancel: t('cancel'),
      testId: 'confirm-delete-category',
      onConfirm: () =>
        remove.mutate(c.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('categories.toast.deleted', { name }) }),
          onError: (err) => notifications.show({ color: 'red', title: t('categories.toast.deleteFailed'), message: errorMessage(t, err) }),
        }),
    });
  };

  return (
    <Paper withBorder radius="md" maw={800}>
      <Group px="md" py="sm" justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={480}>
          {t('categories.description')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="new-category">
          {t('categories.add')}
        </Button>
      </Group>
      {list.isPending ? (
        <Stack p="md">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Center py={48}>
          <Stack align="center" gap={4} data-testid="categories-empty">
            <IconCategory size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">{t('categories.empty')}</Text>
          </Stack>
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="sm" data-testid="categories-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('categories.koName')}</Table.Th>
                <Table.Th>{t('categories.enName')}</Table.Th>
                <Table.Th w={100}>
                  <span className="visually-hidden">{t('columns.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((c) => {
                const name = localizedName(c, i18n.language);
                return (
                  <Table.Tr key={c.id} data-testid={`category-row-${c.id}`}>
                    <Table.Td>
                      <Text size="sm">{c.ko_name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{c.en_name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <ActionIcon variant="subtle" title={t('categories.rename', { name })} aria-label={t('categories.rename', { name })} onClick={() => setEditing(c)} data-testid={`rename-category-${c.id}`}>
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" title={t('categories.delete', { name })} aria-label={t('categories.delete', { name })} onClick={() => confirmDelete(c)} data-testid={`delete-category-${c.id}`}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing ? <CategoryFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Paper>
  );
}
