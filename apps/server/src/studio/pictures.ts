// A picture an editor uploaded (a preview, a cover, a slide, the about page's poster), made into
// the site's sizes for the studio's calls.
import { studioLimits } from '@efir/contract';
import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { PictureError, type PictureSize, savePicture } from '../media/pictures.ts';
import { callerOf } from './access.ts';
import type { StudioContext } from './context.ts';

/** Saves a picture from an upload of the caller's and answers its links; the upload is used up.
 * A file that is no picture is a 400 in the editor's words; what ffmpeg said goes to the log. */
export async function pictureFromUpload(
  context: StudioContext,
  request: FastifyRequest,
  upload: string,
  sizes: readonly PictureSize[],
): Promise<string[]> {
  const { file } = await context.uploads.take(upload, callerOf(request).user.id, studioLimits.imageMaxBytes);
  try {
    return await savePicture(context.tools, context.mediaDir, file, sizes);
  } catch (error) {
    if (!(error instanceof PictureError)) throw error;
    if (error.cause !== undefined) request.log.warn({ err: error.cause }, 'an uploaded picture was refused');
    throw new HttpError(400, error.message);
  } finally {
    await rm(file, { force: true });
  }
}
