import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import type { Logger } from 'pino';
import { EXPORT_LINK_HOURS, type DataExport } from '@santa/shared/privacy';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { QUEUES, type JobSender } from '../../jobs/queues.ts';
import { hashToken } from '../auth/tokens.ts';
import { insertPrivacyAudit } from './consent.repository.ts';
import * as repo from './export.repository.ts';

/** The data-export job's data: only the request's id. */
export interface DataExportJob {
  exportId: string;
}

export interface ExportStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export interface ExportDeps {
  db: Db;
  logger: Logger;
  jobs: JobSender;
  storage: ExportStorage;
  /** The email module: tells the parent the download is ready (the link is minted when sent). */
  emails: { exportReady(userId: string, exportId: string): Promise<unknown> };
  publicUrl: string;
}

const EXPIRED_BATCH = 50;
const LINK_GONE =
  'This download link has expired or is not valid. Ask for a new download from Account → Privacy.';

/**
 * Each build writes its own key: a job the queue delivers twice builds twice, and the build that
 * loses the race deletes only its own archive, never the one the parent's link opens.
 */
export const archiveKeyOf = (exportId: string, build: string) => `family-export-${exportId}-${build}.zip`;

const present = (row: repo.DataExportRow): DataExport => ({
  id: row.id,
  status: row.status,
  requested_at: row.requested_at.toISOString(),
  expires_at: row.expires_at?.toISOString() ?? null,
});

/**
 * "Download everything we hold about the family": one zip of every row (family.json) and every
 * recording, built by a background job, offered for EXPORT_LINK_HOURS by a link in an email and
 * on the privacy page, then deleted.
 */
export function createExportService(deps: ExportDeps) {
  const { db, storage } = deps;

  async function usableArchive(row: repo.DataExportRow | undefined): Promise<Buffer> {
    if (!row?.archive_key || row.status !== 'ready' || !row.expires_at || row.expires_at <= new Date())
      throw new AppError('not_found', LINK_GONE);
    const archive = await storage.read(row.archive_key);
    if (!archive) throw new AppError('not_found', LINK_GONE);
    return archive;
  }

  return {
    async latest(userId: string): Promise<DataExport | null> {
      const row = await repo.latestExport(db, userId);
      return row ? present(row) : null;
    },

    async request(userId: string): Promise<DataExport> {
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertExport(tx, userId);
        await deps.jobs.send(QUEUES.dataExport, { exportId: created.id } satisfies DataExportJob, tx);
        await insertPrivacyAudit(tx, { userId, action: 'export_requested' });
        return created;
      });
      return present(row);
    },

    /** The job: the family's rows and recordings, zipped, stored, and the parent emailed. */
    async build(job: DataExportJob): Promise<void> {
      const row = await repo.findExport(db, job.exportId);
      if (!row || row.status !== 'building') return;
      const zip = new JSZip();
      const data = await repo.familyRows(db, row.user_id);
      const files: string[] = [];
      for (const call of (data.calls ?? []) as { id: string; audio_key: string | null }[]) {
        if (!call.audio_key) continue;
        const audio = await storage.read(call.audio_key);
        if (!audio) continue;
        const name = `recordings/${call.id}.mp3`;
        zip.file(name, audio);
        files.push(name);
      }
      const family = { exported_at: new Date().toISOString(), tables: data, recordings: files };
      zip.file('family.json', JSON.stringify(family, null, 2));
      const archive = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      const key = archiveKeyOf(row.id, randomUUID());
      await storage.put(key, archive);
      if (!(await repo.markReady(db, row.id, key, EXPORT_LINK_HOURS))) {
        await storage.delete(key);
        return;
      }
      await deps.emails.exportReady(row.user_id, row.id);
      deps.logger.info({ exportId: row.id, files: files.length }, 'family export ready');
    },

    /** The emailed link: the token alone opens it, until it expires. */
    async openByToken(token: string): Promise<Buffer> {
      const row = await repo.findByTokenHash(db, hashToken(token));
      const archive = await usableArchive(row);
      await insertPrivacyAudit(db, { userId: row!.user_id, action: 'export_downloaded' });
      return archive;
    },

    /** The privacy page's button: the signed-in parent's own latest archive. */
    async openLatest(userId: string): Promise<Buffer> {
      const archive = await usableArchive(await repo.latestExport(db, userId));
      await insertPrivacyAudit(db, { userId, action: 'export_downloaded' });
      return archive;
    },

    /** Hourly: archives past their link's expiry are deleted from storage. */
    async deleteExpired(): Promise<number> {
      const due = await repo.expiredArchives(db, EXPIRED_BATCH);
      for (const archive of due) {
        await storage.delete(archive.archive_key);
        await repo.forgetArchive(db, archive.id);
      }
      return due.length;
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
