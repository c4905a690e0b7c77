import i18n from 'i18next';
import { Button, Group, Stack, Text } from '@mantine/core';
import { dialogs } from '../dialogs';

export interface ConfirmOptions {
  title: string;
  body: string;
  confirm: string;
  /** Defaults to the common Cancel. */
  cancel?: string;
  /** The confirm button's test id; the message is `<testId>-body`. */
  testId: string;
  /** Red (the default) only for what cannot be undone or takes something away. */
  color?: string;
  onConfirm: () => void;
}

/** The one confirmation dialog: a message, Cancel, and the confirm button. */
export function confirm(o: ConfirmOptions) {
  dialogs.open({
    title: o.title,
    render: (close) => (
      <Stack>
        <Text size="sm" data-testid={`${o.testId}-body`}>
          {o.body}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {o.cancel ?? i18n.t('common:kit.cancel')}
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
