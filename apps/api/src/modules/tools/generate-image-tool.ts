import type { JSONValue } from '@ai-sdk/provider';
import { z } from 'zod';
import type { Tool } from '../../llm/tools';
import type { FilesService } from '../files/files.service';
import type { GovernanceService } from '../governance/governance.service';
import type { ImageGenerator, ToolScope } from './tools.types';

/** Images one call asks for (the image path's one per request, decision 038). */
const IMAGES_PER_CALL = 1;

const input = z.object({ prompt: z.string().trim().min(1).max(4000) });

/**
 * The `generate_image` tool (decision 050): the prompt is screened (restricted words refuse it,
 * personal data is masked) before it leaves, the image model makes the image, each image is kept
 * as a file of the session (`saveGenerated`, the member's, private) and shown on the call's card,
 * and its cost joins the answer's charge — held against the member's credits while it is made, so a
 * member without the credits for an image gets none (the model is told). The model is told the image was made and shown, never
 * given its bytes.
 */
export function generateImageTool(
  definition: Omit<Tool, 'execute'>,
  scope: ToolScope,
  deps: { images: ImageGenerator | null; files: Pick<FilesService, 'saveGenerated'>; governance: Pick<GovernanceService, 'screen'> },
): Tool {
  return {
    ...definition,
    async execute(raw, { abortSignal, toolCallId }): Promise<JSONValue> {
      const { prompt } = input.parse(raw);
      const model = deps.images && (await deps.images.modelFor(scope.ctx)).model;
      if (!deps.images || !model) throw new Error('No image generation model is available');
      const screened = await deps.governance.screen(scope.ctx.tenantId, prompt);
      if (screened.maskingUnits > 0n) scope.masked(screened.maskingUnits);
      const release = await scope.holdImages(model, deps.images.costUnits(model, IMAGES_PER_CALL));
      const saved: Array<{ id: number; url: string; type: string; name: string }> = [];
      try {
        const images = await deps.images.generate(model, screened.text, abortSignal);
        if (images.length === 0) throw new Error('The image model returned no image');
        for (const [i, data] of images.entries()) {
          const f = await deps.files.saveGenerated(scope.ctx, { data, name: `generated-image-${i + 1}`, sessionHash: scope.sessionHash });
          saved.push({ id: f.id, url: f.url, type: f.type, name: f.name });
        }
        scope.madeImages(saved.length, deps.images.costUnits(model, saved.length));
      } finally {
        release();
      }
      scope.madeFiles(toolCallId, saved);
      return { result: 'The image was generated and is shown to the member with this answer.', files: saved.map((f) => f.name) };
    },
  };
}
