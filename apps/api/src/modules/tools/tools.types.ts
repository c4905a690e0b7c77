import type { ChatSource } from '@app/contracts/chat';
import type { MemberContext } from '../../platform/context';
import type { FilesService } from '../files/files.service';
import type { GovernanceService } from '../governance/governance.service';
import type { LlmModelRow, LlmModelsService } from '../llm-models/llm-models.service';
import type { WebSearchService } from '../web-search/web-search.service';

/** The types the tools module's files share (the service, the built-in tools, the loop's scope): apart, so no tool file imports the service. */

/**
 * What the code interpreter tool needs of the sandbox (built in `code-interpreter/`, decision 050):
 * run code with the given files, stoppable by `signal`; what it printed, the files it wrote, or
 * why it failed. Wired in app.ts; none configured, the tool is not offered.
 */
export interface CodeRunner {
  run(input: { code: string; files: Array<{ name: string; data: Uint8Array }>; signal: AbortSignal }): Promise<{
    stdout: string;
    stderr: string;
    files: Array<{ name: string; mediaType: string; data: Uint8Array }>;
    error: string | null;
  }>;
}

/**
 * What the image tool needs of the image path (decision 038), wired in app.ts: the image model the
 * member's call uses (the tenant's first enabled image model their groups may use; `configured`
 * whether the tenant has any), the images request, and what images of a model cost.
 */
export interface ImageGenerator {
  modelFor(ctx: MemberContext): Promise<{ configured: boolean; model: LlmModelRow | null }>;
  generate(model: LlmModelRow, prompt: string, signal: AbortSignal): Promise<Uint8Array[]>;
  costUnits(model: LlmModelRow, count: number): bigint;
}

/**
 * What a tool of one answer may do besides its work (decision 050), given by the agent loop
 * (chat.agent.ts): who asks and for which chatbot and session, and the answer's shares — sources
 * to cite, searches and masking to charge, files it made.
 */
export interface ToolScope {
  ctx: MemberContext;
  chatbotId: number;
  /** The answer's session: a tool's files are files of it. */
  sessionHash: string;
  /** The question's attached files (the member's own, checked by the prepare phase). */
  attachedFileIds: readonly number[];
  /** Numbers what a tool found as the answer's sources (sent as `source` events, stored on the answer); their indexes. */
  cite(found: Array<Omit<ChatSource, 'index'>>): number[];
  /** Web searches made: charged with the answer, as today. */
  searched(count: number): void;
  /** Personal data masked out of a tool's input: charged like the question's masking. */
  masked(units: bigint): void;
  /**
   * Holds what images of `model` would cost, with the answer's steps so far, against the member's
   * budgets (admitted like an answer, decision 031) while they are made; throws `credits_depleted`
   * when they do not fit. Returns the release.
   */
  holdImages(model: { isLowLlm: boolean }, units: bigint): Promise<() => void>;
  /** Images a call generated and what they cost: charged with the answer, like an image answer's. */
  madeImages(count: number, units: bigint): void;
  /** Files a call made, shown on its card. */
  madeFiles(toolCallId: string, files: Array<{ id: number; url: string; type: string; name: string }>): void;
}

/** What the tools need of other modules. `codeRunner` null: the code interpreter is not offered. */
export interface ToolsDeps {
  models: Pick<LlmModelsService, 'profileOf'>;
  groups: { all(tenantId: number): Promise<Array<{ id: number; koName: string; enName: string }>> };
  files: Pick<FilesService, 'retrieve' | 'readOwn' | 'saveToolFile' | 'saveGenerated'>;
  webSearch: Pick<WebSearchService, 'enabledFor' | 'run'>;
  governance: Pick<GovernanceService, 'screen'>;
  codeRunner: CodeRunner | null;
  /** The image models (decision 038) for `generate_image`; null: the tool is not offered. */
  images: ImageGenerator | null;
  /** The read-a-page tool's fetch (the SSRF guard; tests pass one that allows the fake's loopback). */
  fetchPage?: (url: string, signal: AbortSignal) => Promise<{ url: string; contentType: string; body: Buffer }>;
}
