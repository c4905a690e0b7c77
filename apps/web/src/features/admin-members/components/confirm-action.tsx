import { Button, Group, Stack, Text } from '@mantine/core';
import { dialogs } from '../../../components/dialogs';

/**
 * A confirmation naming what is about to happen (spec §6: setting or removing an admin right names
 * the member). Like `confirmDialog`, with the confirm button's colour chosen: red only for what
 * cannot be undone or takes something away.
 */
export function confirmAction(o: { title: string; body: string; confirm: string; cancel: string; testId: string; color?: string; onConfirm: () => void }) {
  dialogs.open({
    title: o.title,
    render: (close) => (
      <Stack>
        <Text size="sm" data-testid={`${o.testId}-body`}>
          {o.body}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {o.cancel}
          </Button>
          <Button
            color={o.color ?? 'red'}
            data-testid={o.testId}
            onClick={() => {
              close();
              o.onConfirm();
            }}
          >
            {o.confirm}
          </Button>
        </Group>
      </Stack>
    ),
  });
}
