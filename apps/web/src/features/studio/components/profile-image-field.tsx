import { type Chatbot, CHATBOT_LIMITS, IMAGE_TYPES } from '@app/contracts/chatbots';
import { Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { imageFileProblem, MB } from '../lib/files';
import { ChatbotImage } from '../../../components/chatbot-image';
import { chatbotName } from '../lib/names';

// The cropper loads when an image is picked.
const CropModal = lazy(() => import('./crop-modal'));

/** The chatbot's picture: pick a file, crop it to a square, upload (saved at once, apart from the form). */
export function ProfileImageField({ chatbot }: { chatbot: Chatbot }) {
  const { t, i18n } = useTranslation('studio');
  const [source, setSource] = useState<string | null>(null);
  const upload = useUploadProfileImage();
  // The same file can be picked again after a cancelled crop.
  const resetPick = useRef<() => void>(null);

  const pick = (file: File | null) => {
    resetPick.current?.();
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      notifications.show({ color: 'red', title: t('image.errors.title'), message: t(problem, { name: file.name, mb: MB(CHATBOT_LIMITS.imageMaxBytes) }) });
      return;
    }
    setSource(URL.createObjectURL(file));
  };

  const close = () => {
    if (source) URL.revokeObjectURL(source);
    setSource(null);
  };

  const save = (image: Blob) =>
    upload.mutate(
      { id: chatbot.id, image },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('image.saved') });
          close();
        },
        onError: (err) => notifications.show({ color: 'red', title: t('image.errors.title'), message: errorMessage(t, err, { 413: 'studio:image.errors.size', 415: 'studio:image.errors.type' }) }),
      },
    );

  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="md" wrap="nowrap" align="center">
        <ChatbotImage src={chatbot.profile_image_url} name={chatbotName(chatbot, i18n.language)} size={88} radius="md" />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {t('image.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('image.hint', { mb: MB(CHATBOT_LIMITS.imageMaxBytes) })}
          </Text>
          <FileButton onChange={pick} resetRef={resetPick} accept={IMAGE_TYPES.join(',')} inputProps={{ 'aria-label': t('image.pick'), 'data-testid': 'profile-image-input' } as React.ComponentProps<'input'>}>
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconPhotoUp size={14} />} w="fit-content" loading={upload.isPending} data-testid="profile-image-pick">
                {t(chatbot.profile_image_url ? 'image.change' : 'image.pick')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
      {source ? (
        <Suspense fallback={null}>
          <CropModal source={source} saving={upload.isPending} onCancel={close} onCropped={save} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
