import type { AdminLlmModel } from '@app/contracts/llm-models';
import { Badge, Box, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfinity, IconLock, IconRobotOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { groupErrorOverrides } from '../lib/group-errors';
import { useAdminLlmModels } from '../../../entities/llm-models';
import { useSetModelGroupAccess } from '../api/set-model-group-access';
import { isAllowed } from '../lib/model-access';
import { AccessMatrix, type MatrixColumn, type MatrixGroup } from './access-matrix';

/** A locked switch still reads as on (Mantine greys a disabled one whatever its state). */
const LOCKED_ON = { track: { backgroundColor: 'var(--mantine-color-teal-9)', borderColor: 'var(--mantine-color-teal-9)', opacity: 0.75, cursor: 'not-allowed' } } as const;

/**
 * Which models each group may use: rows are models, columns groups, each cell a switch. A switch
 * changes at once and goes back with a toast if the server refuses. Unlimited (low-cost) models stay
 * on for everyone (spec §5).
 */
export function ModelPermissions() {
  const { t, i18n } = useTranslation('member-groups');
  const models = useAdminLlmModels();
  const access = useSetModelGroupAccess();

  useEffect(() => {
    if (models.isError) notifications.show({ id: 'models-load', color: 'red', title: t('toast.modelsLoadFailed'), message: errorMessage(t, models.error) });
  }, [models.isError, models.error, t]);

  const items = models.data?.items ?? [];
  const num = (n: number) => n.toLocaleString(i18n.language, { maximumFractionDigits: 4 });
  const date = (d: string | null) => (d ? new Date(`${d}T00:00:00`).toLocaleDateString(i18n.language) : '—');

  const toggle = (m: AdminLlmModel, g: MatrixGroup, on: boolean) =>
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

  const columns: MatrixColumn<AdminLlmModel>[] = [
    { key: 'provider', header: t('models.provider'), cell: (m) => <Text size="sm">{t(`providers.${m.provider}`)}</Text> },
    { key: 'input', header: t('models.inputCost'), align: 'right', cell: (m) => <Text size="sm">{num(m.input_cost_per_10k)}</Text> },
    { key: 'output', header: t('models.outputCost'), align: 'right', cell: (m) => <Text size="sm">{num(m.output_cost_per_10k)}</Text> },
    { key: 'context', header: t('models.context'), align: 'right', cell: (m) => <Text size="sm">{num(m.context_limit)}</Text> },
    { key: 'released', header: t('models.released'), cell: (m) => <Text size="sm">{date(m.release_date)}</Text> },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('models.description')}
      </Text>
      <AccessMatrix
        prefix="models"
        loading={models.isPending}
        rows={items}
        groups={items[0]?.member_groups ?? []}
        rowKey={(m) => m.id}
        rowTestId={(m) => `matrix-model-${m.id}`}
        nameHeader={t('models.model')}
        nameCell={(m) => (
          <>
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
          </>
        )}
        columns={columns}
        cell={(m, g) => {
          // The columns come from the first row; each cell reads its own model's entry.
          const allowed = isAllowed(m, g.member_group_id);
          const label = t('models.switchLabel', { model: m.display_name, group: localizedName(g, i18n.language) });
          return (
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
          );
        }}
        texts={{ matrixLabel: t('models.matrixLabel'), filterGroups: t('models.filterGroups'), empty: t('models.empty'), noGroupMatch: t('models.noGroupMatch') }}
        emptyIcon={<IconRobotOff size={32} color="var(--mantine-color-gray-5)" />}
      />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconInfinity size={16} style={{ flex: 'none', marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          {t('models.legend')}
        </Text>
      </Group>
    </Stack>
  );
}
