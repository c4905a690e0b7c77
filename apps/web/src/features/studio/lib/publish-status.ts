import type { Chatbot, PublishStatus } from '@app/contracts/chatbots';

type PublishFields = Pick<Chatbot, 'publish_status' | 'publish_feedback' | 'is_public' | 'waiting_publish' | 'has_unreleased_changes' | 'is_hidden'>;

/** The badge of each publishing state (spec §4): private, waiting for review, public, rejected. */
export const STATUS_COLOR: Record<PublishStatus, string> = { private: 'gray', waiting: 'yellow', public: 'teal', rejected: 'red' };
/**
 * Text on the light badges: near black. Each colour's own darkest shade stays under WCAG's 4.5:1 on
 * its light background (teal 4.4, red 4.5-, yellow far less); the background carries the colour.
 */
export const STATUS_TEXT = 'var(--mantine-color-dark-7)';

export interface StatusBadge {
  status: PublishStatus;
  color: string;
  textColor: string;
  /** A key of the studio namespace. */
  label: string;
  /** The admin's reason, when the last request was rejected and they gave one. */
  reason: string | null;
  /** A public chatbot whose draft differs from what was approved. */
  unreleased: boolean;
}

export function statusBadge(c: PublishFields): StatusBadge {
  const status = c.publish_status;
  const reason = status === 'rejected' ? c.publish_feedback?.trim() || null : null;
  return { status, color: STATUS_COLOR[status], textColor: STATUS_TEXT, label: `status.${status}`, reason, unreleased: c.is_public && c.has_unreleased_changes };
}

/** What the editor's publishing panel offers (PATCH /chatbots/{id}/access/). */
export interface PublishActions {
  /** Ask for review: the first publication (`publish`) or the changes to a public chatbot (`requestChanges`); null when there is nothing to ask. */
  request: 'publish' | 'requestChanges' | null;
  /** Withdraw a pending first request (the chatbot stays private). */
  withdraw: boolean;
  /** Take a public chatbot private (its pending update request goes too). */
  makePrivate: boolean;
  /** The public link works. */
  showLink: boolean;
}

export function publishActions(c: PublishFields): PublishActions {
  if (c.is_public) {
    return { request: c.has_unreleased_changes && !c.waiting_publish ? 'requestChanges' : null, withdraw: false, makePrivate: true, showLink: true };
  }
  return { request: c.waiting_publish ? null : 'publish', withdraw: c.waiting_publish, makePrivate: false, showLink: false };
}

/** Only private chatbots can be hidden (the API answers 422 otherwise); a hidden one can always come back. */
export const canToggleHidden = (c: PublishFields) => c.is_hidden || (!c.is_public && !c.waiting_publish);

/** Publishing needs both names (the API answers 422 chatbot_incomplete). */
export const missingNames = (c: Pick<Chatbot, 'ko_name' | 'en_name'>) => !c.ko_name.trim() || !c.en_name.trim();
