import type { Policy } from '@app/contracts/sign-up-settings';
import { Anchor, Checkbox, Group, Input, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { canAgree } from '../lib/policy-gate';
import { PolicyModal } from './policy-modal';

/**
 * The policy checkboxes of sign-up and of accepting an invitation. A mandatory policy's checkbox
 * opens once it was read to the bottom, watched to the end, or its link opened (spec §5).
 */
export function PolicyAgreements({ policies, value, onChange, error }: { policies: Policy[]; value: number[]; onChange: (ids: number[]) => void; error?: string | null }) {
  const { t, i18n } = useTranslation('auth');
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const [viewing, setViewing] = useState<Policy | null>(null);
  const markSeen = useCallback((id: number) => setSeen((s) => (s.has(id) ? s : new Set(s).add(id))), []);
  const viewingId = viewing?.id;
  const onSeen = useCallback(() => {
    if (viewingId !== undefined) markSeen(viewingId);
  }, [viewingId, markSeen]);
  const set = (id: number, on: boolean) => onChange(on ? [...new Set([...value, id])] : value.filter((v) => v !== id));

  if (policies.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="policy-agreements">
      <Input.Label required={policies.some((p) => p.is_mandatory)}>{t('policies.title')}</Input.Label>
      {policies.map((p) => {
        const locked = !canAgree(p, seen);
        const name = localizedName(p, i18n.language);
        return (
          <Group key={p.id} justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Checkbox
              checked={value.includes(p.id)}
              disabled={locked}
              onChange={(e) => set(p.id, e.currentTarget.checked)}
              label={
                <>
                  {name}{' '}
                  <Text span size="xs" c={p.is_mandatory ? 'red.9' : 'dimmed'}>
                    ({t(p.is_mandatory ? 'policies.mandatory' : 'policies.optional')})
                  </Text>
                </>
              }
              description={locked ? t(`policies.locked.${p.kind}`) : undefined}
              data-testid={`policy-${p.id}-checkbox`}
            />
            {p.kind === 'link' && p.url ? (
              <Anchor href={p.url} target="_blank" rel="noopener noreferrer" size="sm" onClick={() => markSeen(p.id)} data-testid={`policy-${p.id}-open`} style={{ whiteSpace: 'nowrap' }}>
                <Group gap={4} wrap="nowrap">
                  {t('policies.open')}
                  <IconExternalLink size={14} />
                </Group>
              </Anchor>
            ) : (
              <Anchor component="button" type="button" size="sm" onClick={() => setViewing(p)} data-testid={`policy-${p.id}-view`} style={{ whiteSpace: 'nowrap' }}>
                <Group gap={4} wrap="nowrap">
                  {t('policies.view')}
                  <IconFileText size={14} />
                </Group>
              </Anchor>
            )}
          </Group>
        );
      })}
      {error ? (
        <Text size="xs" c="red.9" data-testid="policy-error">
          {error}
        </Text>
      ) : null}
      {viewing ? (
        <PolicyModal
          policy={viewing}
          seen={seen.has(viewing.id)}
          onSeen={onSeen}
          onAgree={() => {
            set(viewing.id, true);
            setViewing(null);
          }}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </Stack>
  );
}
