import { CHATBOT_LIMITS } from '@app/contracts/chatbots';
import sharp from 'sharp';
import { AppError } from '../../platform/errors';
import type { ImageProcessor } from './chatbots.service';

/**
 * Profile images (issue 23): whatever the member uploads is decoded and re-encoded by sharp as a
 * square WebP — the browser crops, this makes sure. A file that does not decode as an image is 415;
 * what reaches storage and other members' browsers is always a fresh, metadata-free image.
 */
export const squareImages: ImageProcessor = {
  async toSquare(bytes: Buffer) {
    try {
      const side = CHATBOT_LIMITS.imageSide;
      const out = await sharp(bytes, { limitInputPixels: 50_000_000, animated: false })
        .rotate()
        .resize(side, side, { fit: 'cover', position: 'centre' })
        .webp({ quality: 86 })
        .toBuffer();
      return { bytes: out, contentType: 'image/webp' };
    } catch {
      throw new AppError('unsupported_media_type', 'The file is not an image this platform can read (PNG, JPEG, WebP or GIF)');
    }
  },
};
