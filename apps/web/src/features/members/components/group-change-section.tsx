import type { Member } from '@app/contracts/members';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Alert, Badge, Button, Group, Modal, MultiSelect, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useGroupChange, useRequestGroupChange, useWithdrawGroupChange } from '../api/group-change';

interface Props {
  member: Member;
  /** Groups a member may start in (`is_default: true`) and the additional ones; undefined while loading. */
  defaultGroups: MemberGroupSummary[] | undefined;
  additionalGroups: MemberGroupSummary[] | undefined;
}

/**
 * "My groups" on the settings page: the member's groups, and a request to change them that an
 * administrator approves or rejects (console, Pending requests); a pending request can be withdrawn.
 */
export function GroupChangeSection({ member, defaultGroups, additionalGroups }: Props) {
  const { t, i18n } = useTranslation('members');
  const change = useGroupChange(member.id);
  const request = useRequestGroupChange(member.id);
  const withdraw = useWithdrawGroupChange(member.id);
  const [confirming, setConfirming] = useState(false);

  const currentExtra = member.member_group_ids.filter((id) => id !== member.default_member_group_id);
  const [defaultId, setDefaultId] = useState(String(member.default_member_group_id ?? ''));
  const [extraIds, setExtraIds] = useState<string[]>(currentExtra.map(String));
  // The member's groups change when an administrator approves: the form starts from them again.
  const currentKey = `${member.default_member_group_id}:${currentExtra.join(',')}`;
  useEffect(() => {
    setDefaultId(String(member.default_member_group_id ?? ''));
    setExtraIds(currentKey.split(':')[1]!.split(',').filter(Boolean));
  }, [currentKey, member.default_member_group_id]);

  useEffect(() => {
    if (change.isError) notifications.show({ id: 'group-change-load', color: 'red', message: errorMessage(t, change.error) });
  }, [change.isError, change.error, t]);

  if (!defaultGroups || !additionalGroups || change.isPending) {
    return (
      <Stack data-testid="group-change-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  }

  const all = new Map([...defaultGroups, ...additionalGroups].map((g) => [g.id, g]));
  const nameOf = (id: number) => {
    const g = all.get(id);
    return g ? localizedName(g, i18n.language) : t('groups.unknown');
  };
  const names = (ids: number[]) => (ids.length ? ids.map(nameOf).join(', ') : t('groups.none'));
  const requested = change.data?.status === 'pending' ? change.data.requested : null;
  const unchanged = defaultId === String(member.default_member_group_id) && [...extraIds].sort().join() === currentExtra.map(String).sort().join();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    request.mutate(
      { default_member_group_id: Number(defaultId), member_group_ids: extraIds.map(Number) },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('groups.requested') }),
        onError: (err) => notifications.show({ color: 'red', title: t('groups.requestFailed'), message: errorMessage(t, err) }),
      },
    );
  };
  const confirmWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: t('groups.withdrawn') });
      },
      onError: (err) => {
        setConfirming(false);
        notifications.show({ color: 'red', title: t('groups.withdrawFailed'), message: errorMessage(t, err) });
      },
    });

  return (
    <Stack data-testid="group-change">
      <dl style={{ margin: 0 }}>
        <Text component="dt" size="sm" c="dimmed">
          {t('groups.default')}
        </Text>
        <Text component="dd" m={0} mb="xs" data-testid="current-default-group">
          {member.default_member_group_id === null ? t('groups.none') : nameOf(member.default_member_group_id)}
        </Text>
        <Text component="dt" size="sm" c="dimmed">
          {t('groups.additional')}
        </Text>
        <Group component="dd" m={0} gap="xs" data-testid="current-additional-groups">
          {currentExtra.length ? (
            currentExtra.map((id) => (
              <Badge key={id} variant="light" tt="none">
                {nameOf(id)}
              </Badge>
            ))
          ) : (
            <Text>{t('groups.none')}</Text>
          )}
        </Group>
      </dl>

      {requested ? (
        <Alert
          color="yellow"
          title={change.data?.requested_at ? t('groups.pendingSince', { date: new Date(change.data.requested_at).toLocaleString(i18n.language) }) : t('groups.pendingTitle')} styles={{ title: { color: 'var(--mantine-color-text)' } }} data-testid="group-change-pending">
          <Stack gap="xs">
            <Text size="sm">
              {t('groups.pendingBody', { defaultGroup: nameOf(requested.default_member_group_id), groups: names(requested.member_group_ids) })}
            </Text>
            <Group>
              <Button variant="default" color="red" size="xs" onClick={() => setConfirming(true)} data-testid="group-change-withdraw">
                {t('groups.withdraw')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={submit} data-testid="group-change-form">
          <Stack gap="sm">
            <Text fw={500}>{t('groups.requestTitle')}</Text>
            <NativeSelect
              label={t('groups.default')}
              value={defaultId}
              onChange={(e) => setDefaultId(e.currentTarget.value)}
              data={defaultGroups.map((g) => ({ value: String(g.id), label: localizedName(g, i18n.language) }))}
              data-testid="group-change-default"
            />
            <MultiSelect
              label={t('groups.additional')}
              placeholder={extraIds.length ? undefined : t('groups.additionalPlaceholder')}
              value={extraIds}
              onChange={setExtraIds}
              data={additionalGroups.map((g) => ({ value: String(g.id), label: localizedName(g, i18n.language) }))}
              searchable
              clearable
              nothingFoundMessage={t('groups.noMatch')}
              comboboxProps={{ withinPortal: true }}
              data-testid="group-change-additional"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending} disabled={unchanged || !defaultId} data-testid="group-change-submit">
                {t('groups.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('groups.withdrawTitle')} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
        <Stack>
          <Text size="sm">{t('groups.withdrawConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('groups.cancel')}
            </Button>
            <Button color="red.8" loading={withdraw.isPending} onClick={confirmWithdraw} data-testid="group-change-withdraw-confirm">
              {t('groups.withdraw')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
