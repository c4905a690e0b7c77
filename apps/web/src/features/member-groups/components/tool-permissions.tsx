import { type AdminToolList } from '@app/contracts/tools';
import { Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconToolsOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useAdminTools } from '../api/list-admin-tools';
import { useSetToolGroupAccess } from '../api/set-tool-group-access';
import { groupErrorOverrides } from '../lib/group-errors';
import { isAllowed } from '../lib/model-access';
import { AccessMatrix, type MatrixGroup } from './access-matrix';

type AdminTool = AdminToolList['items'][number];
/** The tools that depend on the platform's setup (a sandbox, an image model): the only ones that can be not configured. */
type NotConfigurable = 'code_interpreter' | 'generate_image';

/**
 * Which built-in tools each group may use (decision 050), as the model matrix: a switch changes at
 * once and goes back with a toast if the server refuses. A chatbot with a tool its reader's groups
 * may not use answers them without it. A tool the platform cannot run here (no code interpreter
 * sandbox, no image model) gets a note saying why instead of switches that would change nothing.
 */
export function ToolPermissions() {
  const { t, i18n } = useTranslation('member-groups');
  const tools = useAdminTools();
  const access = useSetToolGroupAccess();

  useEffect(() => {
    if (tools.isError) notifications.show({ id: 'tools-load', color: 'red', title: t('toast.toolsLoadFailed'), message: errorMessage(t, tools.error) });
  }, [tools.isError, tools.error, t]);

  const items = tools.data?.items ?? [];
  const name = (x: AdminTool) => t(`tools.names.${x.tool}`);
  const toggle = (x: AdminTool, g: MatrixGroup, on: boolean) =>
    access.mutate(
      { tool: x.tool, groupId: g.member_group_id, isAvailable: on },
      {
        onError: (err) =>
          notifications.show({
            color: 'red',
            title: t('toast.toolAccessFailed', { tool: name(x), group: localizedName(g, i18n.language) }),
            message: errorMessage(t, err, groupErrorOverrides(err)),
          }),
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('tools.description')}
      </Text>
      <AccessMatrix
        prefix="tools"
        loading={tools.isPending}
        rows={items}
        groups={items[0]?.member_groups ?? []}
        rowKey={(x) => x.tool}
        rowTestId={(x) => `matrix-tool-${x.tool}`}
        nameHeader={t('tools.tool')}
        nameCell={(x) => (
          <>
            <Text size="sm" fw={600}>
              {name(x)}
            </Text>
            <Text size="xs" c="dimmed" maw={{ base: 150, md: 320 }} style={{ whiteSpace: 'normal' }}>
              {t(`tools.hints.${x.tool}`)}
            </Text>
            {x.is_configured ? null : (
              <Text size="xs" fs="italic" maw={{ base: 150, md: 320 }} style={{ whiteSpace: 'normal' }} data-testid={`tool-not-configured-${x.tool}`}>
                {t(`tools.notConfigured.${x.tool as NotConfigurable}`)}
              </Text>
            )}
          </>
        )}
        cell={(x, g) =>
          // A tool the platform cannot run here: a switch would change nothing, so none is shown.
          x.is_configured ? (
            <Switch
              display="inline-flex"
              aria-label={t('tools.switchLabel', { tool: name(x), group: localizedName(g, i18n.language) })}
              checked={isAllowed(x, g.member_group_id)}
              onChange={(e) => toggle(x, g, e.currentTarget.checked)}
              data-testid={`tool-access-${x.tool}-${g.member_group_id}`}
            />
          ) : (
            <Text size="xs" c="dimmed" data-testid={`tool-access-${x.tool}-${g.member_group_id}`}>
              {t('tools.notConfiguredCell')}
            </Text>
          )
        }
        texts={{ matrixLabel: t('tools.matrixLabel'), filterGroups: t('models.filterGroups'), empty: t('tools.empty'), noGroupMatch: t('models.noGroupMatch') }}
        emptyIcon={<IconToolsOff size={32} color="var(--mantine-color-gray-5)" />}
      />
    </Stack>
  );
}
