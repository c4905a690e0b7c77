import type { ListWhitelistQuery } from '@app/contracts/sso';
import { Alert, Button, Checkbox, Group, Pagination, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useTaskExport } from '../../../lib/task-export';
import { useDeleteWhitelist, useStartWhitelistExport, useWhitelist } from '../api/whitelist';
import { WhitelistUploadModal } from './whitelist-upload-modal';

type ExportView = ReturnType<typeof useTaskExport<void>>;

interface Props {
  /** The console's export progress modal (the members export's), given the export's state. */
  renderExport: (exp: ExportView) => ReactNode;
}

const ORDERS = ['id.desc', 'id.asc', 'email.asc', 'email.desc'] as const;

/** Console › Members › SSO whitelist (spec §2, §7): emails allowed through platforms that require it. */
export function WhitelistPage({ renderExport }: Props) {
  const { t, i18n } = useTranslation('sso');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [orderBy, setOrderBy] = useState<(typeof ORDERS)[number]>('id.desc');
  const [selected, setSelected] = useState<number[]>([]);
  const [uploading, setUploading] = useState(false);
  const query: ListWhitelistQuery = { page, size: 10, search_term: term || undefined, order_by: orderBy };
  const list = useWhitelist(query);
  const remove = useDeleteWhitelist();
  const exp = useTaskExport(useStartWhitelistExport());
  const items = list.data?.items ?? [];
  const allChecked = items.length > 0 && items.every((i) => selected.includes(i.id));

  return (
    <Stack p="xl" gap="md" data-testid="whitelist-page">
      <Text c="dimmed" size="sm">
        {t('whitelist.description')}
      </Text>
      <Group justify="space-between">
        <Group>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('whitelist.search')}
            aria-label={t('whitelist.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            data-testid="whitelist-search"
          />
          <Select
            aria-label={t('whitelist.order')}
            value={orderBy}
            onChange={(v) => v && setOrderBy(v as (typeof ORDERS)[number])}
            data={ORDERS.map((o) => ({ value: o, label: t(`whitelist.orders.${o}`) }))}
            allowDeselect={false}
            w={180}
            data-testid="whitelist-order"
          />
        </Group>
        <Group>
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={selected.length === 0}
            loading={remove.isPending}
            onClick={() => remove.mutate(selected, { onSuccess: () => setSelected([]) })}
            data-testid="whitelist-delete"
          >
            {t('whitelist.delete', { count: selected.length })}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => exp.begin(undefined)} data-testid="whitelist-export">
            {t('whitelist.export')}
          </Button>
          <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)} data-testid="whitelist-upload">
            {t('whitelist.upload')}
          </Button>
        </Group>
      </Group>
      {remove.isError ? <Alert color="red">{errorMessage(t, remove.error)}</Alert> : null}
      {list.isError ? (
        <Alert color="red">{errorMessage(t, list.error)}</Alert>
      ) : list.isPending ? (
        <Stack gap="xs">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="whitelist-total">
            {t('whitelist.total', { count: list.data.pagination.total_items })}
          </Text>
          <Table striped highlightOnHover data-testid="whitelist-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('whitelist.selectAll')}
                    checked={allChecked}
                    onChange={() => setSelected(allChecked ? selected.filter((id) => !items.some((i) => i.id === id)) : [...new Set([...selected, ...items.map((i) => i.id)])])}
                  />
                </Table.Th>
                <Table.Th>{t('whitelist.email')}</Table.Th>
                <Table.Th>{t('whitelist.added')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text c="dimmed" ta="center" py="md" data-testid="whitelist-empty">
                      {term ? t('whitelist.noMatch') : t('whitelist.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                items.map((i) => (
                  <Table.Tr key={i.id} data-testid="whitelist-row">
                    <Table.Td>
                      <Checkbox
                        aria-label={i.email}
                        checked={selected.includes(i.id)}
                        onChange={() => setSelected(selected.includes(i.id) ? selected.filter((x) => x !== i.id) : [...selected, i.id])}
                      />
                    </Table.Td>
                    <Table.Td>{i.email}</Table.Td>
                    <Table.Td>{new Date(i.created_at).toLocaleString(i18n.language)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
          {list.data.pagination.total_pages > 1 ? <Pagination value={page} onChange={setPage} total={list.data.pagination.total_pages} data-testid="whitelist-pages" /> : null}
        </>
      )}
      {uploading ? <WhitelistUploadModal onClose={() => setUploading(false)} /> : null}
      {exp.open ? renderExport(exp) : null}
    </Stack>
  );
}
