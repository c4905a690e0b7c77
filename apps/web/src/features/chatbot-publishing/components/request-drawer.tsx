import { PUBLISH_REASON_MAX, type PublishRequest } from '@app/contracts/chatbot-publishing';
import { Badge, Box, Button, Divider, Drawer, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage, statusOf } from '../../../lib/status-messages';
import { useProcessPublishRequest } from '../api/process-publish-request';
import { processErrors } from '../lib/errors';
import { RequestImage } from './request-image';
import { StatusBadge } from './status-badge';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box fz="sm" data-testid={testId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </div>
  );
}

/**
 * One request under review: the chatbot as it was submitted (snapshot), its groups and category,
 * and, while pending, a feedback form to approve or reject with an optional reason mailed to the author.
 */
export function RequestDrawer({ request: r, onClose }: { request: PublishRequest; onClose: () => void }) {
  const { t, i18n } = useTranslation('chatbot-publishing');
  const [reason, setReason] = useState('');
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const process = useProcessPublishRequest();
  const s = r.snapshot;
  const name = localizedName(s, i18n.language);
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const none = <Text span c="dimmed" fz="sm">{t('drawer.none')}</Text>;

  const decide = (approve: boolean) => {
    setDeciding(approve ? 'approve' : 'reject');
    process.mutate(
      { chatbotId: r.chatbot_id, body: { approve, reason: reason.trim() || undefined } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(approve ? 'toast.approved' : 'toast.rejected', { name }) });
          onClose();
        },
        onError: (err) => {
          notifications.show({ color: 'red', title: t(approve ? 'toast.approveFailed' : 'toast.rejectFailed'), message: errorMessage(t, err, processErrors) });
          // Decided or withdrawn meanwhile: what the drawer shows is stale; the list is asked again.
          if (statusOf(err) === 404) onClose();
        },
        onSettled: () => setDeciding(null),
      },
    );
  };

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Group gap="sm" wrap="nowrap">
          <Text fw={600}>{t('drawer.title')}</Text>
          <StatusBadge status={r.status} testId="publish-drawer-status" />
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="publish-drawer"
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <RequestImage src={s.profile_image_url} name={name} size={72} />
          <Stack gap={4} miw={0}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }} data-testid="publish-drawer-name">
              {name}
            </Title>
            <Group gap={6}>
              <Badge variant="outline" color={r.request_type === 'update' ? 'grape' : 'indigo'} tt="none">
                {t(`type.${r.request_type}`)}
              </Badge>
              {r.is_public ? (
                <Badge variant="light" color="teal" tt="none">
                  {t('drawer.publicNow')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.author ? t('drawer.by', { name: r.author.name, email: r.author.email }) : t('deletedAuthor')} · {date(r.created_at)}
            </Text>
          </Stack>
        </Group>
        {r.request_type === 'update' ? (
          <Text size="sm" c="dimmed">
            {t('drawer.updateNote')}
          </Text>
        ) : null}
        <Divider label={t('drawer.snapshot')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('drawer.koName')}>{s.ko_name || none}</Field>
          <Field label={t('drawer.enName')}>{s.en_name || none}</Field>
          <Field label={t('drawer.koFeatures')}>{s.ko_key_features || none}</Field>
          <Field label={t('drawer.enFeatures')}>{s.en_key_features || none}</Field>
        </SimpleGrid>
        <Field label={t('drawer.instructions')} testId="publish-drawer-instructions">
          {s.system_instructions ? (
            <Box mah={220} p="xs" bg="gray.0" style={{ overflow: 'auto', borderRadius: 'var(--mantine-radius-sm)' }} tabIndex={0} aria-label={t('drawer.instructions')}>
              {s.system_instructions}
            </Box>
          ) : (
            none
          )}
        </Field>
        <SimpleGrid cols={3} spacing="sm">
          <Field label={t('drawer.model')} testId="publish-drawer-model">
            {s.llm_model.display_name}
          </Field>
          <Field label={t('drawer.temperature')}>{s.temperature}</Field>
          <Field label={t('drawer.topP')}>{s.top_p}</Field>
        </SimpleGrid>
        <Divider label={t('drawer.audience')} labelPosition="left" />
        <Field label={t('drawer.groups')} testId="publish-drawer-groups">
          {r.member_groups.length ? (
            <Group gap={6} mt={2}>
              {r.member_groups.map((g) => (
                <Badge key={g.id} variant="light" color="gray" tt="none">
                  {localizedName(g, i18n.language)}
                </Badge>
              ))}
            </Group>
          ) : (
            none
          )}
        </Field>
        <Field label={t('drawer.category')} testId="publish-drawer-category">
          {r.category ? localizedName(r.category, i18n.language) : none}
        </Field>
        <Divider label={t('feedback.title')} labelPosition="left" />
        {r.status === 'pending' ? (
          <Stack gap="sm">
            <Textarea
              label={t('feedback.reason')}
              description={t('feedback.reasonHint', { max: PUBLISH_REASON_MAX })}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={PUBLISH_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-testid="publish-reason"
            />
            <Text size="xs" c="dimmed" ta="right" aria-live="polite">
              {reason.length} / {PUBLISH_REASON_MAX}
            </Text>
            {/* The decision stays in reach however long the instructions are. */}
            <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ borderTop: '1px solid var(--mantine-color-gray-2)', zIndex: 1 }}>
              <Button variant="light" color="red" leftSection={<IconX size={16} />} loading={deciding === 'reject'} disabled={process.isPending} onClick={() => decide(false)} data-testid="publish-reject">
                {t('feedback.reject')}
              </Button>
              <Button leftSection={<IconCheck size={16} />} loading={deciding === 'approve'} disabled={process.isPending} onClick={() => decide(true)} data-testid="publish-approve">
                {t('feedback.approve')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="xs" data-testid="publish-decision">
            <Text size="sm">
              {t(r.status === 'approved' ? 'drawer.approvedBy' : 'drawer.rejectedBy', { name: r.reviewer?.name ?? t('drawer.someone'), date: r.reviewed_at ? date(r.reviewed_at) : '' })}
            </Text>
            <Field label={t('feedback.reason')}>{r.reason || none}</Field>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
