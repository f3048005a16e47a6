import { extname } from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import { COVER_CONTENT_TYPES, COVER_MAX_BYTES, COVER_NOT_AN_IMAGE_MESSAGE, COVER_TOO_BIG_MESSAGE } from '@tca/contracts';
import { AppError, ValidationError } from '@tca/service-kit';
import { SOURCE_TYPES } from '../../domain/image-variants.js';

/**
 * What the staff content routes (posts, gallery, …) share: query validation and picture uploads
 * (multipart/form-data, one file in a named field, at most COVER_MAX_BYTES: 413 above; 415 not a picture).
 */

/** A query string checked with a contracts schema (moved to service-kit for payments' staff API too). */
export { parseQuery } from '@tca/service-kit';

const uploaders = new Map<string, ReturnType<multer.Multer['single']>>();

/** The multer middleware for one picture in `field`, held in memory. */
function uploaderFor(field: string): ReturnType<multer.Multer['single']> {
  let uploader = uploaders.get(field);
  if (!uploader) {
    uploader = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: COVER_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
      defParamCharset: 'utf8',
    }).single(field);
    uploaders.set(field, uploader);
  }
  return uploader;
}

/** Receives the one picture of the request in `field`; `missingMessage` when there is none (400). */
export function receivePicture(req: Request, res: Response, field: string, missingMessage: string): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    uploaderFor(field)(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new AppError(413, 'file_too_large', COVER_TOO_BIG_MESSAGE, { [field]: COVER_TOO_BIG_MESSAGE }));
        if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') return reject(new ValidationError({ [field]: missingMessage }, missingMessage));
        return reject(new AppError(400, 'bad_upload', `The upload is not valid (${err.message}).`));
      }
      if (err) return reject(err instanceof Error && 'status' in err ? err : new AppError(400, 'bad_upload', 'The upload could not be read. Please try again.'));
      if (!req.file) return reject(new ValidationError({ [field]: missingMessage }, missingMessage));
      resolve(req.file);
    });
  });
}

/**
 * The name processImage reads the picture's kind from: the file's own extension when supported, else one
 * from its content type (`<field><ext>`). A file that is neither a JPEG, PNG, WebP nor SVG: 415.
 */
export function pictureName(file: Express.Multer.File, field: string): string {
  let name: string | undefined;
  if (SOURCE_TYPES[extname(file.originalname).toLowerCase()]) name = file.originalname;
  else {
    const byType = Object.entries(SOURCE_TYPES).find(([, type]) => type === file.mimetype);
    if (byType) name = `${field}${byType[0]}`;
  }
  if (!name || !(COVER_CONTENT_TYPES as readonly string[]).includes(SOURCE_TYPES[extname(name).toLowerCase()] ?? '')) {
    throw new AppError(415, 'unsupported_media_type', COVER_NOT_AN_IMAGE_MESSAGE, { [field]: COVER_NOT_AN_IMAGE_MESSAGE });
  }
  return name;
}
