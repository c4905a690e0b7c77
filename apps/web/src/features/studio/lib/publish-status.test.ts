import type { Chatbot } from '@app/contracts/chatbots';
import { describe, expect, it } from 'vitest';
import { canToggleHidden, missingNames, publishActions, statusBadge } from './publish-status';

type Fields = Parameters<typeof statusBadge>[0];
const bot = (over: Partial<Fields> = {}): Fields => ({
  publish_status: 'private',
  publish_feedback: null,
  is_public: false,
  waiting_publish: false,
  has_unreleased_changes: false,
  is_hidden: false,
  ...over,
});

describe('status badge', () => {
  it('maps each publishing state to its colour and text', () => {
    expect(statusBadge(bot())).toMatchObject({ status: 'private', color: 'gray', label: 'status.private', reason: null, unreleased: false });
    expect(statusBadge(bot({ publish_status: 'waiting', waiting_publish: true }))).toMatchObject({ color: 'yellow', label: 'status.waiting' });
    expect(statusBadge(bot({ publish_status: 'public', is_public: true }))).toMatchObject({ color: 'teal', label: 'status.public' });
    expect(statusBadge(bot({ publish_status: 'rejected' }))).toMatchObject({ color: 'red', label: 'status.rejected' });
  });

  it("carries the admin's reason only for a rejection, and none for a blank one", () => {
    expect(statusBadge(bot({ publish_status: 'rejected', publish_feedback: '  Too vague  ' })).reason).toBe('Too vague');
    expect(statusBadge(bot({ publish_status: 'rejected', publish_feedback: '   ' })).reason).toBeNull();
    expect(statusBadge(bot({ publish_status: 'public', is_public: true, publish_feedback: 'old reason' })).reason).toBeNull();
  });

  it('flags unpublished changes on public chatbots only', () => {
    expect(statusBadge(bot({ publish_status: 'public', is_public: true, has_unreleased_changes: true })).unreleased).toBe(true);
    expect(statusBadge(bot({ has_unreleased_changes: true })).unreleased).toBe(false);
  });
});

describe('publish actions', () => {
  it('a private draft can be published; a rejected one asked again', () => {
    expect(publishActions(bot())).toEqual({ request: 'publish', withdraw: false, makePrivate: false, showLink: false });
    expect(publishActions(bot({ publish_status: 'rejected' })).request).toBe('publish');
  });

  it('a pending first request can be withdrawn, not asked twice', () => {
    expect(publishActions(bot({ publish_status: 'waiting', waiting_publish: true }))).toEqual({ request: null, withdraw: true, makePrivate: false, showLink: false });
  });

  it('a public chatbot has its link and can go private; its changes can be reviewed once', () => {
    const pub = bot({ publish_status: 'public', is_public: true });
    expect(publishActions(pub)).toEqual({ request: null, withdraw: false, makePrivate: true, showLink: true });
    expect(publishActions({ ...pub, has_unreleased_changes: true }).request).toBe('requestChanges');
    expect(publishActions({ ...pub, has_unreleased_changes: true, waiting_publish: true, publish_status: 'waiting' }).request).toBeNull();
  });

  it('hides private chatbots only, and always lets a hidden one back', () => {
    expect(canToggleHidden(bot())).toBe(true);
    expect(canToggleHidden(bot({ publish_status: 'rejected' }))).toBe(true);
    expect(canToggleHidden(bot({ is_public: true, publish_status: 'public' }))).toBe(false);
    expect(canToggleHidden(bot({ waiting_publish: true, publish_status: 'waiting' }))).toBe(false);
    expect(canToggleHidden(bot({ is_hidden: true }))).toBe(true);
  });

  it('needs both names to publish', () => {
    const names = (ko_name: string, en_name: string) => ({ ko_name, en_name }) as Pick<Chatbot, 'ko_name' | 'en_name'>;
    expect(missingNames(names('도우미', 'Helper'))).toBe(false);
    expect(missingNames(names('도우미', ' '))).toBe(true);
    expect(missingNames(names('', 'Helper'))).toBe(true);
  });
});
