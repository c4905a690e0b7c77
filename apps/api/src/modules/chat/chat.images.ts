import type { ChatEvent, ChatFile } from '@app/contracts/chat';
import type { ImageModelV3 } from '@ai-sdk/provider';
import { IMAGE_SIZE, IMAGES_PER_ANSWER } from './chat.rules';
import type { FilesService } from '../files/files.service';
import type { ChatRun } from './chat.types';
import { AnswerRelay } from './chat.stream';
import type { TrackedAnswer } from './turn-writer';

/**
 * The image path of a chat (issue 27 item 2, decision 038): a model that generates images answers
 * the question with images instead of text. Taken only for such models, so the text path stays as
 * measured: prepare and open are the same phases (the checks, the admission's hold, the turn's
 * rows), the provider call is the images API, and the "stream" stores each image as a file of the
 * session and sends it as an `image` event; the close charges per image.
 */

/** Sends the images request (the AI SDK's image model, as the text path uses its language model's `doStream`). */
export function requestImages(model: ImageModelV3, prompt: string, signal: AbortSignal): Promise<Uint8Array[]> {
  const call = Promise.resolve(
    model.doGenerate({ prompt, n: IMAGES_PER_ANSWER, size: IMAGE_SIZE, aspectRatio: undefined, seed: undefined, files: undefined, mask: undefined, providerOptions: {}, abortSignal: signal }),
  ).then((r) => r.images.map((i) => (typeof i === 'string' ? Buffer.from(i, 'base64') : i)));
  call.catch(() => undefined); // read in the stream phase; never an unhandled rejection meanwhile
  return call;
}

/** What the image path needs besides the run: the files module's store and the answer row's files. */
export interface ImageStore {
  files: Pick<FilesService, 'saveGenerated'>;
  /** Writes the answer's images to its row (`attachments`), so the history lists them. */
  attach(tenantId: number, answerId: number, files: Array<{ id: number; type: string; name: string }>): Promise<void>;
}

/**
 * Phase 3 of an image answer: waits for the images, stores each as a private file of the session
 * (the member's, through the files service), sends it as an `image` event and lists them on the
 * answer's row. Any failure — the upstream's, no image, bytes that are no image — is the §8 image
 * generation error, and no image is charged. Resolves with the relay the close reads.
 */
export async function streamImages(run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void, answer: TrackedAnswer, store: ImageStore): Promise<AnswerRelay> {
  const relay = new AnswerRelay(false, signal, emit, answer);
  try {
    if (!run.images) throw new Error('not an image run');
    const images = await run.images;
    if (images.length === 0) throw new Error('the upstream answered no image');
    const saved: ChatFile[] = [];
    for (const [i, data] of images.entries()) {
      const f = await store.files.saveGenerated(run.ctx, { data, name: `image-${run.assistantMessageId}-${i + 1}`, sessionHash: run.meta.session_hash_id });
      saved.push({ id: f.id, url: f.url, type: f.type, name: f.name });
    }
    await store.attach(run.ctx.tenantId, run.assistantMessageId, saved.map(({ id, type, name }) => ({ id, type, name })));
    relay.imageCount = saved.length;
    for (const file of saved) emit({ type: 'image', file });
  } catch {
    relay.imageFailed();
  } finally {
    await relay.answer.close();
  }
  return relay;
}
