import type { AdminLlmModel } from '@app/contracts/llm-models';
import { Badge, Box, Center, Group, Paper, Skeleton, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFilter, IconInfinity, IconLock, IconRobotOff } from '@tabler/icons-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { groupErrorOverrides } from '../lib/group-errors';
import { useAdminLlmModels } from '../api/list-admin-llm-models';
import { useSetModelGroupAccess } from '../api/set-model-group-access';
import { isAllowed } from '../lib/model-access';

/** The model column stays in view while the groups scroll sideways. */
const STICKY: CSSProperties = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)', boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)' };
/** A locked switch still reads as on (Mantine greys a disabled one whatever its state). */
const LOCKED_ON = { track: { backgroundColor: 'var(--mantine-color-teal-9)', borderColor: 'var(--mantine-color-teal-9)', opacity: 0.75, cursor: 'not-allowed' } } as const;
/** A filter box for the columns once there are more groups than fit comfortably. */
const FILTER_FROM = 6;

/**
 * Which models each group may use: rows are models, columns groups, each cell a switch. A switch
 * changes at once and goes back with a toast if the server refuses. Unlimited (low-cost) models stay
 * on for everyone (spec §5).
 */
export function ModelPermissions() {
  const { t, i18n } = useTranslation('member-groups');
  const models = useAdminLlmModels();
  const access = useSetModelGroupAccess();
  const [filter, setFilter] = useState('');

  useEffect(() => {
    if (models.isError) notifications.show({ id: 'models-load', color: 'red', title: t('toast.modelsLoadFailed'), message: errorMessage(t, models.error) });
  }, [models.isError, models.error, t]);

  const items = models.data?.items ?? [];
  const allGroups = items[0]?.member_groups ?? [];
  const needle = filter.trim().toLowerCase();
  const groups = needle ? allGroups.filter((g) => g.ko_name.toLowerCase().includes(needle) || g.en_name.toLowerCase().includes(needle)) : allGroups;
  const num = (n: number) => n.toLocaleString(i18n.language, { maximumFractionDigits: 4 });
  const date = (d: string | null) => (d ? new Date(`${d}T00:00:00`).toLocaleDateString(i18n.language) : '—');

  const toggle = (m: AdminLlmModel, g: AdminLlmModel['member_groups'][number], on: boolean) =>
    access.mutate(
      { modelId: m.id, groupId: g.member_group_id, isAvailable: on },
      {
        onError: (err) =>
          notifications.show({
            color: 'red',
            title: t('toast.accessFailed', { model: m.display_name, group: localizedName(g, i18n.language) }),
            message: errorMessage(t, err, groupErrorOverrides(err)),
          }),
      },
    );

  const details = (m: AdminLlmModel) => (
    <>
      <Text size="xs" c="dimmed">
        {t(`providers.${m.provider}`)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('models.contextShort', { tokens: num(m.context_limit) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('models.costShort', { input: num(m.input_cost_per_10k), output: num(m.output_cost_per_10k) })}
      </Text>
    </>
  );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('models.description')}
      </Text>
      {allGroups.length >= FILTER_FROM ? (
        <TextInput
          aria-label={t('models.filterGroups')}
          placeholder={t('models.filterGroups')}
          leftSection={<IconFilter size={16} />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
          data-testid="models-group-filter"
        />
      ) : null}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {models.isPending ? (
          <Stack p="md" data-testid="models-loading">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={44} />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={4} data-testid="models-empty">
              <IconRobotOff size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{t('models.empty')}</Text>
            </Stack>
          </Center>
        ) : (
          // A scrolling region is reached by the keyboard too (axe: scrollable-region-focusable), and named.
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('models.matrixLabel')} data-testid="models-matrix-scroll">
            <Table verticalSpacing="sm" style={{ width: 'max-content', minWidth: '100%' }} data-testid="models-matrix">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ ...STICKY, zIndex: 2 }} w={{ base: 150, md: 230 }} miw={{ base: 150, md: 230 }}>
                    {t('models.model')}
                  </Table.Th>
                  <Table.Th visibleFrom="md">{t('models.provider')}</Table.Th>
                  <Table.Th visibleFrom="md" ta="right">
                    {t('models.inputCost')}
                  </Table.Th>
                  <Table.Th visibleFrom="md" ta="right">
                    {t('models.outputCost')}
                  </Table.Th>
                  <Table.Th visibleFrom="md" ta="right">
                    {t('models.context')}
                  </Table.Th>
                  <Table.Th visibleFrom="md">{t('models.released')}</Table.Th>
                  {groups.map((g) => (
                    <Table.Th key={g.member_group_id} ta="center" miw={96} maw={150} data-testid={`matrix-group-${g.member_group_id}`}>
                      <Text size="sm" fw={600} lineClamp={2} title={`${g.ko_name} / ${g.en_name}`}>
                        {localizedName(g, i18n.language)}
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((m) => (
                  <Table.Tr key={m.id} data-testid={`matrix-model-${m.id}`}>
                    <Table.Td style={STICKY}>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                          {m.display_name}
                        </Text>
                        {m.is_low_llm ? (
                          <Badge size="xs" variant="filled" color="teal.9" leftSection={<IconInfinity size={12} />} data-testid={`model-unlimited-${m.id}`}>
                            {t('models.unlimited')}
                          </Badge>
                        ) : null}
                        {m.is_enabled ? null : (
                          <Badge size="xs" variant="outline" color="gray">
                            {t('models.disabled')}
                          </Badge>
                        )}
                      </Group>
                      <Box hiddenFrom="md">{details(m)}</Box>
                    </Table.Td>
                    <Table.Td visibleFrom="md">
                      <Text size="sm">{t(`providers.${m.provider}`)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="md" ta="right">
                      <Text size="sm">{num(m.input_cost_per_10k)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="md" ta="right">
                      <Text size="sm">{num(m.output_cost_per_10k)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="md" ta="right">
                      <Text size="sm">{num(m.context_limit)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="md">
                      <Text size="sm">{date(m.release_date)}</Text>
                    </Table.Td>
                    {groups.map((g) => {
                      // The columns come from the first row; each cell reads its own model's entry.
                      const allowed = isAllowed(m, g.member_group_id);
                      const label = t('models.switchLabel', { model: m.display_name, group: localizedName(g, i18n.language) });
                      return (
                        <Table.Td key={g.member_group_id} ta="center">
                          <Box component="span" display="inline-flex" title={m.is_low_llm ? t('models.unlimitedLocked') : undefined}>
                            <Switch
                              aria-label={m.is_low_llm ? `${label} — ${t('models.unlimitedLocked')}` : label}
                              checked={m.is_low_llm || allowed}
                              disabled={m.is_low_llm}
                              thumbIcon={m.is_low_llm ? <IconLock size={10} color="var(--mantine-color-teal-9)" /> : undefined}
                              styles={m.is_low_llm ? LOCKED_ON : undefined}
                              onChange={(e) => toggle(m, g, e.currentTarget.checked)}
                              data-testid={`access-${m.id}-${g.member_group_id}`}
                            />
                          </Box>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {groups.length === 0 ? (
              <Text size="sm" c="dimmed" p="md" data-testid="models-no-group-match">
                {t('models.noGroupMatch')}
              </Text>
            ) : null}
          </Box>
        )}
      </Paper>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconInfinity size={16} style={{ flex: 'none', marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          {t('models.legend')}
        </Text>
      </Group>
    </Stack>
  );
}
