import { CHATBOT_LIMITS } from '@app/contracts/chatbots';
import { Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { squareDraw } from '../lib/crop';

/** The chosen square of the image as a PNG (the platform re-encodes it to its own size and format). */
async function cropToPng(source: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const d = squareDraw(area, { width: image.naturalWidth, height: image.naturalHeight }, CHATBOT_LIMITS.imageSide);
  const canvas = document.createElement('canvas');
  canvas.width = d.side;
  canvas.height = d.side;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, d.sx, d.sy, d.sw, d.sh, 0, 0, d.side, d.side);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'));
}

/** Crop a picked image to a square: drag to move, zoom with the slider, the wheel or a pinch. */
export default function CropModal({ source, saving, onCancel, onCropped }: { source: string; saving: boolean; onCancel: () => void; onCropped: (png: Blob) => void }) {
  const { t } = useTranslation('studio');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  const apply = () => {
    if (!area) return;
    cropToPng(source, area).then(onCropped, () => notifications.show({ color: 'red', message: t('image.errors.read') }));
  };

  return (
    <Modal opened onClose={onCancel} title={t('image.cropTitle')} centered size="md" closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="crop-modal">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('image.cropHint')}
        </Text>
        <Box pos="relative" h={300} bg="dark.7" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} data-testid="crop-area">
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="rect"
            showGrid
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            mediaProps={{ alt: t('image.cropAlt') }}
          />
        </Box>
        <Stack gap={4}>
          <Text size="sm">
            {t('image.zoom')}
          </Text>
          <Slider min={1} max={3} step={0.05} value={zoom} onChange={setZoom} thumbLabel={t('image.zoom')} label={(v) => `${v.toFixed(1)}×`} data-testid="crop-zoom" />
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button onClick={apply} disabled={!area} loading={saving} data-testid="crop-save">
            {t('image.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
