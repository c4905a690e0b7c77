import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReleaseNotes, ReleaseNotesSeen } from '@app/contracts/release-notes';
import type { Db } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { markReleaseNotesSeenOfAdmins, type MembersService } from '../members/members.service';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The running release: the root package.json's version. */
export function currentVersion(root = repoRoot): string {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

/** A release's notes, docs/release-notes/<version>.ko.md and .en.md; null unless both exist. */
export function readNotes(version: string, dir = path.join(repoRoot, 'docs', 'release-notes')): ReleaseNotes['notes'] {
  const file = (lng: string) => path.join(dir, `${version}.${lng}.md`);
  if (!existsSync(file('ko')) || !existsSync(file('en'))) return null;
  return { ko: readFileSync(file('ko'), 'utf8').trim(), en: readFileSync(file('en'), 'utf8').trim() };
}

export interface ReleaseNotesServiceDeps {
  members: Pick<MembersService, 'releaseNotesSeen' | 'markReleaseNotesSeen'>;
  /** The running release (default: the root package.json's version). */
  version?: string;
  /** Where the notes are (default: docs/release-notes). */
  dir?: string;
}

/**
 * "What's new" for admins (spec §2, decision 036): the running release's notes, read once at
 * start-up, and per admin the last release whose notes they closed (members.release_notes_seen_version,
 * the members module's column: read and written through its service).
 */
export function createReleaseNotesService(deps: ReleaseNotesServiceDeps) {
  const { members } = deps;
  const version = deps.version ?? currentVersion();
  const notes = readNotes(version, deps.dir);
  return {
    async current(ctx: MemberContext): Promise<ReleaseNotes> {
      const seen = (await members.releaseNotesSeen(ctx.tenantId, ctx.member.id)) === version;
      return { version, notes, seen };
    },
    async markSeen(ctx: MemberContext): Promise<ReleaseNotesSeen> {
      await members.markReleaseNotesSeen(ctx.tenantId, ctx.member.id, version);
      return { version, seen: true };
    },
  };
}
export type ReleaseNotesService = ReturnType<typeof createReleaseNotesService>;

/**
 * A tenant created by this release (the demo tenant on a first start): its admins have seen this
 * release's notes, so What's new shows after upgrades, not on a fresh install.
 */
export function markReleaseNotesSeenByAdmins(db: Db, tenantId: number): Promise<void> {
  return markReleaseNotesSeenOfAdmins(db, tenantId, currentVersion());
}
