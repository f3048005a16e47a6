import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { DOCUMENT_MAX_BYTES, type DocumentRef } from '@tca/contracts';
import { AppError } from '@tca/service-kit';
import { requireUser } from '../../domain/logged-in-user.js';
import { readMemberDocument, storeMemberDocument } from '../../domain/member-documents.js';
import type { PaymentsDeps, PaymentsServices } from './api-deps.js';

const MAX_MB = DOCUMENT_MAX_BYTES / (1024 * 1024);

/** One file in the form field `file`, held in memory (at most 5 MB), file names read as UTF-8. */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  defParamCharset: 'utf8',
}).single('file');

/** Runs multer and turns its errors into clear 4xx answers. */
function receiveFile(req: Request, res: Response): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new AppError(413, 'file_too_large', `The file is larger than ${MAX_MB} MB.`, { file: `At most ${MAX_MB} MB` }));
        if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
          return reject(new AppError(400, 'validation_failed', 'Send one file, in the form field "file".', { file: 'One file, field "file"' }));
        }
        return reject(new AppError(400, 'bad_upload', `The upload is not valid (${err.message}).`));
      }
      if (err) return reject(err instanceof Error && 'status' in err ? err : new AppError(400, 'bad_upload', 'The upload could not be read. Please try again.'));
      if (!req.file) return reject(new AppError(400, 'validation_failed', 'Choose a file to upload (multipart form field "file").', { file: 'Choose a file' }));
      resolve(req.file);
    });
  });
}

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a stored document as a download that no cache keeps (its owner's, or a staff member's opening). */
export function sendDocument(res: Response, document: { type: string; size: number; fileName: string; data: Buffer }): void {
  res.setHeader('Content-Type', document.type);
  res.setHeader('Content-Length', String(document.size));
  res.setHeader('Content-Disposition', contentDisposition(document.fileName));
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(document.data);
}

/**
 * POST /membership/documents (login required): a passport or supporting document, PDF, JPEG or PNG by its
 * bytes, at most 5 MB, stored in PostgreSQL with its owner; answers `{ id, fileName, type, size }` for the
 * membership submission. GET /membership/documents/:id gives the file back to its owner only.
 */
export function createDocumentsRouter(deps: PaymentsDeps, services: PaymentsServices, rateLimit: RequestHandler): Router {
  const { pool, logger } = deps;
  const router = Router();

  router.post('/membership/documents', rateLimit, async (req, res) => {
    // Who it is first, so nobody streams 5 MB to be told to log in.
    const user = await requireUser(services.sessions, req.headers.authorization);
    const file = await receiveFile(req, res);
    const stored = await storeMemberDocument({ pool, logger }, user.id, { originalName: file.originalname, bytes: file.buffer });
    const answer: DocumentRef & { type: string; size: number } = stored;
    res.status(201).json(answer);
  });

  router.get('/membership/documents/:id', async (req, res) => {
    const user = await requireUser(services.sessions, req.headers.authorization);
    sendDocument(res, await readMemberDocument({ pool }, user.id, req.params.id));
  });

  return router;
}
